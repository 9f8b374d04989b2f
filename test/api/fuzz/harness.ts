/**
 * The fuzz target and runner, shared by the test (fixed seed, `npm test`) and `bench/fuzz.ts` (random
 * seed, more runs): one app on a real store (the models template, so every product has data), a Pay As
 * You Grow key with limits no run reaches, the OpenAPI document the app serves, and checkpoints from
 * the directory it answers.
 */
import type { TestContext } from 'node:test';
import fc from 'fast-check';
import { bearer, buildTestApp, makeKey } from '../../helpers/deps.js';
import { documentedOperations, urlOf, type DocOperation, type OpenApiDoc } from './document.js';
import { answerProblems, prototypeChanges, quickPrototypeChanges, snapshotPrototypes, type PrototypeSnapshot } from './oracle.js';
import { invalidCase, sweepCases, validCase, validRequest, type Domain, type FuzzCase, type SampleCheckpoint } from './requests.js';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

export interface FuzzTarget {
  app: App;
  key: string;
  doc: OpenApiDoc;
  ops: DocOperation[];
  /** What valid requests are drawn from. */
  domain: Domain;
  /** The prototypes before the first request. */
  prototypes: PrototypeSnapshot;
  logLines: string[];
}

/** Fixed seed of `npm test`'s run. */
export const TEST_SEED = 20_261_122;

/**
 * Builds the target. `t` only needs `after` (the test helpers close the app, pool and store there),
 * so the bench passes a stand-in that collects the clean-ups. `wide`: valid requests about every
 * checkpoint of the directory rather than a small fixed set, with whole domains (every language, fuel
 * grade, date, point) rather than a few values (slower: the answer cache absorbs less).
 */
export async function startTarget(t: Pick<TestContext, 'after'>, options: { wide?: boolean } = {}): Promise<FuzzTarget> {
  const prototypes = snapshotPrototypes();
  const built = await buildTestApp(t as TestContext, {
    seed: { history: true, models: true },
    // warnings and errors only: a 500 is logged at error level, and the suite checks none was
    logLevel: 'warn',
    // many refused credentials from one address: keep answering 401/403 rather than 429
    failedAuth: { max: 1_000_000, windowMs: 60_000 },
    // a generous time budget: a 503 here should mean an input the engine cannot handle, not a busy machine
    engine: { threads: 1, taskTimeoutMs: 20_000 },
  });
  const big = 1_000_000_000;
  const { key } = makeKey(built.deps, { plan: 'payg', limits: { standard: big, forecast_stats: big, cheap: big, qps: big } });
  const docAnswer = await built.app.inject('/api/openapi.json');
  if (docAnswer.statusCode !== 200) throw new Error(`/api/openapi.json answered ${docAnswer.statusCode}`);
  const doc = docAnswer.json() as OpenApiDoc;
  const ops = documentedOperations(doc);
  const directory = await built.app.inject({ url: '/api/v1/data/checkpoints', headers: bearer(key) });
  if (directory.statusCode !== 200) throw new Error(`/checkpoints answered ${directory.statusCode}`);
  const entries = directory.json().data.checkpoints as DirectoryEntry[];
  const sample = options.wide ? entries.map(asSample) : sampleCheckpoints(entries);
  return { app: built.app, key, doc, ops, domain: { sample, wide: options.wide ?? false }, prototypes, logLines: built.logLines };
}

interface DirectoryEntry extends SampleCheckpoint {
  has_live_data?: boolean;
  has_day_stats?: boolean;
}

/**
 * A fixed, small set of checkpoints: few enough that the answer cache absorbs repeats of the heavy
 * products (forecast, alternatives, travel-matrix), varied enough to cover countries and vehicle types,
 * and one without a typical week (its day-stats and forecast are 404s).
 */
function sampleCheckpoints(entries: DirectoryEntry[]): SampleCheckpoint[] {
  const sorted = [...entries].sort((a, b) => a.ppid.localeCompare(b.ppid));
  const picked: DirectoryEntry[] = [];
  const seen = new Set<string>();
  for (const e of sorted) {
    if (!e.has_day_stats) continue;
    const kind = `${e.origin}-${e.crossing_type}`;
    if (seen.has(kind)) continue;
    seen.add(kind);
    picked.push(e);
    if (picked.length === 7) break;
  }
  const without = sorted.find((e) => !e.has_day_stats);
  if (without) picked.push(without);
  if (picked.length === 0) throw new Error('the directory has no checkpoint to fuzz with');
  return picked.map(asSample);
}

const asSample = ({ ppid, name, origin, destination, crossing_type, lat, lon }: DirectoryEntry): SampleCheckpoint =>
  ({ ppid, name, origin, destination, crossing_type, lat, lon });

