/** Messages between the service and its counter writer thread (data/counter-writer/). */
import type { ConsumeResult } from '../../models/access.js';
import type { QuotaClass } from '../../models/envelope.js';

export interface WriterInit {
  path: string;
  busyTimeoutMs: number;
}

export type WriterOp =
  | { kind: 'consume'; keyId: number; day: string; cls: QuotaClass; cost: number; limit: number }
  | { kind: 'refund'; keyId: number; day: string; cls: QuotaClass; cost: number }
  /** Tests only: a statement on the writer's own connection (a page limit to simulate a full disk). */
  | { kind: 'exec'; sql: string };

export interface WriterRequest {
  id: number;
  ops: WriterOp[];
}

export type WriterOutcome = { ok: true; value: ConsumeResult | null } | { ok: false; code: string | null; message: string };

export interface WriterReply {
  id: number;
  outcomes: WriterOutcome[];
}
