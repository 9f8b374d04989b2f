/**
 * One shortest-path tree (Dijkstra with a binary heap) over a CSR graph, from several start nodes with
 * their initial distances (an origin linked to its nearest cities). One tree answers every crossing at
 * once, which the bench measured faster than one A* search per crossing.
 */

export interface Tree {
  distKm: Float64Array;
  prev: Int32Array;
}

export function shortestTree(
  graph: { size: number; offsets: Int32Array; targets: Int32Array; lengthsKm: Float64Array },
  starts: readonly { node: number; km: number }[],
  /** Nodes never entered (1): the closed passages of engine/routing/passages.ts. */
  closed?: Uint8Array,
): Tree {
  const distKm = new Float64Array(graph.size).fill(Infinity);
  const prev = new Int32Array(graph.size).fill(-1);
  const heapNode: number[] = [];
  const heapKey: number[] = [];
  const push = (node: number, key: number) => {
    let i = heapNode.length;
    heapNode.push(node);
    heapKey.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heapKey[parent]! <= key) break;
      heapNode[i] = heapNode[parent]!;
      heapKey[i] = heapKey[parent]!;
      i = parent;
    }
    heapNode[i] = node;
    heapKey[i] = key;
  };
  const pop = () => {
    const top = heapNode[0]!;
    const key = heapKey[0]!;
    const lastNode = heapNode.pop()!;
    const lastKey = heapKey.pop()!;
    if (heapNode.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= heapNode.length) break;
        const r = l + 1;
        const c = r < heapNode.length && heapKey[r]! < heapKey[l]! ? r : l;
        if (heapKey[c]! >= lastKey) break;
        heapNode[i] = heapNode[c]!;
        heapKey[i] = heapKey[c]!;
        i = c;
      }
      heapNode[i] = lastNode;
      heapKey[i] = lastKey;
    }
    return { node: top, key };
  };
  for (const s of starts) {
    if (s.km < distKm[s.node]!) {
      distKm[s.node] = s.km;
      push(s.node, s.km);
    }
  }
  while (heapNode.length > 0) {
    const { node, key } = pop();
    if (key > distKm[node]!) continue;
    for (let e = graph.offsets[node]!; e < graph.offsets[node + 1]!; e++) {
      const next = graph.targets[e]!;
      if (closed?.[next]) continue;
      const d = key + graph.lengthsKm[e]!;
      if (d < distKm[next]!) {
        distKm[next] = d;
        prev[next] = node;
        push(next, d);
      }
    }
  }
  return { distKm, prev };
}

/** The node path from a start to `target` (empty when unreachable). */
export function pathTo(tree: Tree, target: number): number[] {
  if (!Number.isFinite(tree.distKm[target]!)) return [];
  const path: number[] = [];
  for (let n = target; n !== -1; n = tree.prev[n]!) path.push(n);
  return path.reverse();
}
