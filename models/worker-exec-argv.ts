/**
 * The process's Node options for a worker thread, without a `--import tsx` preload: a worker started from
 * source loads its TypeScript through its shim (tsx's hooks do not reach worker threads on Node 20), so the
 * preload would only cost each thread ~40 ms of its start. Other options (heap sizes, flags) are kept.
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  return execArgv.filter((arg, i) =>
    arg !== '--import=tsx' && !(arg === '--import' && execArgv[i + 1] === 'tsx') && !(arg === 'tsx' && execArgv[i - 1] === '--import'));
}
