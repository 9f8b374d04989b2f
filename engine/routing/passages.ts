/**
 * Which monitored crossings a route may pass on its way to its own. A route into Ukraine enters it once
 * (at its target) and a route out of Ukraine leaves it once (at its target): every other passage is
 * closed, so no route leaves Ukraine for a third country to enter again. The one route that must pass
 * two monitored crossings starts inside Ukraine and ends at a crossing into it (a tax-free car trip from
 * Lviv back in through Romania): it may leave Ukraine once, through any crossing out of it, and never
 * enter before its target. Open borders (Germany-Poland) are not passages and stay open.
 */
import { MONITORED_COUNTRY, type RoutingGraph } from './graph.js';

export type PassagePolicy = 'target_only' | 'exit_then_target';

/** The policy for a route from `originCountry` to the crossing whose entry node is `targetIn`. */
export function passagePolicy(g: Pick<RoutingGraph, 'country'>, originCountry: string | null, targetIn: number): PassagePolicy {
  return originCountry === MONITORED_COUNTRY && g.country[targetIn] !== MONITORED_COUNTRY ? 'exit_then_target' : 'target_only';
}

/**
 * The closed exit nodes of a graph under a policy: 1 where a passage may not be taken. A passage is its
 * entry node's link to its exit node, so closing the exit node closes the passage and nothing else.
 */
export function closedPassages(g: Pick<RoutingGraph, 'size' | 'crossingOf' | 'country'>, policy: PassagePolicy): Uint8Array {
  const closed = new Uint8Array(g.size);
  for (const [node, { side }] of g.crossingOf) {
    if (side !== 'out') continue;
    const leavesMonitored = g.country[node - 1] === MONITORED_COUNTRY && g.country[node] !== MONITORED_COUNTRY;
    if (!(policy === 'exit_then_target' && leavesMonitored)) closed[node] = 1;
  }
  return closed;
}
