import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { importPlaces } from '../../../../data/importers/places/run.js';
import { closeStore, openStore } from '../../../../data/store.js';
import { tempDir } from '../../../helpers/deps.js';
import { feed, price, station } from '../../../helpers/places.js';

const now = new Date('2026-11-22T10:00:00Z');

describe('importing places', () => {
  it('in short transactions stores what one transaction stores, pausing between them, and moves the version once', (t) => {
    const stores = [0, 1].map(() => {
      const db = openStore(join(tempDir(t), 'bdds.sqlite'));
      t.after(() => closeStore(db));
      return db;
    });
    const stations = Array.from({ length: 7 }, (_, i) => station(String(i), 46 + i / 100, 13));
    const prices = Array.from({ length: 7 }, (_, i) => price(String(i), 'diesel', 1.7 + i / 100));
    let pauses = 0;
    const whole = importPlaces(stores[0]!, [feed('mimit', { stations, prices })], { now });
    const chunked = importPlaces(stores[1]!, [feed('mimit', { stations, prices })], { now, chunk: 3, between: () => void pauses++ });
    assert.deepEqual(chunked, whole);
    assert.equal(pauses, 4, '14 records in transactions of 3: 5 transactions, 4 pauses');
    const rows = (db: (typeof stores)[number]) => db.prepare('SELECT source, station_id, grade, price, reported_at FROM fuel_prices ORDER BY station_id').all();
    assert.deepEqual(rows(stores[1]!), rows(stores[0]!));
    const version = (db: (typeof stores)[number]) => db.prepare("SELECT version FROM dataset_versions WHERE dataset = 'places'").pluck().get();
    assert.deepEqual([version(stores[0]!), version(stores[1]!)], [1, 1]);
  });

  it('adds once, changes nothing on the same file again, updates a station that changed and a price only when newer', (t) => {
    const db = openStore(join(tempDir(t), 'bdds.sqlite'));
    t.after(() => closeStore(db));
    const version = () => db.prepare("SELECT version FROM dataset_versions WHERE dataset = 'places'").pluck().get() as number;
    const first = feed('mimit', { stations: [station('1', 46, 13), station('2', 46.1, 13.1)], prices: [price('1', 'diesel', 1.8), price('2', 'diesel', 1.7)] });
    const a = importPlaces(db, [first], { now });
    assert.deepEqual([a.stations.added, a.prices.added], [2, 2]);
    assert.equal(version(), 1);
    const again = importPlaces(db, [first], { now });
    assert.deepEqual([again.stations, again.prices], [{ added: 0, updated: 0, unchanged: 2 }, { added: 0, updated: 0, unchanged: 2 }]);
    assert.equal(version(), 1, 'nothing changed: the version stays');

    const later = importPlaces(db, [feed('mimit', {
      stations: [station('1', 46, 13, 'IT', { name: 'Renamed' })],
      prices: [price('1', 'diesel', 1.75, '2026-08-22T06:00:00.000Z'), price('2', 'diesel', 1.9, '2026-08-20T06:00:00.000Z')],
    })], { now });
    assert.deepEqual(later.stations, { added: 0, updated: 1, unchanged: 0 });
    assert.deepEqual(later.prices, { added: 0, updated: 1, unchanged: 1 }, 'an older report does not replace a newer one');
    const held = db.prepare("SELECT station_id, price FROM fuel_prices ORDER BY station_id").all();
    assert.deepEqual(held, [{ station_id: '1', price: 1.75 }, { station_id: '2', price: 1.7 }]);
    assert.equal(version(), 2);
  });

  it('keeps two products of one grade at a station (a winter diesel beside the plain one), each updated on its own', (t) => {
    const db = openStore(join(tempDir(t), 'bdds.sqlite'));
    t.after(() => closeStore(db));
    const winter = { ...price('1', 'diesel', 1.85), local_name: 'Gasolio artico' };
    const first = importPlaces(db, [feed('mimit', { stations: [station('1', 46, 13)], prices: [price('1', 'diesel', 1.7), winter] })], { now });
    assert.equal(first.prices.added, 2);
    const later = importPlaces(db, [feed('mimit', { prices: [{ ...winter, price: 1.8, reported_at: '2026-08-22T06:00:00.000Z' }] })], { now });
    assert.deepEqual(later.prices, { added: 0, updated: 1, unchanged: 0 });
    const held = db.prepare('SELECT local_name, price FROM fuel_prices ORDER BY local_name').all();
    assert.deepEqual(held, [{ local_name: 'Gasolio', price: 1.7 }, { local_name: 'Gasolio artico', price: 1.8 }]);
  });

  it('rejects a price for a station that is not held, and keeps the rest', (t) => {
    const db = openStore(join(tempDir(t), 'bdds.sqlite'));
    t.after(() => closeStore(db));
    const summary = importPlaces(db, [feed('mimit', { stations: [station('1', 46, 13)], prices: [price('1', 'e5', 1.9), price('99', 'e5', 1.9)] })], { now });
    assert.equal(summary.prices.added, 1);
    assert.equal(summary.rejected.length, 1);
    assert.match(summary.rejected[0]!.reason, /station '99' of mimit is not held/);
  });
});
