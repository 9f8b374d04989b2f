import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MIMIT_GRADES, parseMimitPrices, parseMimitStations } from '../../../../data/importers/places/mimit.js';
import type { PlaceParser } from '../../../../data/importers/places/parsed.js';
import { FUEL_GRADES } from '../../../../models/places.js';
import { fixture } from '../../../helpers/fixtures.js';

[parseMimitStations, parseMimitPrices] satisfies PlaceParser[];

const at = { at: new Date('2026-08-21T08:00:00Z') };
const STATIONS = 'places/mimit/anagrafica_impianti_attivi_excerpt.csv';
const PRICES = 'places/mimit/prezzo_alle_8_excerpt.csv';

describe('MIMIT stations (anagrafica_impianti_attivi)', () => {
  it('reads every station past the `Estrazione del` line, keeping those without coordinates', () => {
    const places = parseMimitStations(fixture(STATIONS), 'anagrafica.csv', at);
    assert.equal(places.source, 'mimit');
    assert.equal(places.rowsRead, 18);
    assert.deepEqual(places.rejected, []);
    assert.equal(places.stations.length, 18);
    // Line 4: a tab inside the name, double spaces and a trailing space in the address.
    assert.deepEqual(places.stations.find((s) => s.line === 4), {
      line: 4,
      record: {
        source_id: '63381', name: '19834 MONTALLEGRO', brand: 'Agip Eni', address: 'SS.115 KM.158+302 S.N.', city: 'AGRIGENTO', country_code: 'IT',
        lat: 37.38895, lon: 13.351206, services: [],
      },
    });
    // Line 15: a motorway station.
    assert.deepEqual(places.stations.find((s) => s.line === 15)?.record, {
      source_id: '3464', name: 'PO EST', brand: 'Api-Ip', address: 'Autostrada A13 BOLOGNA-PADOVA, Km. 43+400, dir. Nord - 44100', city: 'FERRARA',
      country_code: 'IT', lat: 44.88011856623546, lon: 11.570832944774565, services: ['motorway'],
    });
    // Lines 14, 16, 18: empty coordinates (and no name): kept, lat/lon null.
    for (const line of [14, 16, 18]) {
      const s = places.stations.find((r) => r.line === line)!.record;
      assert.deepEqual([s.lat, s.lon, s.name], [null, null, null], `line ${line}`);
    }
    assert.equal(places.stations.find((s) => s.line === 14)?.record.source_id, '60502');
  });

  it('joins the ` | gestori.prezzibenzina.it` tag back (11 and 12 fields), drops it from the name; Pompe Bianche is no brand', () => {
    const places = parseMimitStations(fixture(STATIONS), 'anagrafica.csv', at);
    const byId = new Map(places.stations.map((s) => [s.record.source_id, s.record]));
    assert.deepEqual(byId.get('40820'), {
      source_id: '40820', name: 'STOIL SIMPLE', brand: null, address: 'STR. PROV.LE 82 SPINETTA SALE 15122', city: 'ALESSANDRIA', country_code: 'IT',
      lat: 44.91704718250436, lon: 8.70067298412323, services: [],
    });
    // 12 fields: the tag follows the operator (Gestore) and the name.
    assert.deepEqual([byId.get('54386')?.name, byId.get('54386')?.brand, byId.get('54386')?.city], ['PRADELLI - MONTEOMBRARO', null, 'ZOCCA']);
    assert.deepEqual([byId.get('63640')?.name, byId.get('63640')?.brand, byId.get('63640')?.address], ['SMAF 1046 - GASPARRI', 'Smaf', 'Via Ottavio Gasparri 24 00151']);
    // A quote inside a cell is text (the file is not quoted).
    assert.equal(byId.get('46593')?.brand, 'Q8');
  });

  it('rejects rows it cannot use: bad id, repeated id, a present but impossible position, wrong field count', () => {
    // Constructed rows after the real excerpt (lines 21 on).
    const text = `${fixture(STATIONS).trimEnd()}
abc|X|Q8|Stradale|N|A|C|P|45.1|9.1
59183|X|Q8|Stradale|N|A|C|P|45.1|9.1
70001|X|Q8|Stradale|N|A|C|P|abc|9.1
70002|X|Q8|Stradale|N|A|C|P|45.1|
70003|X|Q8|Stradale|N|A|C|P|95.1|9.1
70004|X|Q8|Stradale|N|A|C|45.1|9.1
70005|X|Q8|Autostradale|N|A|C|P|0|0
`;
    const places = parseMimitStations(text, 'anagrafica.csv', at);
    assert.equal(places.rowsRead, 25);
    assert.equal(places.stations.length, 18);
    assert.deepEqual(places.rejected.map((r) => [r.line, r.reason]), [
      [21, "idImpianto 'abc' is not a number"],
      [22, "idImpianto '59183' repeats line 3"],
      [23, "Latitudine 'abc', Longitudine '9.1' is not a position"],
      [24, "Latitudine '45.1', Longitudine '' is not a position"],
      [25, "Latitudine '95.1', Longitudine '9.1' is not a position"],
      [26, '9 fields where the header has 10'],
      [27, "Latitudine '0', Longitudine '0' is not a position"],
    ]);
  });

  it('reads a file without the `Estrazione del` line; rejects one without the needed columns', () => {
    const text = fixture(STATIONS).split('\n').slice(1).join('\n');
    const places = parseMimitStations(text, 'a.csv', at);
    assert.equal(places.stations.length, 18);
    assert.equal(places.stations[0]?.line, 2);
    const bad = parseMimitStations('Estrazione del 2026-08-21\nidImpianto|Gestore|Bandiera\n1|a|b\n', 'a.csv', at);
    assert.equal(bad.rejected.length, 1);
    assert.deepEqual(bad.rejected[0], { file: 'a.csv', line: 2, reason: 'header lacks column(s) Tipo Impianto, Nome Impianto, Indirizzo, Comune, Provincia, Latitudine, Longitudine' });
    assert.equal(bad.stations.length, 0);
  });
});

