import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDirectoryRepo } from '../../../data/directory/directory-repo.js';
import { granicaCrossingId, granicaWaitMinutes, parseGranicaLive } from '../../../data/importers/granica-live.js';
import { parseGranica } from '../../../data/importers/granica.js';
import { importFeeds } from '../../../data/importers/run-import.js';
import { createResolver } from '../../../data/importers/resolve.js';
import { closeStore, openStore } from '../../../data/store.js';
import { tempDir } from '../../helpers/deps.js';
import { fixture } from '../../helpers/fixtures.js';
import { seededStore } from '../../helpers/store-templates.js';

// Both answers were captured on 2026-08-09 in the hour 15:00-15:59 Warsaw time (13:xxZ): README.md beside them.
const AT = new Date('2026-08-09T13:30:00Z');
const TS = AT.getTime() / 1000;
const dorohusk = () => fixture('pl-ua/granica-live/dorohusk_2026-08-09_15.xml');
const medyka = () => fixture('pl-ua/granica-live/medyka_2026-08-09_15.xml');
/** An answer with one field's text replaced. */
const withField = (xml: string, field: string, value: string) =>
  xml.replace(new RegExp(`(<${field} [^>]*>)[^<]*(</${field}>)`), (_, open: string, close: string) => `${open}${value}${close}`);
const medykaWith = (field: string, value: string) => withField(medyka(), field, value);

function storeWithDirectory(t: import('node:test').TestContext) {
  // A copy of a template this run wrote: no integrity check (~0.2 s), as test/helpers/deps.ts opens them.
  const db = openStore(seededStore(tempDir(t)), { integrityCheck: false });
  t.after(() => closeStore(db));
  return { db, resolve: createResolver(createDirectoryRepo(db)) };
}

const reading = (crossing: string, from: string, type: number, wait: number) =>
  ({ line: 1, reading: { crossing, from, crossing_type: type, ...(type === 9 ? { alt_type: 8 } : {}), ts: TS, queue: null, wait_min: wait, rate_per_h: null } });

