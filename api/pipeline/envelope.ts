/**
 * Builds envelope bodies. Success bodies are spliced as strings around the cached `"data":...`
 * fragment so a cache hit never re-serialises the payload; `usage` and `meta` are per call.
 */
import type { ErrorEnvelope, Usage } from '../../models/envelope.js';
import type { ServiceError } from '../../models/errors.js';
import type { CachedAnswer } from './cache.js';

export interface EnvelopeHead {
  apiVersion: '1' | '2';
  product: string;
}

export function attributionOf(serviceName: string): string {
  return `Data by ${serviceName}`;
}

/** The fixed start of a success body for one product and root (built once, not per call). */
export function successPrefix(head: EnvelopeHead, attribution: string): string {
  return `{"ok":true,"api_version":"${head.apiVersion}","product":${JSON.stringify(head.product)},"attribution":${JSON.stringify(attribution)},`;
}

/** A success body: the fixed prefix, the cached fragment, then the per-call `usage` and `meta`. */
export function successBody(prefix: string, answer: CachedAnswer, usage: Usage | undefined, ignored: readonly string[]): string {
  let body = prefix + answer.fragment;
  if (usage) body += `,"usage":${JSON.stringify(usage)}`;
  const own = answer.result.meta;
  if (ignored.length > 0) body += `,"meta":${JSON.stringify({ ...own, ignored_params: ignored })}`;
  else if (own && Object.keys(own).length > 0) body += `,"meta":${JSON.stringify(own)}`;
  return `${body}}`;
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
