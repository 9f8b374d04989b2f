/** Operations that exist only in tests: one taking every kind of parameter, one that fails, one on the pool. */
import { z } from 'zod';
import { defineOperation } from '../../services/operation.js';
import { operations } from '../../services/registry.js';
import { notFound } from '../../models/errors.js';
import { commaList, flag, integer, lang, ppid, text } from '../../models/query.js';

export const probeCalls = { count: 0 };

export const probe = defineOperation({
  name: 'probe',
  slug: 'probe',
  summary: 'Echoes its parsed input (tests only)',
  versions: [1, 2],
  access: 'public',
  quotaClass: 'standard',
  input: z.object({
    ppid: ppid(),
    limit: integer(1, 10).default(5),
    names: commaList(text(80), 20, 'too_many_names').optional(),
    compare: flag().optional(),
    lang: lang('uk'),
  }),
  output: z.object({ echo: z.unknown(), call: z.number() }),
  cacheTtlMs: 60_000,
  selfCheck: () => ({ ppid: 'id_1' }),
  async handler(input) {
    probeCalls.count++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { data: { echo: input, call: probeCalls.count } };
  },
});

export const SECRET_TEXT = 'SELECT secret FROM keys WHERE path = /var/lib/bdds/secret.sqlite';

export const explode = defineOperation({
  name: 'explode',
  slug: 'explode',
  summary: 'Always fails with an internal error (tests only)',
  versions: [1],
  access: 'public',
  quotaClass: 'standard',
  input: z.object({}),
  output: z.object({}),
  cacheTtlMs: 0,
  selfCheck: () => ({}),
  handler() {
    throw new Error(SECRET_TEXT);
  },
});

export const quantiles = defineOperation({
  name: 'quantiles',
  slug: 'quantiles',
  summary: 'Answers from a worker thread of the pool, which reads the store itself (tests only)',
  versions: [1],
  access: 'public',
  quotaClass: 'standard',
  input: z.object({}),
  output: z.object({ checkpoints: z.number(), threadId: z.number() }),
  cacheTtlMs: 0,
  selfCheck: () => ({}),
  async handler(_input, deps) {
    return { data: await deps.engine.run('ping', null) };
  },
});

export const withTestOperations = [...operations, probe, explode, quantiles];

/** A keyed product whose cost and outcome the caller chooses (tests of counting rules). */
export const counted = defineOperation({
  name: 'counted',
  slug: 'counted',
  summary: 'Keyed; costs `units`; fails on request (tests only)',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  input: z.object({
    units: integer(1, 100).optional(),
    names: commaList(text(40), 20, 'too_many_names').optional(),
    outcome: z.enum(['ok', 'not_found', 'internal']).optional(),
  }),
  output: z.object({ ok: z.boolean() }),
  cacheTtlMs: 0,
  cost: (input) => input.units ?? (input.names ? Math.ceil(input.names.length / 2) : 1),
  selfCheck: () => ({}),
  handler(input) {
    if (input.outcome === 'not_found') throw notFound('Nothing here.', 'unknown_ppid');
    if (input.outcome === 'internal') throw new Error(SECRET_TEXT);
    return { data: { ok: true } };
  },
});

/** A keyed product of the forecast_stats class. */
export const weighed = defineOperation({
  name: 'weighed',
  slug: 'weighed',
  summary: 'Keyed, forecast_stats class (tests only)',
  versions: [1],
  access: 'keyed',
  quotaClass: 'forecast_stats',
  input: z.object({}),
  output: z.object({ ok: z.boolean() }),
  cacheTtlMs: 60_000,
  selfCheck: () => ({}),
  handler: () => ({ data: { ok: true } }),
});

export const keyedOperations = [...operations, counted, weighed];
