/**
 * Words of the day and hour are read in the languages a question is written in: one language's time word that
 * is a common word of another (Hungarian `este`, "evening", is Romanian "is") never makes a question of the
 * other language one about that time; in its own language, or beside that language's other words, it still does.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { understand } from '../../../services/assistant/understand.js';
import { bundledDirectory } from '../../helpers/assistant-eval.js';
import { FIXED_NOW } from '../../helpers/constants.js';

describe('assistant: time words of another language', () => {
  const bundled = bundledDirectory();
  after(() => bundled.close());
  const ask = (q: string) => understand(q, { directory: bundled.directory, now: new Date(FIXED_NOW) });

  it('reads Romanian `este` as "is", not as Hungarian "evening"', async () => {
    for (const q of ['Cum este coada la Medyka pentru camioane?', 'Care este coada la Medyka acum?', 'Cat este coada la Siret?']) {
      const u = await ask(q);
      assert.equal(u.detectedLang, 'ro', q);
      assert.equal(u.intent, 'queue_now', `${q}: ${u.intent}`);
      assert.equal(u.entities.when?.part ?? null, null, `${q}: ${JSON.stringify(u.entities.when)}`);
    }
  });

  it('still reads `este` in Hungarian, and a time word of a language the question mixes in', async () => {
    const hu = await ask('sor Záhonyban ma este');
    assert.equal(hu.entities.when?.part, 'evening');
    // A Polish word of the subject (`kolejka`) in a question in Cyrillic: its Polish day is read too (drivers mix the two).
    const mixed = await ask('kolejka на Шегинях jutro');
    assert.equal(mixed.entities.when?.date, '2026-11-23', JSON.stringify(mixed.entities.when));
  });
});
