/**
 * The place products where the service's drivers are, on the data the project ships: Polish OSM stations
 * near Przemyśl, national prices that say what and how old they are, Italy's headline from the ministry,
 * and no Italian station on another town's centre. Figures are checked against the published files.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { sharedAppWithKey } from '../../helpers/deps.js';

const bundled = (file: string) => gunzipSync(readFileSync(new URL(`../../../data/bundled/places/${file}`, import.meta.url))).toString('utf8');

describe('places near the Polish-Ukrainian border, on the shipped data', () => {
  // The tests only ask: one app for them all (test/helpers/deps.ts).
  const appWithKey = sharedAppWithKey().use();
  it("says at the Ukrainian side of a crossing that only the other side's stations are held", async () => {
    const { get } = await appWithKey();
    // Shehyni, 5 km inside Ukraine: the stations found are Polish, and no Ukrainian one is held.
    const shehyni = (await get('fuel?mode=nearest&lat=49.8&lon=23.03&radius_km=30')).body.data;
    assert.ok(shehyni.total_found > 0 && shehyni.stations.every((s: { country_code: string }) => s.country_code === 'PL'));
    assert.match(shehyni.note, /^No fuel stations are held for UA beyond what lies across a border; fuel stations are held for: IT, PL;/);
    const border = (await get('fuel?mode=border&ppid=id_214')).body.data;
    assert.match(border.note, /^No fuel stations are held for UA \(this crossing's side\): those listed are across the border;/);
    // Przemyśl, in Poland: its own country's stations, no such note.
    assert.doesNotMatch((await get('fuel?mode=nearest&lat=49.78&lon=22.77&radius_km=30')).body.data.note ?? '', /No fuel stations are held/);
  });

  it('lists OSM stations near Przemyśl with brand, services and opening state', async () => {
    const { get } = await appWithKey();
    const body = (await get('fuel?mode=nearest&lat=49.78&lon=22.77&radius_km=30&limit=20')).body;
    const stations = body.data.stations as { id: string; source: string; brand: string | null; country_code: string; opening_hours: string | null;
      open_now: boolean | null; next_change: string | null; services: string[]; distance_km: number }[];
    assert.ok(stations.length >= 5, `${stations.length} stations`);
    assert.ok(stations.every((s) => s.source === 'osm' && s.country_code === 'PL' && s.distance_km <= 30));
    assert.ok(stations.filter((s) => s.brand).length >= 5, 'brands shown');
    assert.match(body.attribution, /OpenStreetMap contributors/);
    // Every station shown is a node of the published answer, with its tags.
    const nodes = new Map((JSON.parse(bundled('osm-pl-fuel-stations.json.gz')).elements as { id: number; tags: Record<string, string> }[]).map((e) => [`node/${e.id}`, e.tags]));
    for (const s of stations) {
      const tags = nodes.get(s.id)!;
      assert.equal(s.brand, tags.brand ?? null);
      assert.equal(s.opening_hours, tags.opening_hours ?? null);
      assert.equal(s.services.includes('diesel'), tags['fuel:diesel'] === 'yes');
    }
    // 2026-11-22T10:00Z is a Sunday, 11:00 in Warsaw: a 24/7 station is open, one closed on Sundays is not.
    const always = stations.find((s) => s.opening_hours === '24/7');
    if (always) assert.deepEqual([always.open_now, always.next_change], [true, null]);
    const stated = stations.filter((s) => s.opening_hours);
    assert.ok(stated.length > 0 && stated.every((s) => typeof s.open_now === 'boolean' || s.open_now === null));
  });

  it('finds them as places of type fuel too', async () => {
    const { get } = await appWithKey();
    const body = (await get('pois?type=fuel&lat=49.78&lon=22.77&radius=30&limit=5')).body;
    assert.equal(body.data.pois.length, 5);
    assert.ok(body.data.coverage.includes('PL') && body.data.coverage.includes('IT'));
    assert.equal(body.data.note, undefined);
  });

  it("gives Poland's newest figure, the legal maximum of 2026-07-01, in PLN and EUR, as the latest known", async () => {
    const { get } = await appWithKey();
    const pl = (await get('fuel?mode=country&country=PL')).body.data;
    assert.deepEqual([pl.source, pl.price_kind, pl.currency, pl.updated], ['pl-max-prices', 'legal_maximum', 'PLN', '2026-07-01']);
    // The notice in force on 2026-07-01: Pb95 6.00, Pb98 6.68, ON 6.19 (prices.json).
    assert.deepEqual(pl.prices, { diesel: 6.19, e5: 6, e5_premium: 6.68 });
    // EUR at the bulletin's rate of 2024-06-17 (0.229358 EUR per PLN), and said so.
    assert.deepEqual(pl.eur_rate, { eur_per_unit: 0.229358, date: '2024-06-17', source: 'eu-bulletin' });
    assert.equal(pl.prices_eur.diesel, Math.round(6.19 * 0.229357798165138 * 1000) / 1000);
    // 2026-11-22 is 144 days later: never current.
    assert.deepEqual([pl.age_days, pl.current, pl.max_age_days], [144, false, 45]);
    assert.match(pl.note, /Latest known: pl-max-prices of 2026-07-01, 144 days old/);
    assert.match(pl.note, /legal maximum/);
    // The bulletin's average stays beside it, with its own kind and date.
    const bulletin = pl.details.find((d: { source: string; grade: string }) => d.source === 'eu-bulletin' && d.grade === 'diesel');
    assert.deepEqual([bulletin.price, bulletin.currency, bulletin.date, bulletin.price_kind, bulletin.current], [1.48, 'EUR', '2025-03-10', 'national_average', false]);
    assert.deepEqual([bulletin.price_eur, bulletin.price_eur_basis], [1.48, 'published']);
    // The legal maximum's line converts as the headline does, and says so.
    const maximum = pl.details.find((d: { source: string; grade: string }) => d.source === 'pl-max-prices' && d.grade === 'diesel');
    assert.deepEqual([maximum.price, maximum.currency, maximum.price_eur, maximum.price_eur_basis], [6.19, 'PLN', pl.prices_eur.diesel, 'converted']);
  });

  it("heads Italy with the ministry's 2026-08-21 station mean, not the older bulletin", async () => {
    const { get } = await appWithKey();
    const it = (await get('fuel?mode=country&country=IT')).body.data;
    assert.deepEqual([it.source, it.price_kind, it.currency, it.updated, it.current], ['mimit stations', 'station_mean', 'EUR', '2026-08-21', false]);
    assert.ok(it.prices.diesel > 2 && it.prices.diesel < 2.3, `diesel ${it.prices.diesel}`);
    assert.deepEqual(it.prices_eur, it.prices);
    assert.equal(it.eur_rate, null);
  });

  it("puts no Italian station on Milan's centre, where the file places stations of Brescia, Lissone and Finale Emilia", async () => {
    const { get } = await appWithKey();
    const body = (await get('fuel?mode=nearest&lat=45.4642&lon=9.18998&radius_km=0.2&limit=50')).body;
    const cities = (body.data.stations as { city: string | null }[]).map((s) => s.city);
    for (const town of ['BRESCIA', 'LISSONE', 'FINALE EMILIA']) assert.ok(!cities.includes(town), `${town} at Milan's centre`);
  });
});
