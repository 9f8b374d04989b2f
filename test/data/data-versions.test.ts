import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appWithKey } from '../helpers/deps.js';

const NOW = '2026-11-22T10:00:00.000Z';

describe('data versions', () => {
  it('keep a cached answer for its time to live on the clock while nothing changes (the clock is not part of a key)', async (t) => {
    const { get, deps, setNow } = await appWithKey(t, { seed: { history: false }, replay: false, now: NOW });
    const ppid = deps.repos.directory.all()[0]!.ppid;
    await get(`queue?ppid=${ppid}`);
    const computed = deps.cache.computations;
    setNow(Date.parse(NOW) + 50_000);
    await get(`queue?ppid=${ppid}`);
    assert.equal(deps.cache.computations, computed, '50 s later, same data: served from the cache');
    setNow(Date.parse(NOW) + 61_000);
    await new Promise((r) => setTimeout(r, 5)); // lru-cache reads the clock at most once a millisecond
    await get(`queue?ppid=${ppid}`);
    assert.equal(deps.cache.computations, computed + 1, "past queue's minute on the service's clock: computed again");
  });

  it('move in replay when the clock reveals the next recorded reading, and only then', async (t) => {
    const { get, deps, setNow } = await appWithKey(t, { seed: { history: true }, replay: true, now: NOW });
    const first = (await get('queue?ppid=id_129&section=snapshot')).body.snapshot;
    const version = deps.versions.live('id_129');
    assert.equal(deps.versions.poll(), false, 'same instant: nothing new is visible');
    // Step the clock a second at a time past the next replayed reading (at most a few hours away).
    let movedAtMs = 0;
    for (let ms = Date.parse(NOW) + 60_000; ms < Date.parse(NOW) + 6 * 3_600_000; ms += 60_000) {
      setNow(ms);
      if (deps.versions.live('id_129') !== version) {
        movedAtMs = ms;
        break;
      }
    }
    assert.ok(movedAtMs > 0, 'a newer reading became visible within six hours');
    const next = (await get('queue?ppid=id_129&section=snapshot')).body.snapshot;
    assert.ok(Date.parse(next.updated_at) > Date.parse(first.updated_at), 'the answer shows the newly visible reading');
    assert.ok(Date.parse(next.updated_at) <= movedAtMs);
  });

  it('change when a typical week or a forecast model is stored', async (t) => {
    const { deps } = await appWithKey(t, { seed: { history: true }, replay: true, now: NOW });
    const before = { live: deps.versions.live('id_129'), model: deps.versions.model('id_129'), all: deps.versions.live() };
    const { runDayStats } = await import('../../services/jobs/day-stats-job.js');
    await runDayStats(deps);
    assert.notEqual(deps.versions.live('id_129'), before.live, 'wait_status compares with the typical week');
    assert.notEqual(deps.versions.live(), before.all);
    assert.equal(deps.versions.model('id_129'), before.model, 'no model fitted yet');
  });
});
