// Runs the test files with node's test runner and tsx (Node 20's --test does not expand globs).
//
//   node test/run.mjs [--typecheck] [--system] [--record-timings] [file ...]
//
// Two lanes: `npm test` runs every *.test.ts except the *.system.test.ts files (unit and in-process
// integration); `npm run test:system` runs those (a browser, Redis, kill -9, the fuzz sweep, processes
// of their own). Named files run as given.
//
// Module loading is most of a small test file's time (the service's modules through tsx, ~2 s), so the
// files are dealt into two groups, one per process the runner runs at a time, and each group is one
// process that imports its files in turn: a failure still names its file, and a group that crashes fails
// the run. Node 22's --experimental-test-isolation=none does the same; Node 20 has no such option.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleWorkers } from './helpers/bundle-workers.mjs';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const args = process.argv.slice(2);
const typecheck = args.includes('--typecheck');
const system = args.includes('--system');
const recordTimings = args.includes('--record-timings');
const only = args.filter((a) => !a.startsWith('--'));
const isSystem = (f) => f.endsWith('.system.test.ts');
const files = (only.length > 0 ? only : findTests('test').filter((f) => isSystem(f) === system)).sort();
// Store templates (directory + recorded series, and with models), built once and copied by the tests; the
// worker modules bundled once (helpers/bundle-workers.mjs). The tests start once the bundles are there; each
// test waits for the template it copies (helpers/store-templates.ts: the base and history templates come
// first, the models are fitted beside the tests), and the files that need the models run last in their groups.
// The type check (`--typecheck`: `npm run check`, not `npm test`) runs beside the build and the tests; the
// run fails at the end if it fails.
const scratch = mkdtempSync(join(tmpdir(), 'bdds-run-'));
const templates = join(scratch, 'templates');
let workers = null;
// Whatever ends the run (a failed build, the tests, Ctrl-C), the templates, groups and bundles go with it.
process.on('exit', () => {
  rmSync(scratch, { recursive: true, force: true });
  if (workers) rmSync(workers, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));
const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill();
});
/** Resolves with the child's exit code (1 when killed) and how long it ran. */
const finished = (child) => {
  children.add(child);
  return new Promise((resolve) => child.on('close', (code) => {
    children.delete(child);
    resolve({ code: code ?? 1, ms: performance.now() - started });
  }));
};
const typeCheck = typecheck
  ? finished(spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.test.json'], { stdio: 'inherit' }))
  : Promise.resolve({ code: 0, ms: 0 });
mkdirSync(templates);
writeFileSync(join(templates, 'building'), '');
const builder = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/build-store-templates.ts', templates], { stdio: 'inherit' });
let buildDone = false;
const build = finished(builder)
  .then((result) => {
    buildDone = true;
    // A test waiting for a template stops waiting: it fails if the build did.
    if (result.code !== 0) writeFileSync(join(templates, 'failed'), `the build exited with ${result.code}`);
    rmSync(join(templates, 'building'), { force: true });
    return result;
  });
const bundled = bundleWorkers().then((dir) => {
  workers = dir;
  return performance.now() - started;
});
/** Resolves when the history template is whole (or the build has ended), with the time. */
const historyReady = new Promise((resolve) => {
  const poll = setInterval(() => {
    if (existsSync(join(templates, 'history.sqlite')) || existsSync(join(templates, 'failed'))) {
      clearInterval(poll);
      resolve(performance.now() - started);
    }
  }, 50);
  build.then(() => {
    clearInterval(poll);
    resolve(performance.now() - started);
  });
});
// The tests start once the worker bundles are there (~0.5 s): their processes load the modules (~2 s) while the
// templates are built, and a test waits for the template it copies (helpers/store-templates.ts).
const bundledMs = await bundled;

/**
 * The files' run times (seconds, summed over their top-level tests) as last recorded by
 * `node test/run.mjs --record-timings`; a file not listed (new, renamed) is estimated from its size.
 */
const timingsFile = 'test/timings.json';
const timings = existsSync(timingsFile) ? JSON.parse(readFileSync(timingsFile, 'utf8')) : {};
const estimate = (file) => timings[file.split(sep).join('/')] ?? statSync(file).size / 2_000;

/**
 * The files dealt into groups, longest first onto the lightest group (by their recorded run times, see
 * above; file size was a poor stand-in: the slowest group ran ~45 s longer than the fastest); the groups
 * are started longest first. The unit lane has as many groups as processes run at once (two): each more
 * process loads the modules and the data kept per process again (gazetteer, language tools, the templates'
 * places), ~9 s of CPU, more than the later start of a group that runs long costs at the end (measured
 * 2026-11-26: 291 CPU-seconds and the tests done 200 s after the templates with two groups, 321 and 246 s
 * with six).
 */
function groups(list, count) {
  const out = Array.from({ length: Math.min(count, list.length) }, () => ({ seconds: 0, files: [] }));
  for (const file of [...list].sort((a, b) => estimate(b) - estimate(a) || a.localeCompare(b))) {
    const lightest = out.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.files.push(file);
    lightest.seconds += estimate(file) + 0.1;
  }
  return out.sort((a, b) => b.seconds - a.seconds).map((g) => g.files.sort((a, b) => needsModels(a) - needsModels(b) || a.localeCompare(b)));
}

/**
 * 1 for a file that (by its text) starts from the models template, which is built while the first files run:
 * those go last in their group. A file this misses only waits for the template where it needs it.
 */
const needsModels = (file) => (/models: true|storeTemplate\('models'\)|fuzz\/harness/.test(readFileSync(file, 'utf8')) ? 1 : 0);

const entries = only.length > 0 && files.length === 1 ? files : groups(files, system ? files.length : 2).map((group, i) => {
  const entry = join(scratch, `group-${i + 1}.mjs`);
  writeFileSync(entry, group.map((f) => `await import(${JSON.stringify(pathToFileURL(resolve(f)).href)});\n`).join(''));
  return entry;
});
const timingsOut = join(scratch, 'timings.jsonl');
// BDDS_TEST_CPU_PROF=<folder>: a CPU profile of every test process and its threads (Node 20 takes no --cpu-prof in NODE_OPTIONS).
const profile = process.env.BDDS_TEST_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BDDS_TEST_CPU_PROF)}`] : [];
const reporters = recordTimings
  ? ['--test-reporter=spec', '--test-reporter-destination=stdout', `--test-reporter=${pathToFileURL(resolve('test/helpers/timings-reporter.mjs')).href}`, `--test-reporter-destination=${timingsOut}`]
  : ['--test-reporter=spec'];
const tests = await finished(spawn(
  process.execPath,
  [...profile, '--import', 'tsx', '--test', '--test-concurrency=2', ...reporters, ...entries],
  { stdio: 'inherit', env: { ...process.env, BDDS_LOG_LEVEL: process.env.BDDS_LOG_LEVEL ?? 'silent', BDDS_TEST_TEMPLATES: templates, BDDS_WORKER_BUNDLES: workers } },
));
// Tests done before the build (a file or two that never needed the models): what is left of it is not needed.
const unneeded = !buildDone;
if (unneeded) builder.kill();
const [built, typed, historyMs] = await Promise.all([unneeded ? build.then((b) => ({ ...b, code: 0 })) : build, typeCheck, historyReady]);
console.log(`test/run.mjs: history template ${seconds(historyMs)}, ${unneeded ? 'the models template not needed' : `all templates ${seconds(built.ms)}`}, worker bundles ${seconds(bundledMs)}${typecheck ? `, type check done at ${seconds(typed.ms)}` : ''}, tests done at ${seconds(tests.ms)}`);
if (recordTimings && tests.code === 0) {
  const recorded = { ...timings };
  for (const f of files) delete recorded[f.split(sep).join('/')];
  for (const line of readFileSync(timingsOut, 'utf8').split('\n').filter(Boolean)) {
    const { file, ms } = JSON.parse(line);
    const key = relative(process.cwd(), file).split(sep).join('/');
    recorded[key] = (recorded[key] ?? 0) + ms / 1000;
  }
  const sorted = Object.fromEntries(Object.keys(recorded).sort().map((k) => [k, Math.round(recorded[k] * 10) / 10]));
  writeFileSync(timingsFile, `${JSON.stringify(sorted, null, 1)}\n`);
}
if (typed.code !== 0) console.error('test/run.mjs: the type check failed (its errors are above)');
if (built.code !== 0) console.error('test/run.mjs: building the store templates failed (its errors are above)');
process.exit(tests.code || built.code || typed.code);