describe('granica.gov.pl live answer', () => {
  it('reads the real answers: waits in hours to minutes, leaving Poland only, unknown values missing', () => {
    // Dorohusk: cars empty (no reading), trucks 10 h, buses 2 h, every wjazd '-'.
    const d = parseGranicaLive(dorohusk(), 'dorohusk.xml', AT);
    assert.deepEqual({ rowsRead: d.rowsRead, rejected: d.rejected, empty: d.empty, source: d.source }, { rowsRead: 1, rejected: [], empty: 0, source: 'granica' });
    assert.deepEqual(d.readings, [reading('dorohusk', 'PL', 9, 600), reading('dorohusk', 'PL', 6, 120)]);
    // Medyka: trucks 1 h, cars 2 h, buses 0.5 h.
    const m = parseGranicaLive(medyka(), 'medyka.xml', AT);
    assert.deepEqual(m.rejected, []);
    assert.deepEqual(m.readings, [reading('medyka', 'PL', 9, 60), reading('medyka', 'PL', 4, 120), reading('medyka', 'PL', 6, 30)]);
  });

  it('maps to the same crossings, directions and types as the logger CSV, and so to the same checkpoints', (t) => {
    const { db, resolve } = storeWithDirectory(t);
    // The logger's CSV row for the same Medyka values, with every direction and class filled.
    const header = fixture('pl-ua/granica_2026-07-01.csv').split('\n')[0];
    const csv = parseGranica(`${header}\n1,2026-08-09T13:30:00Z,medyka,Medyka,60,15,120,45,30,90,2026-08-09,15\n`, 'g.csv');
    const live = parseGranicaLive(withField(withField(medykaWith('czas_ciezarowe_wjazd', '0.25'), 'czas_osobowe_wjazd', '0:45'), 'czas_autokary_wjazd', '1,5'), 'm.xml', AT);
    assert.deepEqual(live.rejected, []);
    assert.deepEqual(live.readings.map((r) => r.reading), csv.readings.map((r) => r.reading), 'H:MM and a decimal comma read too');

    const summary = importFeeds(db, [parseGranicaLive(dorohusk(), 'd.xml', AT), parseGranicaLive(medyka(), 'm.xml', AT)], resolve);
    assert.deepEqual(summary.rejected, []);
    assert.equal(summary.imported, 5);
    const rows = db.prepare("SELECT ppid, wait_min FROM observations WHERE source = 'granica' AND ts = ? ORDER BY ppid").all(TS);
    // PL -> UA checkpoints: Medyka cars id_224, buses id_226, trucks id_229; Dorohusk buses id_526, trucks id_529.
    assert.deepEqual(rows, [
      { ppid: 'id_224', wait_min: 120 }, { ppid: 'id_226', wait_min: 30 }, { ppid: 'id_229', wait_min: 60 },
      { ppid: 'id_526', wait_min: 120 }, { ppid: 'id_529', wait_min: 600 },
    ]);
    assert.equal(importFeeds(db, [parseGranicaLive(medyka(), 'm.xml', AT)], resolve).imported, 0, 'idempotent');
  });

  it('rejects an unknown crossing, a crossing-less answer, a garbled wait and another hour, with a reason', (t) => {
    const { resolve } = storeWithDirectory(t);
    const atlantis = parseGranicaLive(medykaWith('jednostka', 'Atlantis'), 'a.xml', AT);
    assert.equal(atlantis.readings.length, 3);
    assert.deepEqual([...new Set(atlantis.readings.map((r) => JSON.stringify(resolve(r.reading))))], [JSON.stringify({ reject: "unknown crossing 'atlantis'" })]);
    // Polish spelling is the logger's id.
    const dolhobyczow = parseGranicaLive(medykaWith('jednostka', 'Dołhobyczów'), 'x.xml', AT);
    assert.equal(dolhobyczow.readings[0]!.reading.crossing, 'dolhobyczow');
    assert.ok('ppid' in resolve(dolhobyczow.readings[0]!.reading));

    const nameless = parseGranicaLive(medykaWith('jednostka', ''), 'n.xml', AT);
    assert.deepEqual(nameless.readings, []);
    assert.deepEqual(nameless.rejected, [{ file: 'n.xml', line: 1, reason: 'no jednostka (the service answers so for a crossing name it does not know)' }]);

    const garbled = parseGranicaLive(medykaWith('czas_osobowe_wyjazd', 'abc'), 'g.xml', AT);
    assert.deepEqual(garbled.readings, [], 'a garbled value rejects the answer whole');
    assert.deepEqual(garbled.rejected, [{ file: 'g.xml', line: 1, reason: "medyka: czas_osobowe_wyjazd 'abc' not a wait in hours" }]);
    assert.equal(parseGranicaLive(medykaWith('czas_osobowe_wyjazd', '-1'), 'g.xml', AT).rejected.length, 1, 'no negative wait');

    // The service answers for hours still to come: an answer for another hour than the fetch's is no reading.
    const future = parseGranicaLive(withField(medykaWith('data', '2026-08-10'), 'godzina', '12'), 'f.xml', AT);
    assert.deepEqual(future.readings, []);
    assert.match(future.rejected[0]!.reason, /^medyka: answer for '2026-08-10' hour '12', not the Warsaw hour it was fetched in \(2026-8-9 15\)$/);
    assert.equal(parseGranicaLive(medyka(), 'm.xml', new Date('2026-08-09T14:30:00Z')).rejected.length, 1, 'fetched an hour later');
    assert.equal(parseGranicaLive(medyka(), 'm.xml', new Date('2026-08-09T14:01:00Z')).rejected.length, 0, 'asked just before the hour turned');
    // The logger's unpadded echo (asked `7`, `1`) is the same hour.
    const unpadded = medykaWith('data', '2026-8-9');
    assert.equal(parseGranicaLive(unpadded, 'u.xml', AT).readings.length, 3);
  });

  it('throws on a body that is not the answer, and reads nothing from an answer that has changed', () => {
    for (const body of ['', 'blad', '{"data": []}', '<html><body>Service Unavailable</body></html>',
      '<?xml version="1.0"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><ns1:getCzasyWszystkoResponse xmlns:ns1="granicaServiceOriginal"></ns1:getCzasyWszystkoResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>',
      medyka().slice(0, 400)]) {
      assert.throws(() => parseGranicaLive(body, 'x.xml', AT), Error, JSON.stringify(body.slice(0, 40)));
    }
    const fault = '<?xml version="1.0"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><SOAP-ENV:Fault><faultcode>SOAP-ENV:Client</faultcode><faultstring>Procedure not present</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>';
    assert.throws(() => parseGranicaLive(fault, 'x.xml', AT), /SOAP Fault: Procedure not present/);

    // Fields renamed: the answer is rejected, no reading made up.
    const renamed = parseGranicaLive(medyka().replace(/czas_/g, 'wait_'), 'r.xml', AT);
    assert.deepEqual(renamed.readings, []);
    assert.match(renamed.rejected[0]!.reason, /none of the czas_\* fields/);
    // An element without fields (how the service answers a name it does not know).
    const bare = parseGranicaLive(medyka().replace(/<dane_out_wszystko [^>]*>.*<\/dane_out_wszystko>/, '<dane_out_wszystko xsi:type="ns1:przejscieWszystko"></dane_out_wszystko>'), 'b.xml', AT);
    assert.deepEqual([bare.readings, bare.rejected.map((r) => r.reason)], [[], ['no fields (the service answers so for a crossing name it does not know)']]);
    // Every value '-': an empty answer, counted, not zeros.
    const unknown = parseGranicaLive(medyka().replace(/(<czas_\w+ [^>]*>)[^<]*/g, (_, open: string) => `${open}-`), 'u.xml', AT);
    assert.deepEqual([unknown.readings, unknown.rejected, unknown.empty], [[], [], 1]);
  });

  it('reads waits and crossing names as the logger does', () => {
    assert.deepEqual(['0', '2', '0.5', '0,5', '1:30', '10', '-', '', ' ', undefined, 'x', '-1', '1:75'].map(granicaWaitMinutes),
      [0, 120, 30, 30, 90, 600, null, null, null, null, undefined, undefined, undefined]);
    assert.deepEqual(['Dorohusk', 'dorohusk', 'Dołhobyczów', 'Krościenko', 'Małhowice', 'HREBENNE'].map(granicaCrossingId),
      ['dorohusk', 'dorohusk', 'dolhobyczow', 'kroscienko', 'malhowice', 'hrebenne']);
  });
});
