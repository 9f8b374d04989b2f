/**
 * Call counts by operation, transport, caller kind and status: internal callers are not metered but
 * show here; and each call's time in the pipeline by operation and transport. Kept in memory; read by
 * /metrics and the dashboard (api/metrics/).
 */
import type { CallerKind } from './caller.js';

export type Transport = 'rest' | 'trpc' | 'mcp' | 'cli' | 'status' | 'sandbox';

export interface CallCount {
  operation: string;
  transport: Transport;
  caller: CallerKind;
  status: number;
  count: number;
}

// --- latency per operation and transport (issue 20: /metrics and the dashboard, api/metrics/) ---
/** Upper bounds (ms) of the latency buckets; one more bucket holds everything slower. */
export const LATENCY_BOUNDS_MS: readonly number[] = Object.freeze([0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000]);

export interface LatencyCount {
  operation: string;
  transport: Transport;
  /** Calls per bucket of LATENCY_BOUNDS_MS (not cumulative), the last one above the last bound. */
  buckets: number[];
  sumMs: number;
  count: number;
}
// --- end latency ---

export function createCallMetrics() {
  // Nested maps, not one joined string key: this runs on every call (a string per call showed in profiles).
  const counts = new Map<string, Map<Transport, Map<CallerKind, Map<number, CallCount>>>>();
  const latency = new Map<string, Map<Transport, LatencyCount>>();
  return {
    record(operation: string, transport: Transport, caller: CallerKind, status: number): void {
      let byTransport = counts.get(operation);
      if (byTransport === undefined) counts.set(operation, (byTransport = new Map()));
      let byCaller = byTransport.get(transport);
      if (byCaller === undefined) byTransport.set(transport, (byCaller = new Map()));
      let byStatus = byCaller.get(caller);
      if (byStatus === undefined) byCaller.set(caller, (byStatus = new Map()));
      const entry = byStatus.get(status);
      if (entry) entry.count++;
      else byStatus.set(status, { operation, transport, caller, status, count: 1 });
    },
    snapshot: (): CallCount[] => [...counts.values()].flatMap((t) => [...t.values()].flatMap((c) => [...c.values()].flatMap((s) => [...s.values()])))
      .map((c) => ({ ...c })),
    /** How long a call took in the pipeline, from its arrival to its outcome (no allocation once seen). */
    observe(operation: string, transport: Transport, ms: number): void {
      let byTransport = latency.get(operation);
      if (byTransport === undefined) latency.set(operation, (byTransport = new Map()));
      let entry = byTransport.get(transport);
      if (entry === undefined) {
        byTransport.set(transport, (entry = { operation, transport, buckets: new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0), sumMs: 0, count: 0 }));
      }
      let i = 0;
      while (i < LATENCY_BOUNDS_MS.length && ms > LATENCY_BOUNDS_MS[i]!) i++;
      entry.buckets[i]!++;
      entry.sumMs += ms;
      entry.count++;
    },
    latency: (): LatencyCount[] => [...latency.values()].flatMap((t) => [...t.values()]).map((l) => ({ ...l, buckets: [...l.buckets] })),
  };
}

export type CallMetrics = ReturnType<typeof createCallMetrics>;
