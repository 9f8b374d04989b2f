/**
 * A GTFS feed as one zip (the archive FlixBus serves): read from zips that real archivers wrote (Info-ZIP
 * 3.0, plain and with ZIP64 records) and from the tests' own, stored or deflated, at the root or in a
 * folder; refused whole, naming why, when it is not a whole zip or lacks a file the importer needs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { NETWORK_FORMATS, parseGtfsZip } from '../../../../data/importers/bus/network-formats.js';
import { readZipEntries } from '../../../../data/importers/bus/zip.js';
import { documentText } from '../../../../data/importers/places/document-text.js';
import { flixbusGtfsFiles, zipOf } from '../../../fixtures/bus/flixbus-gtfs.js';
import { fixturePath } from '../../../helpers/fixtures.js';

const FILES = flixbusGtfsFiles();
const ZIP = zipOf(FILES);
const failure = (zip: Buffer) => {
  try {
    parseGtfsZip(zip, 'feed.zip');
  } catch (err) {
    return (err as Error).message;
  }
  return 'read without complaint';
};

describe('GTFS zip', () => {
  it('reads the network from the zip: the representative trip of each route, the agency as carrier, nothing rejected', () => {
    const parsed = parseGtfsZip(ZIP, 'gtfs_generic_eu.zip', { source: 'flixbus-network' });
    assert.deepEqual(parsed.rejected, []);
    assert.equal(parsed.source, 'flixbus-network');
    assert.deepEqual(parsed.network.routes.map((r) => [r.id, r.carrier, r.long_name, r.stops.length]), [
      ['3224', 'FlixBus', 'Kyiv - Lutsk - Warsaw', 8], ['3285', 'FlixBus', 'Lviv  - Uzhorod - Budapest', 6],
      ['3231', 'FlixBus', 'Lviv - Krakow - Wroclaw', 6], ['700', 'FlixBus', 'Paris - London', 4],
    ], 'the full trip of each route, not the shorter one listed first');
    // stops.txt begins with a byte order mark: its first column is still stop_id, every stop read.
    assert.equal(parsed.network.stops.size, new Set(parsed.network.routes.flatMap((r) => r.stops)).size);
  });

  it('reads what Info-ZIP wrote, with and without ZIP64 records, the same as its own zips stored or deflated, at the root or in a folder', () => {
    const routes = (zip: Buffer) => JSON.stringify(parseGtfsZip(zip, 'feed.zip').network.routes);
    const expected = routes(ZIP);
    assert.equal(routes(readFileSync(fixturePath('bus/flixbus-gtfs_infozip.zip'))), expected);
    const zip64 = readFileSync(fixturePath('bus/flixbus-gtfs_zip64.zip'));
    assert.equal(zip64.readUInt32LE(zip64.length - 6), 0xffffffff, 'the fixture sends the reader to its ZIP64 record');
    assert.equal(routes(zip64), expected);
    assert.equal(routes(zipOf(FILES, 'store')), expected);
    assert.equal(routes(zipOf(Object.fromEntries(Object.entries(FILES).map(([name, text]) => [`gtfs_generic_eu/${name}`, text])))), expected);
    // Through the import path's text, as a feed's answer travels (Latin-1, byte for byte).
    assert.equal(JSON.stringify(NETWORK_FORMATS.gtfs!.parse(documentText(ZIP), 'feed.zip', {}).network.routes), expected);
  });

  it('inflates only the entries asked for', () => {
    const entries = readZipEntries(ZIP, ['stops.txt', 'feed_info.txt'], 'feed.zip');
    assert.deepEqual([...entries.keys()], ['stops.txt'], 'one the zip lacks is simply not found');
    assert.equal(entries.get('stops.txt')!.toString('utf8'), FILES['stops.txt']);
  });

  it('refuses whole, naming why, a zip that is empty, not a zip, cut short, damaged, or lacks a file or column', () => {
    assert.match(failure(Buffer.alloc(0)), /feed\.zip: the answer is empty, not a zip/);
    assert.match(failure(Buffer.from('<!DOCTYPE html><html><body>503 Service Unavailable</body></html>')), /feed\.zip: not a zip \(it begins "<!DOCTYPE html><"\)/);
    for (const length of [10, ZIP.length >> 1, ZIP.length - 30]) {
      assert.match(failure(ZIP.subarray(0, length)), /no end of central directory record \(cut short\?\)/, `cut at ${length} of ${ZIP.length} bytes`);
    }
    // The end of the archive kept, its middle lost (a broken proxy): the directory points past what is there.
    assert.match(failure(Buffer.concat([ZIP.subarray(0, 100), ZIP.subarray(ZIP.length - 600)])), /past (its|the) end|damaged|no local header/);
    // A byte of stops.txt's deflated data changed (its local header's name comes first in the archive).
    const damaged = Buffer.from(ZIP);
    const at = ZIP.indexOf('stops.txt') + 'stops.txt'.length + 40;
    damaged[at] = damaged[at]! ^ 0xff;
    assert.match(failure(damaged), /does not inflate|is damaged/);
    const { 'stop_times.txt': stopTimes, ...rest } = FILES;
    assert.match(failure(zipOf({ ...rest, 'stoptimes.txt': stopTimes! })), /the zip lacks stop_times\.txt/);
    assert.match(failure(zipOf({ ...FILES, 'stops.txt': FILES['stops.txt']!.replace('stop_lat', 'latitude') })), /feed\.zip\/stops\.txt: header lacks stop_lat/);
  });
});
