import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/deps.js';

/**
 * Ten weeks of hourly delays in local time (America/Vancouver, no offset, as the Peace Arch files are),
 * split in two files at the autumn change: a daily wave, busier weekends, the skipped spring hour
 * present with an empty value and the autumn hour once, and a few bad rows.
 */
function writeSeries(dir: string) {
  const lines: string[][] = [[], []];
  const start = Date.UTC(2016, 8, 25); // 25 September 2016 (wall clock)
  for (let h = 0; h < 70 * 24; h++) {
    const wall = new Date(start + h * 3_600_000);
    const text = wall.toISOString().slice(0, 19).replace('T', ' ');
    const weekend = wall.getUTCDay() === 0 || wall.getUTCDay() === 6;
    const v = 10 + 8 * Math.sin((2 * Math.PI * wall.getUTCHours()) / 24) + (weekend ? 6 : 0) + ((h * 7919) % 5);
    lines[text < '2016-11-06' ? 0 : 1]!.push(`${text},${v.toFixed(1)}`);
  }
  lines[1]!.splice(3, 0, 'yesterday,4', '2016-11-06 05:00:00,lots');
  const a = join(dir, 'a.csv');
  const b = join(dir, 'b.csv');
  writeFileSync(a, `Group Starts,Delay\n${lines[0]!.join('\n')}\n`);
  writeFileSync(b, `Group Starts,Delay\n${lines[1]!.join('\n')}\n`);
  return { a, b };
}

describe('bdds backtest', () => {
  it('back-tests a series split over two files in local time, from a given origin, with both countries\' holidays', async (t) => {
    const { a, b } = writeSeries(tempDir(t));
    const args = ['backtest', '--csv', a, '--csv', b, '--time-col', 'Group Starts', '--value-col', 'Delay', '--tz', 'America/Vancouver',
      '--countries', 'CA-BC,US-WA', '--horizon', '72', '--origin', '2016-11-24T00:00'];
    const json = JSON.parse((await runCli([...args, '--json'])).stdout);
    assert.equal(json.mode, 'origins');
    assert.deepEqual(json.countries, ['CA-BC', 'US-WA']);
    assert.equal(json.origins, 1);
    assert.equal(json.per_origin[0].origin, '2016-11-24T00:00');
    assert.equal(json.per_origin[0].start, '2016-11-24T08:00Z');
    for (const band of ['h1_6', 'h7_24', 'h25_168', 'h1_24', 'h1_168']) {
      const f = json.bands[band];
      for (const k of ['ensemble', 'seasonal_naive', 'seasonal_mean4', 'persistence']) assert.equal(typeof f.mae[k], 'number', `${band} mae ${k}`);
      for (const k of ['coverage_50', 'coverage_80', 'coverage_95', 'mase']) assert.equal(typeof f[k], 'number', `${band} ${k}`);
    }
    assert.equal(json.bands.h1_168.points, 72);
    // The file's hour 01:00 on 6 November is read once; the lines that are wrong are named with their reasons.
    assert.deepEqual(json.dst.repeated.map((r: { local: string; rows: number }) => [r.local, r.rows]), [['2016-11-06 01:00', 1]]);
    assert.deepEqual(json.rejected.map((r: { file: string; line: number; reason: string }) => [r.file, r.line, r.reason]), [
      [b, 5, "time 'yesterday' is not unix seconds, ISO-8601 with an offset, or a local date-time YYYY-MM-DD HH:MM[:SS]"],
      [b, 6, "value 'lots' is not a number"],
    ]);
    const text = await runCli(args);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /DST: 2016-11-06 01:00 occurs twice in America\/Vancouver: 1 row\(s\)/);
    assert.match(text.stdout, new RegExp(`rejected ${b}:6: value 'lots' is not a number`));
    assert.match(text.stdout, /mean 72-hour RMSE over 1 origins: ensemble \d.*, persistence \d.*ensemble \/ the better of persistence and naive \d/);
    assert.match(text.stdout, /band\s+points\s+MAE ens\s+naive\s+mean4\s+persist\s+ens\/naive\s+ens\/mean4\s+ens\/pers\s+RMSE ens/);
    assert.equal(typeof json.per_origin[0].rmse.persistence, 'number');
  });
  it('runs the rolling back-test by default, with a limited history, and says why it cannot run', async (t) => {
    const dir = tempDir(t);
    const { a, b } = writeSeries(dir);
    const base = ['backtest', '--csv', a, '--csv', b, '--time-col', 'Group Starts', '--value-col', 'Delay', '--tz', 'America/Vancouver'];
    const rolling = JSON.parse((await runCli([...base, '--json', '--origins', '10', '--history', '40'])).stdout);
    assert.equal(rolling.mode, 'rolling');
    assert.equal(rolling.origins, 10);
    assert.equal(rolling.history, 40);
    assert.ok(rolling.bands.h1_24.rmse.ensemble > 0 && rolling.coverage_80 > 0);
    assert.equal(rolling.kind, null);
    // Fitted as a booked truck queue: the long range shrunk halfway to the plain mean of four members.
    const queue = JSON.parse((await runCli([...base, '--json', '--origins', '10', '--history', '40', '--kind', 'booked_truck_queue'])).stdout);
    assert.equal(queue.kind, 'booked_truck_queue');
    for (const m of ['persistence', 'seasonal_delta', 'holt_winters', 'seasonal_naive']) assert.ok(queue.weights.h25_168[m] >= 0.125, `${m} ${queue.weights.h25_168[m]}`);
    assert.deepEqual(queue.weights.h1_6, rolling.weights.h1_6, 'the short range as before');
    const kind = await runCli([...base, '--kind', 'ferry']);
    assert.equal(kind.status, 2);
    assert.match(kind.stderr, /--kind must be booked_truck_queue/);
    assert.equal((await runCli([...base, '--countries', 'XX'])).status, 2);
    assert.equal((await runCli([...base, '--origin', '2017-03-12T02:00'])).status, 2, 'an origin the zone skips');
    assert.equal((await runCli([...base, '--origin', '2020-01-01T00:00'])).status, 2, 'an origin outside the series');
    assert.equal((await runCli([...base.slice(0, -2), '--tz', 'Mars/Olympus'])).status, 2);
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'Group Starts,Delay\n2016-03-13 02:00:00,4\nsoon,3\n');
    const none = await runCli(['backtest', '--csv', bad, '--time-col', 'Group Starts', '--value-col', 'Delay', '--tz', 'America/Vancouver']);
    assert.equal(none.status, 1);
    assert.match(none.stderr, /no usable rows: 2 rows read, 2 rejected \(local time \.\.\. does not exist in America\/Vancouver/);
    assert.equal((await runCli(['backtest', '--csv', bad, '--time-col', 'When', '--value-col', 'Delay'])).status, 2, 'a missing column');
  });
});
