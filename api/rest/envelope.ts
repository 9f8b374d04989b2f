/**
 * Builds envelope bodies. Success bodies are spliced as strings around the cached `"data":...`
 * fragment so a cache hit never re-serialises the payload; `usage` and `meta` are per call.
 */
import type { ErrorEnvelope, Usage } from '../../models/envelope.js';
import type { ServiceError } from '../../models/errors.js';
import type { CachedAnswer } from '../cache.js';

export interface EnvelopeHead {
  apiVersion: '1' | '2';
  product: string;
}

export function attributionOf(serviceName: string): string {
  return `Data by ${serviceName}`;
}

export function successBody(
  head: EnvelopeHead,
  attribution: string,
  answer: CachedAnswer,
  extra: { usage?: Usage; meta?: Record<string, unknown> },
): string {
  const meta = { ...answer.result.meta, ...extra.meta };
  let body = `{"ok":true,"api_version":"${head.apiVersion}","product":${JSON.stringify(head.product)},` +
    `"attribution":${JSON.stringify(attribution)},${answer.fragment}`;
  if (extra.usage) body += `,"usage":${JSON.stringify(extra.usage)}`;
  if (Object.keys(meta).length > 0) body += `,"meta":${JSON.stringify(meta)}`;
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