export interface OpStats {
  op: string;
  valid: number;
  invalid: number;
  /** The deterministic sweep of the listed hostile values through every parameter. */
  sweep: number;
  /** Statuses seen, per kind of case. */
  statuses: { valid: Record<number, number>; invalid: Record<number, number>; sweep: Record<number, number> };
  ms: number;
}

async function send(target: FuzzTarget, op: DocOperation, fuzzCase: FuzzCase) {
  const headers: Record<string, string> = {};
  if (fuzzCase.auth.kind === 'key') Object.assign(headers, bearer(target.key));
  else if (fuzzCase.auth.kind === 'raw') headers.authorization = fuzzCase.auth.value;
  return target.app.inject({ method: 'GET', url: urlOf(op, fuzzCase.request), headers });
}

function describeCase(op: DocOperation, fuzzCase: FuzzCase): string {
  const url = urlOf(op, fuzzCase.request);
  const auth = fuzzCase.auth.kind === 'raw' ? ` (Authorization: ${JSON.stringify(fuzzCase.auth.value.slice(0, 60))})` : fuzzCase.auth.kind === 'none' && op.keyed ? ' (no credential)' : '';
  return `${fuzzCase.kind} ${url.length > 400 ? `${url.slice(0, 400)}...(${url.length} chars)` : url}${auth}${fuzzCase.mutations.length ? ` [${fuzzCase.mutations.join('; ')}]` : ''}`;
}

/** A 32-bit seed per operation and kind, from the run's seed (adding an operation reshuffles no other). */
export function seedFor(base: number, op: DocOperation, kind: 'valid' | 'invalid' | 'sweep'): number {
  let h = 0x811c9dc5 ^ base;
  for (const ch of `${op.id}:${kind}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

/**
 * Runs the sweep (every listed hostile value in every parameter), then `runs.valid` valid and
 * `runs.invalid` invalid random cases against one operation; throws on the first case that breaks an
 * oracle or touches a prototype (for random cases fast-check's report: seed, counterexample, shrunk).
 */
export async function fuzzOperation(target: FuzzTarget, op: DocOperation, seed: number, runs: { valid: number; invalid: number }): Promise<OpStats> {
  const started = performance.now();
  const stats: OpStats = { op: op.id, valid: 0, invalid: 0, sweep: 0, statuses: { valid: {}, invalid: {}, sweep: {} }, ms: 0 };
  const check = async (fuzzCase: FuzzCase) => {
    const answer = await send(target, op, fuzzCase);
    const problems = answerProblems(target.doc, op, fuzzCase, answer);
    const changes = quickPrototypeChanges(target.prototypes);
    if (problems.length || changes.length) {
      throw new Error(`${describeCase(op, fuzzCase)}\n  -> ${answer.statusCode} ${answer.body.slice(0, 600)}\n  ${[...problems, ...changes].join('\n  ')}`);
    }
    return answer.statusCode;
  };
  const base = fc.sample(validRequest(op, target.domain), { seed: seedFor(seed, op, 'sweep'), numRuns: 1 })[0]!;
  for (const fuzzCase of sweepCases(op, base)) {
    const status = await check(fuzzCase);
    stats.sweep++;
    stats.statuses.sweep[status] = (stats.statuses.sweep[status] ?? 0) + 1;
  }
  for (const kind of ['valid', 'invalid'] as const) {
    const arbitrary = kind === 'valid' ? validCase(op, target.domain) : invalidCase(op, target.domain);
    const property = fc.asyncProperty(arbitrary, async (fuzzCase) => {
      const status = await check(fuzzCase);
      stats[kind]++;
      stats.statuses[kind][status] = (stats.statuses[kind][status] ?? 0) + 1;
    });
    await fc.assert(property, { seed: seedFor(seed, op, kind), numRuns: kind === 'valid' ? runs.valid : runs.invalid });
    const changes = prototypeChanges(target.prototypes);
    if (changes.length) throw new Error(`after the ${kind} requests to ${op.id} (seed ${seed}): ${changes.join('; ')}`);
  }
  stats.ms = performance.now() - started;
  return stats;
}

/** The log lines at error level or above (a 500 is logged there). */
export function errorLogLines(lines: readonly string[]): string[] {
  return lines.filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
}

/** `{200: 180, 404: 20}` as `200x180 404x20`. */
export const formatStatuses = (counts: Record<number, number>) =>
  Object.entries(counts).sort(([a], [b]) => Number(a) - Number(b)).map(([s, n]) => `${s}x${n}`).join(' ');
