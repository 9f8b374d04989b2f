/**
 * Longer fuzz runs of every documented operation (the same generators and oracles as
 * test/api/fuzz/operations.test.ts, which runs 200 + 200 cases per operation with a fixed seed in
 * `npm test`). A random seed unless given; the seed is printed first, so a failure can be replayed.
 *
 *   tsx bench/fuzz.ts                                 random seed, 2000 valid + 2000 invalid per operation
 *   FUZZ_SEED=123 FUZZ_RUNS=10000 tsx bench/fuzz.ts   fixed seed, 10000 + 10000 per operation
 *   FUZZ_OPS=fuel,border tsx bench/fuzz.ts            only these operations (operationId or slug)
 *   FUZZ_WIDE=0 tsx bench/fuzz.ts                     valid requests from the test's narrow domains (a few
 *                                                     checkpoints, languages, grades, dates); default: every
 *                                                     checkpoint, language, grade, any date and point
 *
 * Uses the test store templates (BDDS_TEST_TEMPLATES, else builds them once into a temporary folder).
 * Exit status 1 on the first broken oracle, with fast-check's report (seed, path, shrunk counterexample).
 */
import { formatStatuses, fuzzOperation, errorLogLines, startTarget, type OpStats } from '../test/api/fuzz/harness.js';
import { prototypeChanges } from '../test/api/fuzz/oracle.js';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be an integer (got ${raw})`);
  return n;
}

const seed = intFromEnv('FUZZ_SEED', (Math.random() * 2 ** 31) | 0);
const runs = intFromEnv('FUZZ_RUNS', 2000);
if (runs < 1) throw new Error('FUZZ_RUNS must be at least 1');
const only = (process.env.FUZZ_OPS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const wide = process.env.FUZZ_WIDE !== '0';

const settings = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs}${only.length ? ` FUZZ_OPS=${only.join(',')}` : ''}${wide ? '' : ' FUZZ_WIDE=0'}`;
console.log(`fuzz: ${settings}`);

const cleanups: (() => unknown)[] = [];
const closeAll = async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
};

let failed = false;
const started = performance.now();
try {
  const target = await startTarget({ after: (fn: () => unknown) => void cleanups.push(fn) } as never, { wide });
  const ops = target.ops.filter((op) => only.length === 0 || only.includes(op.id) || only.includes(op.slug));
  if (ops.length === 0) throw new Error(`FUZZ_OPS names no documented operation (documented: ${target.ops.map((o) => o.id).join(', ')})`);
  const rows: OpStats[] = [];
  for (const op of ops) {
    const stats = await fuzzOperation(target, op, seed, { valid: runs, invalid: runs });
    rows.push(stats);
    console.log(`${op.id.padEnd(16)} ${String(Math.round(stats.ms)).padStart(7)} ms  valid: ${formatStatuses(stats.statuses.valid).padEnd(28)} `
      + `invalid: ${formatStatuses(stats.statuses.invalid).padEnd(36)} sweep: ${formatStatuses(stats.statuses.sweep)}`);
  }
  const changes = prototypeChanges(target.prototypes);
  const errors = errorLogLines(target.logLines);
  if (changes.length) throw new Error(`prototypes changed: ${changes.join('; ')}`);
  if (errors.length) throw new Error(`internal errors were logged:\n${errors.slice(0, 5).join('\n')}`);
  const total = rows.reduce((n, r) => n + r.valid + r.invalid + r.sweep, 0);
  console.log(`\n${ops.length} operations, ${total} requests, ${((performance.now() - started) / 1000).toFixed(1)} s: no 5xx, every status documented, every body as documented, no internal text, prototypes untouched.`);
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  if (err instanceof Error && err.cause instanceof Error) console.error(`\ncause: ${err.cause.message}`);
  console.error(`\nreplay: ${settings} npx tsx bench/fuzz.ts`);
} finally {
  await closeAll();
}
process.exit(failed ? 1 : 0);
