/**
 * One-to-many Dijkstra that settles only as far as it is asked: `settle(target)` resumes the search until
 * `target` is settled (or nothing is left to settle), so a 1 x 40 matrix costs one search out to its
 * farthest target, not 40 searches, and a caller that stops early (the matrix's `limit`) never pays for
 * the rest. Typed arrays throughout: an indexed binary heap with decrease-key (keys in `distKm`), and a
 * stamp per node so that the arrays are reused from one search to the next without clearing them.
 */

export interface CsrGraph {
  size: number;
  offsets: Int32Array;
  targets: Int32Array;
  lengthsKm: Float64Array;
}

/** Arrays for one search at a time, sized to the graph; a router keeps one per passage policy. */
export function createScratch(size: number) {
  return { distKm: new Float64Array(size), prev: new Int32Array(size), stamp: new Uint32Array(size), heap: new Int32Array(size),
    pos: new Int32Array(size), round: 0 };
}
export type Scratch = ReturnType<typeof createScratch>;

/**
 * Starts a search from `starts` (node, initial km) that never enters a node marked 1 in `closed`. The
 * scratch arrays are this search's until the next `startSearch` on them.
 */
export function startSearch(g: CsrGraph, s: Scratch, starts: readonly { node: number; km: number }[], closed: Uint8Array | null) {
  const { distKm, prev, stamp, heap, pos } = s;
  // Stamps: 2 * round = reached (distKm valid, in the heap), 2 * round + 1 = settled.
  const round = ++s.round;
  const reached = 2 * round;
  let size = 0;
  const up = (i: number, node: number, key: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent]!;
      if (distKm[p]! <= key) break;
      heap[i] = p;
      pos[p] = i;
      i = parent;
    }
    heap[i] = node;
    pos[node] = i;
  };
  const popMin = () => {
    const top = heap[0]!;
    const last = heap[--size]!;
    if (size > 0) {
      const key = distKm[last]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const r = l + 1;
        const c = r < size && distKm[heap[r]!]! < distKm[heap[l]!]! ? r : l;
        if (distKm[heap[c]!]! >= key) break;
        heap[i] = heap[c]!;
        pos[heap[i]!] = i;
        i = c;
      }
      heap[i] = last;
      pos[last] = i;
    }
    return top;
  };
  const reach = (node: number, km: number, from: number) => {
    const st = stamp[node]!;
    if (st === reached + 1) return; // settled
    if (st === reached) {
      if (km >= distKm[node]!) return;
      distKm[node] = km;
      prev[node] = from;
      up(pos[node]!, node, km);
      return;
    }
    stamp[node] = reached;
    distKm[node] = km;
    prev[node] = from;
    up(size++, node, km);
  };
  for (const st of starts) reach(st.node, st.km, -1);
  const { offsets, targets, lengthsKm } = g;

  return {
    /** Settles nodes until `target` is settled; its distance in km, or Infinity when it cannot be reached. */
    settle(target: number): number {
      while (stamp[target] !== reached + 1) {
        if (size === 0) return Infinity;
        const u = popMin();
        stamp[u] = reached + 1;
        const du = distKm[u]!;
        for (let e = offsets[u]!, end = offsets[u + 1]!; e < end; e++) {
          const v = targets[e]!;
          if (closed !== null && closed[v] === 1) continue;
          reach(v, du + lengthsKm[e]!, u);
        }
      }
      return distKm[target]!;
    },
    /** The node path from a start to a settled `target`. */
    pathTo(target: number): number[] {
      const path: number[] = [];
      for (let n = target; n !== -1; n = prev[n]!) path.push(n);
      return path.reverse();
    },
  };
}
