/**
 * Several instances behind a load balancer (issue 21; docs/scale-out.md): with `BDDS_REDIS_URL` the daily
 * quotas and per-second limits live in a Redis every instance shares (data/redis/), behind the same
 * `QuotaStore` and `RateLimiter` seams the embedded ones implement, and key changes and data-version moves
 * are announced over Redis pub/sub so every instance acts on them within a second.
 *
 * When Redis is down or does not answer within its time-out, `BDDS_REDIS_FAILURE` decides:
 * - `closed` (default): counted calls are refused with 503 `service_unavailable` (reason `store_unavailable`,
 *   `Retry-After: 2`): no call is admitted that is not counted where every instance sees it;
 * - `open`: counted calls are counted in this instance's store instead (the embedded counters, starting from
 *   the last write-back), and Redis is raised to that total when it returns.
 * In both, the per-second limit falls back to this instance's own token bucket, and `/status` shows the
 * keyed products offline (closed) or degraded (open) while Redis is away.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { createRedisBus, type BusEvent, type RedisBus } from '../data/redis/bus.js';
import { createRedisLink, describeRedisUrl, isRedisUnavailable, type RedisLinkOptions } from '../data/redis/link.js';
import { createRedisQuotaStore } from '../data/redis/quota-store.js';
import { createRedisRateLimiter } from '../data/redis/rate-limiter.js';
import { createCounterReader } from '../data/usage-repo.js';
import { createUsageWriteback } from '../data/redis/usage-writeback.js';
import type { StatusCheck, StatusRepo } from '../data/status-repo.js';
import type { Db } from '../data/store.js';
import type { QuotaStore, RateLimiter } from '../models/access.js';
import { unavailable } from '../models/errors.js';
import type { Authenticator } from './access/authenticate.js';
import { utcDay } from './access/plans.js';
import type { RedisConfig } from './config.js';
import type { Deps } from './deps.js';
import type { AnyOperation } from '../services/operation.js';

/** `Retry-After` of a counted call refused while Redis is away (it reconnects within half a second of its return). */
/** Redis's answer, or when Redis is down (and only then) the fallback's; any other failure is thrown. */
async function orWhenDown<T>(shared: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
  try {
    return await shared();
  } catch (err) {
    if (!isRedisUnavailable(err)) throw err;
    return fallback();
  }
}

export const REDIS_RETRY_AFTER_S = 2;
/** How often the Redis counters changed since the last run are written back to the store. */
export const USAGE_WRITEBACK_MS = 1_000;
/** Every this many write-backs, all of today's and yesterday's counters (a run cut short by a crash is repaired). */
const FULL_PASS_EVERY = 60;
/** How long the start waits for Redis before serving without it (the failure policy applies meanwhile). */
const CONNECT_WAIT_MS = 2_000;

export interface ScaleOutParts {
  db: Db;
  log: Logger;
  now: () => Date;
  /** Tests: the command time-out and probe interval. */
  link?: RedisLinkOptions;
  writebackMs?: number;
}

