/**
 * Call counts by operation, transport, caller kind and status: internal callers are not metered but
 * show here. Kept in memory; read by whatever exposes metrics.
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

export function createCallMetrics() {
  // Nested maps, not one joined string key: this runs on every call (a string per call showed in profiles).
  const counts = new Map<string, Map<Transport, Map<CallerKind, Map<number, CallCount>>>>();
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
  };
}

export type CallMetrics = ReturnType<typeof createCallMetrics>;
