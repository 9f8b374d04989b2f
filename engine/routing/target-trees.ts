/**
 * Shortest-path trees into each crossing, kept: a Dijkstra from the crossing's entry over the reversed
 * graph gives every node's distance to it and its next node on the way. A route from an origin is then
 * the best of its start nodes (start km + distance to the crossing) and a walk along the next nodes, so a
 * 1 x 40 matrix on a country-size network costs microseconds once the 40 trees exist. Each tree costs one
 * search to build (on first use) and 8 bytes per node to keep (Float32 distances, Int32 next nodes); a
 * tree is per passage policy, since the closed passages (passages.ts) are never entered. A route's km is
 * summed along its path in driving order, as the forward searches sum it.
 */
import { createScratch, startSearch, type CsrGraph } from './one-to-many.js';

export interface TargetTree {
  /** km from each node to the target (Infinity where it cannot reach it). */
  toKm: Float32Array;
  /** The next node on a shortest way to the target, -1 at the target or where there is none. */
  next: Int32Array;
}

/** The reversed graph (arc a -> b becomes b -> a, same length), built once per router. */
export function reverseGraph(g: CsrGraph): CsrGraph {
  const offsets = new Int32Array(g.size + 1);
  for (let e = 0; e < g.targets.length; e++) offsets[g.targets[e]! + 1]!++;
  for (let v = 0; v < g.size; v++) offsets[v + 1]! += offsets[v]!;
  const fill = offsets.slice(0, g.size);
  const targets = new Int32Array(g.targets.length);
  const lengthsKm = new Float64Array(g.targets.length);
  for (let a = 0; a < g.size; a++) {
    for (let e = g.offsets[a]!; e < g.offsets[a + 1]!; e++) {
      const p = fill[g.targets[e]!]!++;
      targets[p] = a;
      lengthsKm[p] = g.lengthsKm[e]!;
    }
  }
  return { size: g.size, offsets, targets, lengthsKm };
}

/** The tree into `target` over the reversed graph, never passing a node closed (1) in `closed`. */
export function buildTargetTree(reversed: CsrGraph, target: number, closed: Uint8Array | null): TargetTree {
  const scratch = createScratch(reversed.size);
  const search = startSearch(reversed, scratch, [{ node: target, km: 0 }], closed);
  search.settle(-1); // no such node: settles everything reachable
  const toKm = new Float32Array(reversed.size).fill(Infinity);
  const next = new Int32Array(reversed.size).fill(-1);
  const done = 2 * scratch.round + 1;
  for (let v = 0; v < reversed.size; v++) {
    if (scratch.stamp[v] !== done) continue;
    toKm[v] = scratch.distKm[v]!;
    next[v] = scratch.prev[v]!;
  }
  return { toKm, next };
}

/** The node path from `start` to the tree's target (empty when it cannot reach it). */
export function pathAlong(tree: TargetTree, start: number): number[] {
  if (!Number.isFinite(tree.toKm[start]!)) return [];
  const path = [start];
  for (let n = tree.next[start]!; n !== -1; n = tree.next[n]!) path.push(n);
  return path;
}
