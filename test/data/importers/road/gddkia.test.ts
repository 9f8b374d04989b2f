import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GDDKIA_CODES, GDDKIA_TYPES, parseGddkia } from '../../../../data/importers/road/gddkia.js';
import type { RoadReportParser } from '../../../../data/importers/road/parsed.js';
import { fixture } from '../../../helpers/fixtures.js';

parseGddkia satisfies RoadReportParser;

const at = { at: new Date('2016-02-25T20:00:00Z') };
const FEED = 'road/gddkia/utrdane_2016-02-25.xml';

describe('GDDKiA road impediments (utrdane.xml)', () => {
  it('maps the real sample exactly: codes, limits, flags, times with their offsets, the Polish text', () => {
    const parsed = parseGddkia(fixture(FEED), 'utrdane.xml', at);
    assert.equal(parsed.source, 'gddkia');
    assert.equal(parsed.rowsRead, 3);
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.reports, [
      {
        line: 3,
        record: {
          source_id: 'A4|333.832|2015-10-19T11:00:00.000Z',
          // U42 is "other impediment": other; the width limit makes it moderate.
          condition_type: 'other',
          severity: 'moderate',
          description: [
            'Katowice, km 333.832 (2.220 km), woj. śląskie',
            'Inne utrudnienie (U42)',
            'Wymiana i konserwacja ekranów akustycznych wzdłuż autostrady A4 na odcinku od km 333+832 do km 336+052 (od węzła "Bocheńskiego" do Batory , kier Wroclaw) . Generalna Dyrekcja Dróg Krajowych i Autostrad Oddział w Katowicach informuje o dużym prawdopodobieństwie wystąpienia utrudnień w ruchu, zarówno w ciągu głównym autostrady, jak i na jezdniach zbiorczych. Etap III - Roboty zlokalizowane przy jezdni zbiorczej w kierunku Wrocławia. Na odcinku jezdni zbiorczej w rejonie planowanych robót wprowadzono ograniczenie prędkości kolejno do 70 km/h i 50 km/h.',
            'Ograniczenia: szerokość 3.5 m, prędkość 50 km/h',
            'Czas oczekiwania (kierunek O, 07:00-16:00): pn-pt 00:00, so 00:00, ni 00:00',
          ].join('\n'),
          lang: 'pl',
          road_name: 'A4',
          direction: null,
          country_code: 'PL',
          geometry: { type: 'Point', coordinates: [18.964565, 50.255891] },
          // +0200 (summer time) at the start, +0100 at the end.
          starts_at: '2015-10-19T11:00:00.000Z',
          expires_at: '2016-02-24T09:00:00.000Z',
          applies_to: null,
          truck_limits: { max_weight_t: null, max_axle_load_t: null, max_height_m: null, max_width_m: 3.5, max_length_m: null, speed_limit_kmh: 50 },
        },
      },
      {
        line: 44,
        record: {
          source_id: 'A4|346.000|2016-02-19T19:00:00.000Z',
          // U33 roadworks with no limit and no flag: low. The waits are all 00:00: not written.
          condition_type: 'roadwork',
          severity: 'low',
          description: 'Katowice - Kraków, km 346.000 (0.800 km), woj. śląskie\nRoboty drogowe (U33)',
          lang: 'pl',
          road_name: 'A4',
          direction: null,
          country_code: 'PL',
          geometry: { type: 'Point', coordinates: [19.120233, 50.218676] },
          starts_at: '2016-02-19T19:00:00.000Z',
          expires_at: '2016-02-29T23:00:00.000Z',
          applies_to: null,
          truck_limits: null,
        },
      },
      {
        line: 85,
        record: {
          source_id: '1|381.099|2015-06-29T05:00:00.000Z',
          condition_type: 'roadwork',
          severity: 'moderate',
          description: [
            'Głuchów - Tuszyn, km 381.099 (1.234 km), woj. łódzkie',
            'Roboty drogowe (U33)',
            'Budowa węzła Tuszyn w ciągu budowanej dr A-1. Utrudnienia dotycza skrzyżowania dr nr 1 od km 382+333-385+027 i dr nr 91c od km 0+000-1+045',
            'Sygnalizacja świetlna, Ruch dwukierunkowy',
            'Ograniczenia: szerokość 3.5 m, prędkość 50 km/h',
          ].join('\n'),
          lang: 'pl',
          // A bare road number is a national road.
          road_name: 'DK1',
          direction: null,
          country_code: 'PL',
          geometry: { type: 'Point', coordinates: [19.594314, 51.557778] },
          starts_at: '2015-06-29T05:00:00.000Z',
          // `DoTodwołania:00+0200`: until further notice.
          expires_at: null,
          applies_to: null,
          truck_limits: { max_weight_t: null, max_axle_load_t: null, max_height_m: null, max_width_m: 3.5, max_length_m: null, speed_limit_kmh: 50 },
        },
      },
    ]);
  });

  // The cases below change cells of the real sample (marked), to exercise what the three records do not hold.
  const sample = fixture(FEED);

  it('maps a closed road to a critical closure, an accident (typ W) to a major accident, every truck limit', () => {
    const closed = sample
      .replace('<droga_zamknieta>false</droga_zamknieta>', '<droga_zamknieta>true</droga_zamknieta>')
      .replace('<ogr_nosnosc/>', '<ogr_nosnosc>30</ogr_nosnosc>')
      .replace('<ogr_nacisk/>', '<ogr_nacisk>11,5</ogr_nacisk>')
      .replace('<ogr_skrajnia_pozioma/>', '<ogr_skrajnia_pozioma>3.2</ogr_skrajnia_pozioma>')
      .replace('<ogr_skrajnia_pionowa/>', '<ogr_skrajnia_pionowa>4.2</ogr_skrajnia_pionowa>');
    const first = parseGddkia(closed, 'utrdane.xml', at).reports[0]!.record;
    assert.deepEqual([first.condition_type, first.severity], ['closure', 'critical']);
    // Horizontal clearance 3.2 m and width 3.5 m: the smaller is the width limit.
    assert.deepEqual(first.truck_limits, { max_weight_t: 30, max_axle_load_t: 11.5, max_height_m: 4.2, max_width_m: 3.2, max_length_m: null, speed_limit_kmh: 50 });
    assert.match(first.description, /\nDroga zamknięta\nOgraniczenia: nośność 30 t, nacisk osi 11\.5 t, skrajnia pionowa 4\.2 m, skrajnia pozioma 3\.2 m, szerokość 3\.5 m, prędkość 50 km\/h\n/);

    const accident = parseGddkia(sample.replace('<typ>U</typ>', '<typ>W</typ>'), 'utrdane.xml', at).reports[0]!.record;
    assert.deepEqual([accident.condition_type, accident.severity], ['accident', 'major']);
    assert.match(accident.description, /\nwypadek \(typ W\), Inne utrudnienie \(U42\)\n/);
  });

  it('keeps an unknown code raw and maps it to other; alternating traffic is moderate', () => {
    const text = sample.replace('<poz>U33</poz>', '<poz>X99</poz>').replace('<ruch_wahadlowy>false</ruch_wahadlowy>\n        <sygnalizacja_swietlna>false</sygnalizacja_swietlna>\n        <awaria_mostu>false</awaria_mostu>\n        <ruch_2_kierunkowy>false</ruch_2_kierunkowy>\n        <droga_zamknieta>false</droga_zamknieta>\n        <czasy_oczekiwania>\n            <czas_oczekiwania>\n                <kierunek>O</kierunek>\n                <czas_od>00:00</czas_od>', '<ruch_wahadlowy>true</ruch_wahadlowy>\n        <sygnalizacja_swietlna>false</sygnalizacja_swietlna>\n        <awaria_mostu>false</awaria_mostu>\n        <ruch_2_kierunkowy>false</ruch_2_kierunkowy>\n        <droga_zamknieta>false</droga_zamknieta>\n        <czasy_oczekiwania>\n            <czas_oczekiwania>\n                <kierunek>O</kierunek>\n                <czas_od>00:00</czas_od>');
    const second = parseGddkia(text, 'utrdane.xml', at).reports[1]!.record;
    assert.deepEqual([second.condition_type, second.severity, second.description], ['other', 'moderate', 'Katowice - Kraków, km 346.000 (0.800 km), woj. śląskie\nrodzaj X99\nRuch wahadłowy']);
  });

  it('reads a time without an offset as Europe/Warsaw wall-clock time (CET in February, CEST in October)', () => {
    const text = sample.replace('2016-02-19T20:00:00+0100', '2016-02-19T20:00:00').replace('2015-10-19T13:00:00+0200', '2015-10-19T13:00:00');
    const [first, second] = parseGddkia(text, 'utrdane.xml', at).reports;
    assert.equal(first!.record.starts_at, '2015-10-19T11:00:00.000Z');
    assert.equal(second!.record.starts_at, '2016-02-19T19:00:00.000Z');
  });

  it('rejects a record it cannot use, naming every bad value, and keeps the others', () => {
    const text = sample
      .replace('<geo_lat>50.218676</geo_lat>', '<geo_lat>5O.218676</geo_lat>')
      .replace('<data_likwidacji>2016-03-01T00:00:00+0100</data_likwidacji>', '<data_likwidacji>2016-02-30T00:00:00+0100</data_likwidacji>')
      .replace('<ogr_szerokosc>3.5</ogr_szerokosc>\n        <ogr_predkosc>50</ogr_predkosc>\n        <ruch_wahadlowy>false</ruch_wahadlowy>\n        <sygnalizacja_swietlna>true', '<ogr_szerokosc>-3.5</ogr_szerokosc>\n        <ogr_predkosc>50</ogr_predkosc>\n        <ruch_wahadlowy>tak</ruch_wahadlowy>\n        <sygnalizacja_swietlna>true');
    const parsed = parseGddkia(text, 'utrdane.xml', at);
    assert.equal(parsed.rowsRead, 3);
    assert.deepEqual(parsed.reports.map((r) => r.line), [3]);
    assert.deepEqual(parsed.rejected, [
      { file: 'utrdane.xml', line: 44, reason: "geo_lat '5O.218676', geo_long '19.120233' is not a position; data_likwidacji '2016-02-30T00:00:00+0100' is not a date-time" },
      { file: 'utrdane.xml', line: 85, reason: "ogr_szerokosc '-3.5' is not a positive number; ruch_wahadlowy 'tak' is not true or false" },
    ]);
  });

  it('throws on a file that is not the feed', () => {
    assert.throws(() => parseGddkia('<?xml version="1.0"?><d2LogicalModel/>', 'x.xml', at), /not a GDDKiA impediments feed/);
  });

  it('names the codes it maps, from the public readers of the feed', () => {
    assert.deepEqual(GDDKIA_TYPES, { U: 'utrudnienie', W: 'wypadek', K: 'katastrofa', I: 'inne' });
    assert.deepEqual(GDDKIA_CODES.U33, { name: 'Roboty drogowe', condition: 'roadwork' });
    assert.deepEqual(GDDKIA_CODES.U42, { name: 'Inne utrudnienie', condition: 'other' });
    assert.equal(GDDKIA_CODES.I12, undefined);
  });
});