describe('MIMIT prices (prezzo_alle_8)', () => {
  it('reads prices in EUR with self-service, the grade and the local name; dtComu (Rome time) in UTC', () => {
    const places = parseMimitPrices(fixture(PRICES), 'prezzo.csv', at);
    assert.equal(places.source, 'mimit');
    assert.equal(places.rowsRead, 37);
    assert.equal(places.prices.length, 31);
    // Line 3: `3464|Benzina|2.479|0|20/08/2026 20:30:14` (summer time, UTC+2).
    assert.deepEqual(places.prices[0], {
      line: 3,
      record: { station_id: '3464', grade: 'e5', local_name: 'Benzina', price: 2.479, currency: 'EUR', reported_at: '2026-08-20T18:30:14.000Z', self_service: false },
    });
    assert.deepEqual(places.prices.find((p) => p.line === 4)?.record.self_service, true);
    const byLine = new Map(places.prices.map((p) => [p.line, p.record]));
    assert.deepEqual(
      [...byLine].filter(([line]) => line >= 5 && line <= 21).map(([, r]) => `${r.local_name} -> ${r.grade}`),
      [
        'Gasolio -> diesel', 'Gasolio -> diesel', 'Metano -> cng', 'GPL -> lpg', 'HVOlution -> hvo',
        'Benzina -> e5', 'Benzina -> e5', 'Gasolio -> diesel', 'Gasolio -> diesel', 'GPL -> lpg', 'Benzina speciale -> e5_premium', 'Gasolio speciale -> diesel_premium',
        'L-GNC -> cng', 'L-GNC -> cng', 'GNL -> lng', 'GNL -> lng', 'HVO -> hvo',
      ],
    );
    assert.deepEqual(
      [31, 33, 25, 26].map((line) => `${byLine.get(line)?.local_name} -> ${byLine.get(line)?.grade}`),
      ['Gasolio Alpino -> diesel', 'Blu Diesel Alpino -> diesel_premium', 'Hi-Q Diesel -> diesel_premium', 'Gasolio artico -> diesel'],
    );
  });

  it('converts Rome wall-clock time across the change to summer time (29 March 2026) and old reports', () => {
    const places = parseMimitPrices(fixture(PRICES), 'prezzo.csv', at);
    const reported = (line: number) => places.prices.find((p) => p.line === line)?.record.reported_at;
    assert.equal(reported(30), '2026-03-28T00:41:02.000Z', '28/03/2026 01:41:02, still winter time (UTC+1)');
    assert.equal(reported(35), '2026-03-30T14:23:03.000Z', '30/03/2026 16:23:03, summer time (UTC+2)');
    assert.equal(reported(31), '2026-03-31T21:36:31.000Z', '31/03/2026 23:36:31 is the 31st in UTC too');
    assert.equal(reported(16), '2024-10-21T05:26:37.000Z', 'a price last reported in 2024 keeps its time');
    assert.equal(reported(25), '2013-12-27T05:35:56.000Z', 'and one from 2013 (winter)');
  });

  it('is exact on the days the clocks change, including the skipped and the repeated hour', () => {
    const header = 'idImpianto|descCarburante|prezzo|isSelf|dtComu';
    // The first two rows are real reports of 29 March 2026 (from the same extraction series, diesel_price_changes_UD_GO_TS_BZ.csv);
    // the others are constructed at the edges: 02:30 does not exist on 29 March, 02:30 happens twice on 25 October.
    const rows = [
      ['62173|Gasolio|2.009|1|29/03/2026 00:14:03', '2026-03-28T23:14:03.000Z'],
      ['46748|Gasolio|2.128|1|29/03/2026 06:08:08', '2026-03-29T04:08:08.000Z'],
      ['1|Gasolio|2.0|1|29/03/2026 01:59:59', '2026-03-29T00:59:59.000Z'],
      ['1|Gasolio|2.0|1|29/03/2026 02:30:00', '2026-03-29T01:30:00.000Z'],
      ['1|Gasolio|2.0|1|29/03/2026 03:00:00', '2026-03-29T01:00:00.000Z'],
      ['1|Gasolio|2.0|1|25/10/2026 01:59:59', '2026-10-24T23:59:59.000Z'],
      ['1|Gasolio|2.0|1|25/10/2026 02:30:00', '2026-10-25T01:30:00.000Z'],
      ['1|Gasolio|2.0|1|25/10/2026 03:00:00', '2026-10-25T02:00:00.000Z'],
      ['1|Gasolio|2.0|1|31/12/2026 23:59:59', '2026-12-31T22:59:59.000Z'],
    ];
    const places = parseMimitPrices([header, ...rows.map(([row]) => row)].join('\n'), 'p.csv', at);
    assert.deepEqual(places.rejected, []);
    assert.deepEqual(places.prices.map((p) => p.record.reported_at), rows.map(([, utc]) => utc));
  });

  it('rejects unmappable names, placeholder prices and bad cells, naming the value', () => {
    const places = parseMimitPrices(fixture(PRICES), 'prezzo.csv', at);
    assert.deepEqual(places.rejected, [
      { file: 'prezzo.csv', line: 24, reason: "descCarburante 'F101' has no grade" },
      { file: 'prezzo.csv', line: 27, reason: "descCarburante 'F-101' has no grade" },
      { file: 'prezzo.csv', line: 28, reason: "prezzo '0.100' is not a plausible EUR price (0.2 to 20)" },
      { file: 'prezzo.csv', line: 29, reason: "prezzo '0.100' is not a plausible EUR price (0.2 to 20)" },
      { file: 'prezzo.csv', line: 36, reason: "prezzo '0.113' is not a plausible EUR price (0.2 to 20)" },
      { file: 'prezzo.csv', line: 37, reason: "prezzo '0.123' is not a plausible EUR price (0.2 to 20)" },
    ]);
    // 8.888 (lines 38-39) looks like a placeholder but is within the limits: kept, as reported.
    assert.equal(places.prices.find((p) => p.line === 38)?.record.price, 8.888);

    // Constructed rows after the real excerpt (lines 40 on).
    const text = `${fixture(PRICES).trimEnd()}
3464|Gasolio||1|20/08/2026 20:30:13
3464|Gasolio|-2.1|1|20/08/2026 20:30:13
3464|Gasolio|0|1|20/08/2026 20:30:13
3464|Gasolio|20.5|1|20/08/2026 20:30:13
3464|Gasolio|2,199|1|20/08/2026 20:30:13
3464|Gasolio|2.199|2|20/08/2026 20:30:13
3464|Gasolio|2.199|1|31/02/2026 20:30:13
3464|Gasolio|2.199|1|2026-08-20 20:30:13
3464|Gasolio|2.199|1|
|Gasolio|2.199|1|20/08/2026 20:30:13
3464|Gasolio|2.199|1
3464|Superbenzina|2.199|1|20/08/2026 20:30:13
`;
    const more = parseMimitPrices(text, 'prezzo.csv', at);
    assert.equal(more.rowsRead, 49);
    assert.deepEqual(more.rejected.slice(6).map((r) => [r.line, r.reason]), [
      [40, 'prezzo is empty'],
      [41, "prezzo '-2.1' is not a plausible EUR price (0.2 to 20)"],
      [42, "prezzo '0' is not a plausible EUR price (0.2 to 20)"],
      [43, "prezzo '20.5' is not a plausible EUR price (0.2 to 20)"],
      [44, "prezzo '2,199' is not a number"],
      [45, "isSelf '2' is not 1 or 0"],
      [46, "dtComu '31/02/2026 20:30:13' is not a dd/mm/YYYY HH:MM:SS time"],
      [47, "dtComu '2026-08-20 20:30:13' is not a dd/mm/YYYY HH:MM:SS time"],
      [48, "dtComu '' is not a dd/mm/YYYY HH:MM:SS time"],
      [49, "idImpianto '' is not a number"],
      [50, '4 fields where the header has 5'],
      [51, "descCarburante 'Superbenzina' has no grade"],
    ]);
    assert.equal(more.prices.length, 31);
  });

  it('maps only to known grades', () => {
    for (const grade of MIMIT_GRADES.values()) assert.ok((FUEL_GRADES as readonly string[]).includes(grade), grade);
    assert.equal(MIMIT_GRADES.get('gasolio'), 'diesel');
    assert.equal(MIMIT_GRADES.get('f101'), undefined);
  });
});
