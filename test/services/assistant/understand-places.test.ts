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

  it('reads a crossing from the name of its town in a language the directory has no name in (Hungarian Csapnál is Chop)', async () => {
    const ask = (q: string) => understand(q, { directory: bundled.directory, now: new Date(FIXED_NOW) });
    const idOf = (name: string) => bundled.directory.search(name)[0]!.location_id;
    for (const [q, crossing] of [['Mennyi a sor Csapnál?', 'Chop'], ['Mennyi a sor Ungváron?', 'Uzhhorod'], ['Milyen hosszú a sor Tiszaújlaknál?', 'Vylok']] as const) {
      const u = await ask(q);
      assert.equal(u.intent, 'queue_now', q);
      assert.equal(u.entities.checkpoint?.location_id, idOf(crossing), `${q}: ${JSON.stringify(u.entities.checkpoint)}`);
    }
    assert.equal((await ask('Mennyi a sor?')).entities.checkpoint, null, 'no town, no crossing');
  });

  it('reads a Polish town name in -ce or -ice in its genitive (z Czerniowiec, z Katowic), and a crossing named as written is kept', async () => {
    assert.deepEqual([(await place('Najszybsze przejście z Czerniowiec'))?.name, (await place('Najszybsze przejście z Czerniowiec'))?.country], ['Chernivtsi', 'UA']);
    assert.equal((await place('Najszybsze przejście z Katowic do Ukrainy'))?.name, 'Katowice');
    const u = await understand('Jaka kolejka w Krakowiec?', { directory: bundled.directory, now: new Date(FIXED_NOW) });
    assert.equal(u.entities.checkpoint?.location_id, bundled.directory.search('Krakovets')[0]!.location_id, 'Krakowiec is the crossing, not a town in -ce');
  });

  it('reads a town a crossing is named after, "from" it in a question of which crossing is fastest, as where the trip starts', async () => {
    const ask = (q: string) => understand(q, { directory: bundled.directory, now: new Date(FIXED_NOW) });
    const uzhhorod = bundled.directory.search('Uzhhorod')[0]!.location_id;
    for (const q of ['Which crossing is fastest from Uzhhorod?', 'Które przejście jest najszybsze z Użhorodu?', 'Який пункт найшвидший з Ужгорода?',
      'Який пункт найшвидший від Ужгорода?', 'Какой пункт самый быстрый из Ужгорода?', 'driving time from Uzhhorod']) {
      const u = await ask(q);
      assert.equal(u.intent, 'travel_time', q);
      assert.equal(u.entities.checkpoint, null, q);
      assert.equal(u.entities.place?.country, 'UA', q);
      assert.ok(Math.abs(u.entities.place!.lat - 48.62) < 0.1 && Math.abs(u.entities.place!.lon - 22.3) < 0.1, `${q}: ${JSON.stringify(u.entities.place)}`);
    }
    // Elsewhere the name is the crossing's: at it, or asked of its queue.
    for (const q of ['queue at Uzhhorod', 'how long is the queue from Uzhhorod', 'alternatives to Uzhhorod']) {
      const u = await ask(q);
      assert.equal(u.entities.checkpoint?.location_id, uzhhorod, q);
      assert.equal(u.entities.place, null, q);
    }
  });

  it('reads a Cyrillic name as written before romanising it (`Мюнхен` romanised is no name GeoNames lists)', async () => {
    assert.equal((await place('найшвидший перехід з Мюнхена'))?.name, 'Munich');
    assert.equal((await place('какой переход быстрее из Минска в Польшу'))?.name, 'Minsk');
  });

  it('reads Russian `переход` as a crossing, never a misspelt `пешеход` (pedestrians), and its other words as written', async () => {
    const ask = (q: string) => understand(q, { directory: bundled.directory, now: new Date(FIXED_NOW) });
    for (const q of ['Какой самый быстрый переход из Ужгорода?', 'Какой переход в Польшу самый быстрый для легковых завтра в 6?']) {
      const u = await ask(q);
      assert.notEqual(u.entities.vehicle, 7, q);
      assert.ok(['travel_time', 'best_crossing'].includes(u.intent), `${q}: ${u.intent}`);
    }
    assert.equal((await ask('Какой переход в Польшу самый быстрый для легковых завтра в 6?')).entities.vehicle, 4);
    assert.equal((await ask('Сколько ждать пешеходам в Шегинях?')).entities.vehicle, 7, 'pedestrians as written');
    // Ukrainian: пішохід, and its other forms with о (пішоходів), are pedestrians; перехід is a crossing.
    assert.equal((await ask('Черга для пішоходів на Шегинях')).entities.vehicle, 7);
    assert.notEqual((await ask('Який перехід найшвидший до Польщі?')).entities.vehicle, 7);
    assert.equal((await ask('Van kamiontilalom Magyarországon szombaton?')).intent, 'truck_bans');
    assert.equal((await ask('Kiedy najkrócej się czeka w Korczowej?')).intent, 'best_time');
  });
});
