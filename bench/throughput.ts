/**
 * Throughput of the same work on the main thread and in a pool, compared fairly: both warmed alike first
 * (the JIT, each worker's connection and caches), then measured in alternating rounds so the machine's
 * noise falls on both; the round with the median ratio is reported, with every round's ratio.
 */
import { performance } from 'node:perf_hooks';

export interface ThroughputComparison {
  mainRate: number;
  poolRate: number;
  ratio: number;
  /** Every round's pool/main ratio, in the order run. */
  rounds: number[];
}

export async function compareThroughput(onMain: (i: number) => unknown, inPool: (i: number) => Promise<unknown>,
  { tasks = 600, warm = 300, rounds = 5 }: { tasks?: number; warm?: number; rounds?: number } = {}): Promise<ThroughputComparison> {
  const poolBatch = (count: number) => Promise.all(Array.from({ length: count }, (_, i) => inPool(i)));
  for (let i = 0; i < warm; i++) onMain(i);
  await poolBatch(warm);
  const measured: { mainRate: number; poolRate: number; ratio: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    for (let i = 0; i < tasks; i++) onMain(i);
    const mainRate = tasks / ((performance.now() - t) / 1000);
    t = performance.now();
    await poolBatch(tasks);
    const poolRate = tasks / ((performance.now() - t) / 1000);
    measured.push({ mainRate, poolRate, ratio: poolRate / mainRate });
  }
  const chosen = [...measured].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds / 2)]!;
  return { ...chosen, rounds: measured.map((m) => m.ratio) };
}