export function createScaleOut(config: RedisConfig, parts: ScaleOutParts) {
  const { log } = parts;
  const instanceId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const link = createRedisLink(config.url, { connectionName: `bdds-${instanceId}`.replace(/[^\w.-]/g, '_'), ...parts.link });
  const where = describeRedisUrl(config.url);
  // The store's total of a counter is the floor of its Redis counter (read on the main connection: WAL
  // readers never wait). A failed read only loses the floor, not the call.
  const stored = createCounterReader(parts.db);
  const redisQuota = createRedisQuotaStore(link, {
    floor: (keyId, day, cls) => {
      try {
        return stored(keyId, day, cls);
      } catch {
        return 0;
      }
    },
  });
  const writeback = createUsageWriteback(parts.db, redisQuota);
  const redisLimiter = createRedisRateLimiter(link);
  const open = config.failure === 'open';
  let bus: RedisBus | null = null;
  /** Moves on every change between up and down: the status answer's cache version follows it. */
  let epoch = 0;
  let runs = 0;
  /** The keyed products' slugs (filled at start): they read offline or degraded while Redis is away. */
  const keyed = new Set<string>();

  link.onChange((up, cause) => {
    epoch++;
    if (up) log.info({ redis: where }, 'shared counters (Redis) reachable');
    else if (cause !== 'connecting') {
      log.warn({ redis: where, cause, policy: config.failure },
        open ? 'shared counters (Redis) unreachable: counted calls are counted by this instance alone' : 'shared counters (Redis) unreachable: counted calls are refused');
    }
  });

  const refuse = () => unavailable('The shared usage counters are unreachable; retry shortly.', REDIS_RETRY_AFTER_S, 'store_unavailable');

  /** Today's and yesterday's UTC days by the service clock (yesterday's last calls are written after midnight). */
  const days = () => {
    const nowMs = parts.now().getTime();
    return [utcDay(new Date(nowMs)), utcDay(new Date(nowMs - 86_400_000))];
  };

  async function writeBack(full: boolean): Promise<void> {
    if (!link.up) return;
    try {
      await writeback.run(days(), full);
    } catch (err) {
      if (!isRedisUnavailable(err)) log.warn({ err }, 'usage write-back failed; retried on the next run');
    }
  }

  return {
    link,
    instanceId,

    /** The daily counters: Redis, with the failure policy over `local` (the embedded counters). */
    quota(local: QuotaStore): QuotaStore {
      return {
        consume: (keyId, day, cls, cost, limit) => orWhenDown(() => redisQuota.consume(keyId, day, cls, cost, limit),
          () => (open ? local.consume(keyId, day, cls, cost, limit) : Promise.reject(refuse()))),
        // open: the call may have been counted here. closed: the unit stays counted (over, never under).
        refund: (keyId, day, cls, cost) => orWhenDown(() => redisQuota.refund(keyId, day, cls, cost),
          async () => { if (open) await local.refund(keyId, day, cls, cost); }),
        used: (keyId, day, cls) => orWhenDown(() => redisQuota.used(keyId, day, cls), () => local.used(keyId, day, cls)),
      };
    },

    /** The per-second limit: Redis, else (either policy) `local`, this instance's own buckets. */
    limiter(local: RateLimiter): RateLimiter {
      return {
        take: (id, ratePerS, nowMs) => orWhenDown(() => redisLimiter.take(id, ratePerS, nowMs), () => local.take(id, ratePerS, nowMs)),
      };
    },

    /**
     * Joins the other instances: key changes made here (portal: revoke, roll, verify, plan) and data versions
     * that move here are announced, notices from the others acted on, `/status` follows Redis's state.
     * Waits up to 2 s for Redis; without it the service starts anyway under the failure policy.
     */
    /**
     * The stored status round as this instance sees it: while Redis is away, the keyed products read offline
     * (closed) or degraded (open). Which products are keyed is known at `start`.
     */
    status(local: StatusRepo): StatusRepo {
      return statusWithRedis(local, { keyed, up: () => link.up, epoch: () => epoch, open });
    },

    /**
     * Joins the other instances: key changes made here (portal: revoke, roll, verify, plan) and data versions
     * that move here are announced (the repositories' change notices), notices from the others acted on.
     * Waits up to 2 s for Redis; without it the service starts anyway under the failure policy.
     */
    async start(target: { deps: Deps; authenticator: Authenticator; operations: readonly AnyOperation[] }): Promise<void> {
      const { deps, authenticator } = target;
      const versions = deps.versions;
      for (const op of target.operations) if (op.access === 'keyed') keyed.add(op.slug);
      /** True while acting on another instance's notice: what that moves here was announced already. */
      let acting = false;
      const guarded = (what: string, act: () => void) => {
        acting = true;
        try {
          act();
        } catch (err) {
          log.warn({ err }, `acting on a notice from another instance failed (${what}); the 5 s cache and poll still apply`);
        } finally {
          acting = false;
        }
      };
      bus = createRedisBus(link, {
        instanceId,
        onEvent: (event: BusEvent) => guarded(event.type, () => {
          if (event.type === 'keys') authenticator.forget(event.ids);
          else versions.poll();
        }),
        // Notices sent while this instance was disconnected are lost: act as if every one had been missed.
        onResync: () => guarded('resync', () => {
          authenticator.forget();
          versions.poll();
        }),
      });
      const announce = (event: BusEvent) => void bus?.publish(event);
      // This instance forgets its own changed keys itself (api/create-deps.ts); the others are told.
      deps.repos.keys.changes.on(({ ids }) => announce({ type: 'keys', ids }));
      // A refresh follows this process's own writes; a poll found another process's commit (or a dataset moved).
      versions.changes.on(() => {
        if (!acting) announce({ type: 'versions' });
      });

      if (!(await link.whenUp(CONNECT_WAIT_MS))) {
        log.warn({ redis: where, cause: link.lastError, policy: config.failure }, 'shared counters (Redis) not reachable at start; serving under the failure policy');
      }
      await Promise.race([bus.subscribed, new Promise((r) => setTimeout(r, 500).unref())]);
    },

    /** The write-back job (server scheduler): Redis totals of today and yesterday into `usage_counters`. */
    writebackJob: {
      name: 'usage-writeback',
      intervalMs: parts.writebackMs ?? USAGE_WRITEBACK_MS,
      run: () => writeBack(runs++ % FULL_PASS_EVERY === 0),
    },

    /** A last full write-back, then the connections. */
    async close(): Promise<void> {
      await writeBack(true);
      await bus?.close();
      await link.close();
    },
  };
}

export type ScaleOut = ReturnType<typeof createScaleOut>;

/**
 * The stored status round, as seen while Redis is away: keyed products cannot be counted where every
 * instance sees it, so they read offline (closed: refused) or degraded (open: counted here alone).
 */
function statusWithRedis(base: StatusRepo, state: { keyed: ReadonlySet<string>; up: () => boolean; epoch: () => number; open: boolean }): StatusRepo {
  const detail = state.open
    ? 'the shared usage counters (Redis) are unreachable: calls are counted by each instance alone'
    : 'the shared usage counters (Redis) are unreachable: counted calls are refused until they return';
  const overlay = (checks: StatusCheck[]): StatusCheck[] => checks.map((c) =>
    state.keyed.has(c.product) ? { ...c, status: state.open ? (c.status === 'offline' ? 'offline' : 'degraded') : 'offline', detail, reason: 'store_unavailable' } : c);
  return {
    saveAll: (checks, onWriteFailure) => base.saveAll(checks, onWriteFailure),
    all: () => (state.up() ? base.all() : overlay(base.all())),
    // Both only ever grow, so their sum moves whenever either does: a new round or a change of Redis's state.
    get generation() {
      return base.generation + state.epoch();
    },
  };
}
