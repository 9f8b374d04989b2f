/**
 * Node options for a worker thread started from source: the process's own, without the tsx preload (the
 * worker loads its TypeScript through its shim, as tsx's hooks do not reach worker threads on Node 20; the
 * preload costs each thread ~40 ms of start, and ~0.2 s more where the thread then loads packages, as tsx's
 * CommonJS hook transforms them). `undefined` (inherit the process's options) whenever anything else is
 * there: a worker given V8 or per-process options explicitly (`--max-old-space-size`, `--expose-gc`,
 * `--title`) refuses to start, where inheriting them is allowed. The test runner's own options, which
 * `node --test` passes on to each file's process (`--test-concurrency=2`), mean nothing to a thread: left out.
 * The CPU profiler's options (`--cpu-prof`, `--cpu-prof-dir=...`) are ones a worker takes: kept, so a profiled
 * process's threads run as they do unprofiled (without tsx) and are profiled too.
 */
const TSX_PRELOAD = /^(tsx|file:\/\/.*\/node_modules\/tsx\/dist\/loader\.mjs|.*\/node_modules\/tsx\/dist\/preflight\.cjs)$/;
const LOADS = new Set(['--import', '--require', '-r']);
const TEST_RUNNER = /^--test-[a-z-]+=|^--test-(only|force-exit)$/;
const CPU_PROFILE = /^--cpu-prof(-(dir|name|interval)=.+)?$/;

export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] | undefined {
  const kept: string[] = [];
  let dropped = false;
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    if (TEST_RUNNER.test(arg)) continue;
    if (CPU_PROFILE.test(arg)) {
      kept.push(arg);
      continue;
    }
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!LOADS.has(flag)) return undefined;
    const value = inline ?? execArgv[++i];
    if (value === undefined) return undefined;
    if (TSX_PRELOAD.test(value)) dropped = true;
    else kept.push(flag, value);
  }
  return dropped ? kept : undefined;
}
