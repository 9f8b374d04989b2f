/**
 * Node options for a worker thread started from source: the process's own, without the tsx preload (the
 * worker loads its TypeScript through its shim, as tsx's hooks do not reach worker threads on Node 20, so
 * the preload only costs each thread ~40 ms of start). `undefined` (inherit the process's options) whenever
 * anything else is there: a worker given V8 or per-process options explicitly (`--max-old-space-size`,
 * `--expose-gc`, `--title`) refuses to start, where inheriting them is allowed.
 */
const TSX_PRELOAD = /^(tsx|file:\/\/.*\/node_modules\/tsx\/dist\/loader\.mjs|.*\/node_modules\/tsx\/dist\/preflight\.cjs)$/;
const LOADS = new Set(['--import', '--require', '-r']);

export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] | undefined {
  const kept: string[] = [];
  let dropped = false;
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!LOADS.has(flag)) return undefined;
    const value = inline ?? execArgv[++i];
    if (value === undefined) return undefined;
    if (TSX_PRELOAD.test(value)) dropped = true;
    else kept.push(flag, value);
  }
  return dropped ? kept : undefined;
}
