/**
 * The daily counters in Redis, shared by every instance: `consume` is one Lua script (check and add, all
 * or nothing for a call's whole cost), so N instances admit exactly what one would. A counter is durable
 * as far as Redis is (run it with `appendonly yes`); below that, `floor` (the total the embedded store
 * holds, written back by `createUsageWriteback`) bounds what a Redis that lost its data could forget.
 * Failures are RedisUnavailableError (link.ts): the caller applies the configured policy.
 */
import type { ConsumeResult, QuotaStore } from '../../models/access.js';
import type { QuotaClass } from '../../models/envelope.js';
import type { RedisLink } from './link.js';
import { CONSUME, DRAIN, REFUND } from './scripts.js';

export const REDIS_PREFIX = 'bdds:';
/** Counters live until the day's UTC midnight plus this (the write-back reads yesterday's after midnight). */
export const COUNTER_MARGIN_S = 6 * 3_600;

export interface RedisQuotaOptions {
  /** The total the embedded store holds for a counter (0 when none); read before every consume. */
  floor?: (keyId: number, day: string, cls: QuotaClass) => number;
  prefix?: string;
}

export interface CounterTotal {
  keyId: number;
  day: string;
  cls: QuotaClass;
  used: number;
}

const CLASSES: ReadonlySet<string> = new Set<QuotaClass>(['standard', 'forecast_stats', 'cheap']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The end of a UTC day (`YYYY-MM-DD`) in epoch seconds. */
const dayEndS = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400;

function totalOf(day: string, field: string, value: unknown): CounterTotal | null {
  const [id, cls, ...rest] = field.split(':');
  const keyId = Number(id);
  const used = Number(value);
  if (rest.length > 0 || !Number.isSafeInteger(keyId) || keyId <= 0 || !CLASSES.has(cls ?? '') || !Number.isSafeInteger(used) || used < 0) return null;
  return { keyId, day, cls: cls as QuotaClass, used };
}

export function createRedisQuotaStore(link: RedisLink, options: RedisQuotaOptions = {}) {
  const prefix = options.prefix ?? REDIS_PREFIX;
  const floor = options.floor ?? (() => 0);
  const hash = (day: string) => `${prefix}q:${day}`;
  const changed = (day: string) => `${prefix}qd:${day}`;
  const field = (keyId: number, cls: QuotaClass) => `${keyId}:${cls}`;
  for (const script of [CONSUME, REFUND, DRAIN]) link.register(script);

  const store: QuotaStore = {
    async consume(keyId, day, cls, cost, limit): Promise<ConsumeResult> {
      const reply = (await link.eval(CONSUME, [hash(day), changed(day)],
        [field(keyId, cls), cost, limit, floor(keyId, day, cls), dayEndS(day) + COUNTER_MARGIN_S, COUNTER_MARGIN_S])) as [number, number];
      return { admitted: reply[0] === 1, used: Number(reply[1]) };
    },
    async refund(keyId, day, cls, cost) {
      await link.eval(REFUND, [hash(day)], [field(keyId, cls), cost]);
    },
    async used(keyId, day, cls) {
      const value = await link.run((c) => c.hget(hash(day), field(keyId, cls)));
      return Math.max(Number(value ?? 0), floor(keyId, day, cls));
    },
  };

  return {
    ...store,
    /** Takes up to `max` counters changed since the last drain of `day`, with their totals (`taken`: fields taken off). */
    async drainChanged(day: string, max = 1_000): Promise<{ taken: number; totals: CounterTotal[] }> {
      if (!DAY.test(day)) return { taken: 0, totals: [] };
      const [fields, totals] = (await link.eval(DRAIN, [hash(day), changed(day)], [max])) as [string[], (string | null)[]];
      return { taken: fields.length, totals: fields.flatMap((f, i) => totalOf(day, f, totals[i] ?? null) ?? []) };
    },
    /** Marks counters as changed again (their write-back failed). */
    async markChanged(day: string, totals: readonly CounterTotal[]): Promise<void> {
      if (totals.length === 0) return;
      // The set may have been emptied (and so deleted) meanwhile: it gets a bounded life again.
      await link.run((c) => c.multi().sadd(changed(day), ...totals.map((t) => field(t.keyId, t.cls)))
        .expire(changed(day), 86_400 + COUNTER_MARGIN_S).exec());
    },
    /** Every counter of `day`. */
    async totals(day: string): Promise<CounterTotal[]> {
      if (!DAY.test(day)) return [];
      const all = await link.run((c) => c.hgetall(hash(day)));
      return Object.entries(all).flatMap(([f, v]) => totalOf(day, f, v) ?? []);
    },
  };
}

export type RedisQuotaStore = ReturnType<typeof createRedisQuotaStore>;
