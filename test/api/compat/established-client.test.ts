/**
 * Compatibility (issue 22): the reads a client written against the established service does, replayed
 * through the app. Our contract's names stay; theirs are added beside them (docs/migrating.md).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { operations } from '../../../services/registry.js';
import { appWithKey, makeKey } from '../../helpers/deps.js';

const V1 = '/api/v1/data';

describe('a client of the established service', () => {
  it('authenticates with X-API-Key or ?key=, sees its headers and usage names', async (t) => {
    const { app, key } = await appWithKey(t, { seed: { history: true } });
    const byHeader = await app.inject({ url: `${V1}/update-info?ppid=id_129`, headers: { 'x-api-key': key } });
    assert.equal(byHeader.statusCode, 200);
    const byQuery = await app.inject({ url: `${V1}/update-info?ppid=id_129&key=${key}` });
    assert.equal(byQuery.statusCode, 200);
    const body = byQuery.json();
    assert.equal(body.meta?.ignored_params, undefined, '`key` is not an unknown parameter');
    assert.equal(body.usage.requests_today, 2, 'both forms draw on the key\'s counter');

    // usage: ours and theirs, the same figures
    const u = body.usage;
    assert.deepEqual([u.used, u.limit, u.reset], [u.requests_today, u.limit_today, u.resets_at]);
    assert.match(u.reset, /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);

    // headers beside the IETF ones
    assert.equal(byQuery.headers['x-devapi-limit'], String(u.limit));
    assert.equal(byQuery.headers['x-devapi-remaining'], String(u.remaining));
    assert.equal(byQuery.headers['x-devapi-units'], '1');
    assert.ok(byQuery.headers.ratelimit, 'the IETF headers stay');
    assert.equal(byQuery.headers['x-devapi-warning'], undefined, 'nothing ignored, no warning');
    const exposed = String(byQuery.headers['access-control-expose-headers']);
    for (const h of ['X-Devapi-Limit', 'X-Devapi-Remaining', 'X-Devapi-Units', 'X-Devapi-Warning']) assert.ok(exposed.includes(h), h);

    const multi = await app.inject({ url: `${V1}/multi?ppids=id_129,id_119&include=queue,update-info`, headers: { 'x-api-key': key } });
    assert.equal(multi.headers['x-devapi-units'], '2', 'units this call cost');

    const ignored = await app.inject({ url: `${V1}/update-info?ppid=id_129&foo=1&key=${key}` });
    assert.deepEqual(ignored.json().meta.ignored_params, ['foo']);
    assert.equal(ignored.headers['x-devapi-warning'], 'ignored_params=foo');

    // Bearer first: a wrong X-API-Key beside a good Authorization is not read
    const both = await app.inject({ url: `${V1}/update-info?ppid=id_129`, headers: { authorization: `Bearer ${key}`, 'x-api-key': 'nope' } });
    assert.equal(both.statusCode, 200);

    const missing = await app.inject({ url: `${V1}/update-info?ppid=id_129` });
    assert.equal(missing.statusCode, 401);
    const message = missing.json().error.message as string;
    for (const form of ['Authorization: Bearer', 'X-API-Key', '?key=']) assert.ok(message.includes(form), form);

    const bad = await app.inject({ url: `${V1}/update-info?ppid=id_129&key=bdds_not_a_key` });
    assert.equal(bad.statusCode, 401);
    assert.equal(bad.json().error.code, 'invalid_api_key');

    const preflight = await app.inject({ method: 'OPTIONS', url: `${V1}/queue` });
    assert.match(String(preflight.headers['access-control-allow-headers']), /X-API-Key/);
  });

  it('never logs a key sent in the query string', async (t) => {
    const { app, deps, logLines } = await appWithKey(t, { seed: { history: false } });
    const { key } = makeKey(deps);
    const res = await app.inject({ url: `${V1}/checkpoints?country=PL&key=${key}` });
    assert.equal(res.statusCode, 200);
    assert.ok(logLines.some((line) => line.includes('/api/v1/data/checkpoints')), 'the access log wrote the request');
    assert.ok(!logLines.some((line) => line.includes(key)), 'but never the key');
    assert.ok(!res.body.includes(key), 'nor echoed it');
  });

  it('reads every product\'s added fields', async (t) => {
    const { get, deps } = await appWithKey(t, { seed: { history: true, models: true } });

    // search: matches[].ppid rows; count (locations) and ppid_count (checkpoints)
    const search = await get('search?name=Hrebenne');
    assert.equal(search.status, 200);
    const result = search.body.data.results[0];
    const rows = result.matches[0].ppid as { ppid: string; crossing_type: number }[];
    assert.ok(rows.some((r) => r.ppid === 'id_129' && r.crossing_type === 9));
    assert.equal(result.ppid_count, rows.length);
    assert.deepEqual(result.matches[0].by_type['9'], ['id_119', 'id_129'], 'by_type stays');
    assert.equal(result.matches[0].location_id, 1, 'location_id stays');

    // checkpoints: numeric and ISO-2 country, an unknown one refused, source_url
    const numeric = await get('checkpoints?country=2');
    const iso = await get('checkpoints?country=PL');
    assert.equal(numeric.body.data.count, iso.body.data.count);
    const withSource = numeric.body.data.checkpoints.find((c: { ppid: string }) => c.ppid === 'id_129');
    assert.match(withSource.source_url, /^https:\/\//);
    assert.ok(numeric.body.data.checkpoints.every((c: { source_url: unknown }) => 'source_url' in c));
    const unknown = await get('checkpoints?country=XX');
    assert.deepEqual([unknown.status, unknown.body.error.code, unknown.body.error.reason], [400, 'bad_request', 'unknown_country']);

    // update-info
    const info = (await get('update-info?ppid=id_129')).body.data;
    assert.equal(typeof info.age_hours, 'number');
    assert.equal(info.age_hours, Math.round(info.age_seconds / 360) / 10);
    assert.equal(info.source_label_en, info.source_label);
    assert.ok(['granica', 'echerha', 'dpsu'].includes(info.origin), info.origin);
    assert.equal(info.source.endsWith(info.origin), true, 'the upstream of the source');
    assert.equal(info.is_realtime, false, 'replayed data is never real time');

    // day-stats: ISO generated_at stays, unix seconds beside it
    const ppidWithWeek = [...deps.repos.dayStats.ppids()][0]!;
    const week = (await get(`day-stats?ppid=${ppidWithWeek}`)).body.data;
    assert.equal(week.generated_at_ts, Math.floor(Date.parse(week.generated_at) / 1000));

    // stats
    const stats = (await get('stats?ppid=id_129&compare=1')).body.data;
    assert.equal(stats.checkpoint.name, stats.name);
    assert.ok('source_url' in stats.checkpoint);
    assert.equal(stats.labels.length, stats.hourly.length);
    assert.equal(stats.labels[0], '00:00');
    assert.deepEqual(stats.values, stats.hourly.map((h: { value: number | null }) => h.value));
    const sum = stats.values.filter((v: number | null) => v !== null).reduce((a: number, b: number) => a + b, 0);
    assert.ok(stats.daily.total === null || Math.abs(stats.daily.total - sum) < 0.1);
    assert.ok('total' in stats.compare.daily);

    // alternatives
    const alt = (await get('alternatives?ppid=id_129&crossing_type=9')).body.data;
    assert.equal(alt.crossing_type_filter, 9);
    assert.equal(alt.checkpoint.name, alt.name);
    assert.ok(['vehicles', 'minutes', null].includes(alt.checkpoint.unit));
    assert.equal(alt.checkpoint.queue, alt.checkpoint.unit === 'vehicles' ? alt.queue : alt.checkpoint.unit === 'minutes' ? alt.wait_min : null);
    if (alt.best) assert.deepEqual(alt.best, alt.alternatives.find((row: { is_better: boolean }) => row.is_better));
    for (const row of alt.alternatives) {
      assert.ok('diff' in row && 'unit' in row);
      if (row.unit === 'vehicles') assert.equal(row.diff, Math.round((row.queue - alt.queue) * 10) / 10);
    }
    assert.equal((await get('alternatives?ppid=id_129')).body.data.crossing_type_filter, null);

    // forecast
    const ppidWithModel = [...deps.repos.forecastModels.ppids()][0]!;
    const fc = await get(`forecast?ppid=${ppidWithModel}`);
    assert.equal(fc.status, 200);
    assert.equal(fc.body.data.length, 24);
    for (const row of fc.body.data) {
      assert.equal(row.type_of_data, 'forecast');
      assert.equal(row.unit, fc.body.meta.model.unit);
    }

    // truck-bans
    const bans = (await get('truck-bans?country=DE,PL,AT,XK')).body.data;
    assert.equal(typeof bans.is_ban_active, 'boolean');
    assert.equal(bans.is_ban_active, bans.active_now.length > 0);
    assert.deepEqual(bans.current_bans, bans.active_now);
    assert.ok(bans.upcoming_bans.every((b: { starts_at: string }) => Date.parse(b.starts_at) > Date.parse(bans.as_of)));
    assert.deepEqual(Object.keys(bans.bans_by_country).sort(), ['AT', 'DE', 'PL', 'XK']);
    assert.equal(bans.bans_by_country.XK.status, 'not_covered');
    assert.match(bans.summary, /No truck-ban rules are held for XK: whether a ban applies there is unknown\.$/, 'never summed up as no ban');
    const uncovered = (await get('truck-bans?country=MD')).body.data;
    assert.equal(uncovered.summary, 'No truck-ban rules are held for MD: whether a ban applies there is unknown.');
    assert.equal(bans.bans_by_country.DE.tz, 'Europe/Berlin');
    assert.match(bans.bans_by_country.DE.local_time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    assert.equal(bans.total_available, bans.bans.length);
    assert.equal(bans.truncated, false);
    assert.equal(typeof bans.summary, 'string');
    const four = await get('truck-bans?country=DE,PL,AT,CZ');
    assert.equal(four.status, 200, 'more than 3 countries: our contract answers them all');

    // trading-sundays
    const sundays = (await get('trading-sundays?country=PL,DE,HU,HR')).body.data;
    assert.equal(sundays.count, 4);
    const type = Object.fromEntries(sundays.countries.map((c: { country: string; regulation_type: string }) => [c.country, c.regulation_type]));
    assert.deepEqual(type, { PL: 'partial', DE: 'ban', HU: 'none', HR: 'partial' });

    // travel-matrix
    const matrix = (await get('travel-matrix?origin_lat=49.8397&origin_lon=24.0297&limit=5')).body.data;
    assert.ok(matrix.results.length > 0);
    // From Krakow into Ukraine: crossings whose typical week is in minutes (Lviv's way out has none).
    const intoUkraine = (await get('travel-matrix?origin_lat=50.0647&origin_lon=19.945&type=4')).body.data;
    assert.ok(intoUkraine.results.some((r: { avg_crossing_minutes: number | null }) => r.avg_crossing_minutes !== null), 'some crossing has a typical time');
    for (const r of [...matrix.results, ...intoUkraine.results]) {
      assert.ok('avg_crossing_minutes' in r && 'total_with_avg_crossing' in r);
      const typical = deps.repos.dayStats.get(r.ppid);
      assert.equal(r.avg_crossing_minutes, typical?.unit === 'minutes' && typical.stats.overall_avg !== null ? Math.round(typical.stats.overall_avg) : null, r.ppid);
      if (r.avg_crossing_minutes !== null && r.drive_minutes !== null) assert.equal(r.total_with_avg_crossing, Math.round(r.drive_minutes + r.avg_crossing_minutes));
    }

    // status
    const status = (await get('status')).body.data;
    assert.equal(status.products.queue.title, operations.find((op) => op.slug === 'queue')!.summary);
  });

  it('keeps our contract where theirs differs (the documented differences)', async (t) => {
    const { get } = await appWithKey(t, { seed: { history: true } });
    const queue = (await get('queue?ppid=id_129')).body.data;
    assert.ok(Array.isArray(queue.hourly) && Array.isArray(queue.daily), 'queue data is {hourly, daily}');
    const dir = (await get('checkpoints?country=PL')).body.data.checkpoints;
    assert.ok(dir.every((c: { status: unknown }) => typeof c.status === 'string'), 'status is a word');
    const ppids = Array.from({ length: 20 }, (_, i) => `id_${100 + i}`).join(',');
    assert.equal((await get(`multi?ppids=${ppids}&include=queue`)).status, 200, '20 ppids, not trimmed to 5');
  });

  it('calls the established service\'s MCP tool names and reads the server card', async (t) => {
    const { app, key } = await appWithKey(t, { seed: { history: true } });
    const card = await app.inject({ url: '/.well-known/mcp/server-card.json' });
    assert.equal(card.statusCode, 200);
    const names = (card.json().tools as { name: string }[]).map((tool) => tool.name);
    for (const name of ['get_api_status', 'list_checkpoints', 'get_border_queue', 'get_live_queue', 'get_queue_forecast', 'queue', 'status']) {
      assert.ok(names.includes(name), name);
    }
    assert.equal(card.json().endpoint, '/mcp');

    const rpc = (id: number, name: string, args: Record<string, unknown>, headers: Record<string, string>) => app.inject({
      method: 'POST', url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      payload: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } },
    });
    const live = await rpc(1, 'get_live_queue', { ppid: 'id_129', section: 'snapshot' }, { 'x-api-key': key });
    assert.equal(live.statusCode, 200);
    const envelope = live.json().result.structuredContent;
    assert.equal(envelope.ok, true);
    assert.equal(envelope.product, 'queue');
    const statusCall = await rpc(2, 'get_api_status', {}, {});
    assert.equal(statusCall.json().result.structuredContent.product, 'status');
  });
});
