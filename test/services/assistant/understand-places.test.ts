/** The assistant finds the town a question names in any of its names (GeoNames' alternate names through the gazetteer). */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { understand } from '../../../services/assistant/understand.js';
import { bundledDirectory } from '../../helpers/assistant-eval.js';
import { FIXED_NOW } from '../../helpers/constants.js';

describe('assistant: towns by any name', () => {
  const bundled = bundledDirectory();
  after(() => bundled.close());
  const place = async (q: string) => (await understand(q, { directory: bundled.directory, now: new Date(FIXED_NOW) })).entities.place;

  it('reads an exonym or a name in another language as the town', async () => {
    for (const q of ['fuel near Lemberg', 'which crossing to Poland is fastest for trucks from Lemberg', 'fastest crossing from Leopoli to Poland',
      'schnellster Grenzübergang von Lemberg nach Polen']) {
      const found = await place(q);
      assert.deepEqual([found?.name, found?.country], ['Lviv', 'UA'], q);
    }
    assert.equal((await place('який пункт найшвидший з Києва до Польщі'))?.name, 'Kyiv');
  });

  it('reads a Cyrillic name as written before romanising it (`Мюнхен` romanised is no name GeoNames lists)', async () => {
    assert.equal((await place('найшвидший перехід з Мюнхена'))?.name, 'Munich');
    assert.equal((await place('какой переход быстрее из Минска в Польшу'))?.name, 'Minsk');
  });
});
