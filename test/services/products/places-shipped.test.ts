/**
 * The place products on the data the project ships (data/bundled/places), checked against the published
 * files themselves: figures a driver would see, not hand-made ones.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { appWithKey } from '../../helpers/deps.js';

const bundled = (file: string) => gunzipSync(readFileSync(new URL(`../../../data/bundled/places/${file}`, import.meta.url))).toString('utf8').split('\n');
const GORIZIA = { lat: 45.9407, lon: 13.6216 };

describe('places on the shipped data', () => {
  it('answers national prices from the EU Weekly Oil Bulletin of 2025-03-10, with its credit', async (t) => {
    const { get } = await appWithKey(t);
    // Poland's headline is its newer legal maximum (places-pl.test.ts); the bulletin's average is among the details.
    const pl = (await get('fuel?mode=country&country=PL')).body;
    const bulletin = (pl.data.details as { source: string; grade: string; price: number; date: string; currency: string }[])
      .filter((d) => d.source === 'eu-bulletin').map((d) => [d.grade, d.price, d.date, d.currency]);
    assert.deepEqual(bulletin, [['diesel', 1.48, '2025-03-10', 'EUR'], ['e5', 1.45, '2025-03-10', 'EUR'], ['lpg', 0.76, '2025-03-10', 'EUR']]);
    assert.match(pl.attribution, /Weekly Oil Bulletin/);
    const ro = (await get('fuel?mode=country&country=RO')).body.data;
    assert.deepEqual(ro.prices, { diesel: 1.53, e5: 1.47, lpg: 0.73 });
  });

  it('finds the cheapest diesel near the Slovenian border at Gorizia among the Italian stations, as the ministry published it', async (t) => {
    const { get } = await appWithKey(t);
    const body = (await get(`fuel?mode=nearest&lat=${GORIZIA.lat}&lon=${GORIZIA.lon}&radius_km=10&fuel_type=diesel&limit=5`)).body;
    const stations = body.data.stations as { id: string; source: string; distance_km: number; prices: { diesel: { price: number; self_service: boolean | null; local_name: string } } }[];
    assert.equal(stations.length, 5);
    // Every published station within 10 km that sells plain Gasolio is counted (the haversine distance here is the oracle).
    const positions = new Map(bundled('mimit-stations.csv.gz').slice(2).map((l) => l.split('|')).filter((f) => f[8]).map((f) => [f[0]!, [Number(f[8]), Number(f[9])]] as const));
    const km = ([lat, lon]: readonly [number, number]) => {
      const r = Math.PI / 180;
      const a = Math.sin(((lat - GORIZIA.lat) * r) / 2) ** 2 + Math.cos(lat * r) * Math.cos(GORIZIA.lat * r) * Math.sin(((lon - GORIZIA.lon) * r) / 2) ** 2;
      return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
    };
    const gasolio = new Set(bundled('mimit-prices.csv.gz').map((l) => l.split('|')).filter((f) => f[1] === 'Gasolio' && positions.has(f[0]!) && km(positions.get(f[0]!)!) <= 10).map((f) => f[0]));
    assert.ok(gasolio.size >= 5 && body.data.total_found >= gasolio.size, `${body.data.total_found} found, ${gasolio.size} sell Gasolio within 10 km`);
    assert.match(body.attribution, /Made in Italy/);
    const prices = stations.map((s) => s.prices.diesel.price);
    assert.deepEqual(prices, [...prices].sort((a, b) => a - b), 'cheapest first');
    for (const s of stations) assert.ok(s.source === 'mimit' && s.distance_km <= 10);
    // Each price shown is a row of the published file: same station, product name, price and self-service flag.
    const rows = new Set(bundled('mimit-prices.csv.gz').map((line) => line.split('|').slice(0, 4).join('|')));
    for (const s of stations) {
      const d = s.prices.diesel;
      assert.ok(rows.has(`${s.id}|${d.local_name}|${d.price}|${d.self_service ? 1 : 0}`), `${s.id} ${d.local_name} ${d.price} is in prezzo_alle_8.csv`);
    }
  });

  it('says of stations listed without any price that they report none, never leaving an empty prices to read as zero', async (t) => {
    const { get } = await appWithKey(t);
    // Kraków: OpenStreetMap's Polish stations, a list of stations without prices.
    const krakow = (await get('fuel?mode=nearest&lat=50.06&lon=19.94&limit=4')).body.data;
    const empty = (krakow.stations as { prices: object }[]).filter((st) => Object.keys(st.prices).length === 0).length;
    assert.ok(empty > 0, 'the shipped Polish stations carry no prices');
    assert.match(krakow.note, new RegExp(`^${empty} of the ${krakow.stations.length} stations listed report no price \\(their source lists stations, not prices\\): their \`prices\` is empty; the national figure: fuel\\?mode=country&country=PL\\.`));
    // Near Gorizia every station listed for diesel reports its price: nothing to say of that.
    const gorizia = (await get(`fuel?mode=nearest&lat=${GORIZIA.lat}&lon=${GORIZIA.lon}&radius_km=10&fuel_type=diesel&limit=5`)).body.data;
    assert.doesNotMatch(String(gorizia.note ?? ''), /report no price/);
  });

  it('finds truck parkings in Flanders and supermarkets in Kyiv, each with its credit', async (t) => {
    const { get } = await appWithKey(t);
    const be = (await get('pois?type=parking&lat=51.05&lon=3.72&radius=50')).body;
    assert.ok(be.data.pois.length > 0 && be.data.pois.every((p: { source: string; country_code: string }) => p.source === 'datex2-be' && p.country_code === 'BE'));
    assert.ok(be.data.pois.some((p: { truck_spaces: number | null }) => (p.truck_spaces ?? 0) > 0), 'spaces for lorries are counted');
    assert.match(be.attribution, /Agentschap Wegen en Verkeer/);
    const kyiv = (await get('pois?type=supermarket&lat=50.45&lon=30.52&radius=5&limit=3')).body;
    assert.equal(kyiv.data.pois.length, 3);
    assert.match(kyiv.attribution, /OpenStreetMap contributors/);
  });
});
