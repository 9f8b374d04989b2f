import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { documentText } from '../../../../data/importers/places/document-text.js';
import { parseEuBulletinXlsx } from '../../../../data/importers/places/eu-bulletin-xlsx.js';
import { fixturePath } from '../../../helpers/fixtures.js';
import { BLOCKS, historyWorkbook, weeklySheet, workbook } from '../../../fixtures/places/eu-bulletin-xlsx/workbooks.js';

const HISTORY = 'places/eu-bulletin-xlsx/history_excerpt.xlsx';
const WEEKLY = 'places/eu-bulletin-xlsx/weekly_excerpt.xlsx';
const read = (name: string) => documentText(readFileSync(fixturePath(name)));
const parse = (text: string) => parseEuBulletinXlsx(text, 'wob.xlsx');
const records = (sheets: ReturnType<typeof parse>) => sheets.flatMap((s) => s.countryPrices.map((c) => c.record));
const key = (r: ReturnType<typeof records>[number]) => `${r.country_code} ${r.grade} ${r.date} ${r.with_taxes ? 'with' : 'wo'} ${r.currency}`;

describe('EU Weekly Oil Bulletin, history workbook (XLSX)', () => {
  it('reads both sheets: road fuels per country and week, in EUR and in the national currency at the row\'s rate', () => {
    const sheets = parse(read(HISTORY));
    assert.deepEqual(sheets.map((s) => [s.file, s.source, s.rowsRead, s.rejected.length]), [
      ['wob.xlsx [Prices with taxes]', 'eu-bulletin', 2, 0], ['wob.xlsx [Prices wo taxes]', 'eu-bulletin', 2, 0],
    ], 'two weeks a sheet: the header rows and the Notes footer are no weeks');
    const all = records(sheets);
    const find = (k: string) => all.filter((r) => key(r) === k);
    // Poland, 2024-06-17, Euro-super 95 with taxes: 1482.01 EUR per 1000 L, at 4.36 PLN per EUR.
    assert.deepEqual(find('PL e5 2024-06-17 with EUR'), [{ country_code: 'PL', grade: 'e5', local_name: 'Euro-super 95', date: '2024-06-17', with_taxes: true,
      price: 1.48201, currency: 'EUR', price_eur: 1.48201 }]);
    assert.deepEqual(find('PL e5 2024-06-17 with PLN').map((r) => [r.price, r.price_eur]), [[6.461564, 1.48201]]);
    // Sweden's petrol of that week: 18.12 SEK per litre (as the Swedish series of the same bulletin has it).
    assert.equal(Math.round(find('SE e5 2024-06-17 with SEK')[0]!.price * 100) / 100, 18.12);
    assert.deepEqual(find('PL diesel 2024-06-10 wo PLN').map((r) => r.price), [Math.round(0.83663 * 4.324 * 1e6) / 1e6]);
    // Croatia pays in euro since 2023 (its rate column reads 1), Austria always did: EUR only.
    assert.deepEqual([...new Set(all.filter((r) => ['HR', 'AT'].includes(r.country_code)).map((r) => r.currency))], ['EUR']);
    // Not read: the EU and euro-area averages, heating gas oil and fuel oils; not reported (empty, or 0): no record.
    assert.ok(all.every((r) => !['EU', 'EUR'].includes(r.country_code) && ['e5', 'diesel', 'lpg'].includes(r.grade)));
    assert.deepEqual(find('AT lpg 2024-06-17 with EUR'), [], 'Austria reports no LPG');
    // 2 weeks x 2 sheets x (AT 2 + BG 3 + HR 3 + PL 3 + SE 2 grades) in EUR, + BG, PL, SE in their currencies.
    assert.equal(all.length, 2 * 2 * (13 + 8));
  });

  it('reads a rate quoted as EUR per unit the same, and rejects one that fits neither direction, keeping the EUR price', () => {
    const inverted = BLOCKS.map((b) => (b.code === 'PL' ? { ...b, rate: [1 / 4.36, 1 / 4.324] as const } : b));
    const a = records(parse(read(HISTORY))).filter((r) => r.currency === 'PLN');
    const b = records(parse(documentText(historyWorkbook(inverted)))).filter((r) => r.currency === 'PLN');
    assert.deepEqual(b, a);
    const absurd = BLOCKS.map((x) => (x.code === 'PL' ? { ...x, rate: [43.6, 4.324] as const } : x));
    const sheets = parse(documentText(historyWorkbook(absurd)));
    assert.match(sheets[0]!.rejected[0]!.reason, /PL_exchange_rate 43.6 fits neither EUR per PLN nor PLN per EUR \(2024-06-17\)/);
    assert.equal(sheets[0]!.rejected[0]!.line, 4);
    assert.equal(records(sheets).filter((r) => r.country_code === 'PL' && r.date === '2024-06-17' && r.currency === 'EUR').length, 6, 'EUR kept');
    assert.equal(records(sheets).filter((r) => r.country_code === 'PL' && r.date === '2024-06-17' && r.currency === 'PLN').length, 0);
  });

  it('rejects a price that is not a number or not plausible, with its sheet, row and column', () => {
    const bad = BLOCKS.map((b) => (b.code === 'AT' ? { ...b, prices: [[[160300, 1590, null, null, null, null], b.prices[0]![1]], b.prices[1]!] as const } : b));
    const [withTaxes] = parse(documentText(historyWorkbook(bad)));
    assert.deepEqual(withTaxes!.rejected.map((r) => [r.file, r.line]), [['wob.xlsx [Prices with taxes]', 4]]);
    assert.match(withTaxes!.rejected[0]!.reason, /AT_price_with_tax_euro95 160300 is not a plausible price \(160\.3 EUR per litre/);
  });

  it('refuses a workbook whose layout changed, one that is not a workbook, and one read as UTF-8 text', () => {
    const renamed = workbook({ 'Prices with taxes': [['Date', 'AT_pwt_euro95'], [], ['Date', '1000 l'], [45460, 1603]] });
    assert.throws(() => parse(documentText(renamed)), /wob\.xlsx \[Prices with taxes\]: row 1 names no \{country\}_price_with_tax_\{product\} column/);
    assert.throws(() => parse(documentText(workbook({ Data: [['country', 'price'], ['AT', 1.6]] }))), /not an Oil Bulletin workbook: no sheet 'Prices with taxes'.*sheets: Data/);
    assert.throws(() => parse(''), /wob\.xlsx: not an XLSX workbook \(no zip signature/);
    assert.throws(() => parse('<html>Service unavailable</html>'), /not an XLSX workbook/);
    assert.throws(() => parse(readFileSync(fixturePath(HISTORY)).toString('utf8')), /decoded as UTF-8 text/);
  });
});

describe('EU Weekly Oil Bulletin, weekly prices with taxes (XLSX)', () => {
  it('reads the week in A2 and each country\'s road fuels in EUR with taxes; skips the EU average and the footnote', () => {
    const [week] = parse(read(WEEKLY));
    assert.deepEqual([week!.rowsRead, week!.rejected], [6, []]);
    const all = week!.countryPrices.map((c) => c.record);
    assert.deepEqual(all.find((r) => r.country_code === 'PL' && r.grade === 'diesel'), { country_code: 'PL', grade: 'diesel', local_name: 'Automotive gas oil',
      price: 1.48268, currency: 'EUR', price_eur: 1.48268, date: '2024-06-17', with_taxes: true });
    assert.deepEqual([...new Set(all.map((r) => r.country_code))], ['AT', 'BG', 'HR', 'PL', 'SE']);
    // The same figures as the history workbook's with-taxes sheet gives in EUR for that week.
    const fromHistory = records(parse(read(HISTORY))).filter((r) => r.with_taxes && r.currency === 'EUR' && r.date === '2024-06-17');
    assert.deepEqual(new Set(all.map((r) => `${key(r)} ${r.price}`)), new Set(fromHistory.map((r) => `${key(r)} ${r.price}`)));
  });

  it('rejects a row of a country it does not know, when it carries a price', () => {
    const rows = weeklySheet();
    rows.splice(3, 0, ['Atlantis', 1500, 1400, null, null, null, null]);
    const [week] = parse(documentText(workbook({ Sheet1: rows })));
    assert.deepEqual(week!.rejected.map((r) => [r.line, r.reason]), [[4, "country 'Atlantis' is not one the bulletin lists"]]);
  });
});
