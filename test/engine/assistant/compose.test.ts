/**
 * Writing a template: a value that ends in a point (Intl's `22 nov.`, `15 Min.`) is never followed by the
 * template's own point, nor by the one a sentence ends with.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Composer } from '../../../engine/assistant/compose.js';
import type { Templates } from '../../../models/assistant.js';

const templates = { text: { bans_none: '{country}: no ban between {from} and {to}.', alt_line: '{name}: wait {wait}, extra driving {drive}' } } as unknown as Templates;

it('writes one point after a value that ends in one', () => {
  const c = new Composer('ro', templates);
  assert.equal(c.fill('bans_none', { country: 'Lituania', from: 'dum., 22 nov.', to: 'sâm., 28 nov.' }), 'Lituania: no ban between dum., 22 nov. and sâm., 28 nov.');
  assert.equal(c.fill('bans_none', { country: 'Lituania', from: 'a', to: 'b' }), 'Lituania: no ban between a and b.');
  // A placeholder without a value stays as it is written.
  assert.equal(c.fill('bans_none', { country: 'X' }), 'X: no ban between {from} and {to}.');
});

it('ends a sentence built after a value that ends in a point with that point alone', () => {
  const c = new Composer('de', templates);
  const line = c.fill('alt_line', { name: 'Krakovets', wait: '97 Std.', drive: `${c.minutes('drive', 15, 0)}` });
  assert.equal(c.sentence(`${line}.`), 'Krakovets: wait 97 Std., extra driving 15 Min.');
  assert.equal(c.figures[0]!.text, '15 Min.');
});
