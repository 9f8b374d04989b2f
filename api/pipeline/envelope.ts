/**
 * Builds envelope bodies. Success bodies are spliced as strings around the cached `"data":...`
 * fragment so a cache hit never re-serialises the payload; `usage` and `meta` are per call.
 */
import type { ErrorEnvelope, Usage } from '../../models/envelope.js';
import type { ServiceError } from '../../models/errors.js';
import { CREDITS, type Credit } from '../../data/credits.js';
import type { CachedAnswer } from '../../services/operation-cache.js';

export interface EnvelopeHead {
  /** null for a path under a version root that does not exist (errors only). */
  apiVersion: '1' | '2' | null;
  product: string;
}

/** The head of an error that names no product (an unknown tool, a method not offered): as REST's for an unknown path. */
/**
 * The HTTP status of an answer as REST sends it: a POST that makes something answers 201 where the pipeline
 * answered 200 (MCP's `_meta.status` and the OpenAPI document say the same; tRPC keeps its own 200).
 */
export function httpStatusOf(op: { rest?: { method: string } }, status: number): number {
  return op.rest?.method === 'POST' && status === 200 ? 201 : status;
}

export const NO_PRODUCT: EnvelopeHead = Object.freeze({ apiVersion: '1', product: 'unknown' });

/** `Data by <service>`, then the sources whose licences require credit: `; State Border Guard Service of Ukraine (CC BY 4.0)`. */
export function attributionOf(serviceName: string, credits: readonly Credit[] = []): string {
  return [`Data by ${serviceName}`, ...credits.map((c) => CREDITS[c])].join('; ');
}

/** The fixed start of a success body for one product and root (built once, not per call). */
export function successPrefix(head: EnvelopeHead, attribution: string): string {
  return `{"ok":true,"api_version":"${head.apiVersion}","product":${JSON.stringify(head.product)},"attribution":${JSON.stringify(attribution)},`;
}

/**
 * A success body in two parts around the per-call `usage`: `head` (the fixed prefix and the cached
 * fragment) and `tail` (`meta`, with the names of ignored parameters and the notes saying why where a name
 * alone does not, and the closing brace). Both depend only on the answer and the call's shape, so repeated
 * calls reuse them.
 */
export function successParts(prefix: string, answer: CachedAnswer, ignored: readonly string[], notes: readonly string[] = []): { head: string; tail: string } {
  const own = answer.result.meta;
  let tail = '}';
  if (ignored.length > 0) {
    tail = `,"meta":${JSON.stringify({ ...own, ignored_params: ignored, ...(notes.length > 0 ? { ignored_notes: notes } : {}) })}}`;
  } else if (own && Object.keys(own).length > 0) tail = `,"meta":${JSON.stringify(own)}}`;
  return { head: prefix + answer.fragment, tail };
}

export function successBody(parts: { head: string; tail: string }, usage: Usage | undefined): string {
  return usage ? `${parts.head},"usage":${JSON.stringify(usage)}${parts.tail}` : parts.head + parts.tail;
}

export function errorBody(
  head: EnvelopeHead,
  attribution: string,
  error: ServiceError,
  requestId: string,
  usage?: Usage,
): ErrorEnvelope {
  return {
    ok: false,
    api_version: head.apiVersion,
    product: head.product,
    attribution,
    ...(usage ? { usage } : {}),
    error: {
      code: error.code,
      message: error.message,
      ...(error.reason ? { reason: error.reason } : {}),
      request_id: requestId,
    },
  };
}
