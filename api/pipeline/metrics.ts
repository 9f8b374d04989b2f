/**
 * Call counts by operation, transport, caller kind and status: internal callers are not metered but
 * show here. Kept in memory; read by whatever exposes metrics.
 */
import type { CallerKind } from './caller.js';

export type Transport = 'rest' | 'trpc' | 'mcp' | 'cli' | 'status';

export interface CallCount {
  operation: string;
  transport: Transport;
  caller: CallerKind;
  status: number;
  count: number;
}

export function createCallMetrics() {
  const counts = new Map<string, CallCount>();
  return {
    record(operation: string, transport: Transport, caller: CallerKind, status: number): void {
      const key = `${operation} ${transport} ${caller} ${status}`;
      const entry = counts.get(key);
      if (entry) entry.count++;
      else counts.set(key, { operation, transport, caller, status, count: 1 });
    },
    snapshot: (): CallCount[] => [...counts.values()].map((c) => ({ ...c })),
  };
}

export type CallMetrics = ReturnType<typeof createCallMetrics>;
