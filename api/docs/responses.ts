/**
 * The responses of an operation in the OpenAPI document: the success envelope with its example answer and
 * its headers, and every error the operation can answer with, by status, each with an example envelope.
 */
import { ERROR_STATUS, type ErrorCode } from '../../models/errors.js';
import type { AnyOperation } from '../../services/operation.js';
import type { DocsExamples } from './examples.js';
import { httpStatusOf } from '../pipeline/envelope.js';

const COMMON_ERRORS: readonly ErrorCode[] = ['bad_request', 'header_too_large', 'internal_error', 'service_unavailable'];
const KEYED_ERRORS: readonly ErrorCode[] = ['missing_api_key', 'invalid_api_key', 'qps_exceeded', 'quota_exceeded'];

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The response headers the document describes once (components.headers), by their names. */
export const HEADERS: Record<string, { description: string; schema: Record<string, unknown> }> = {
  'X-Request-Id': { description: 'The request id, also in an error\'s `error.request_id`.', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The limits of the key (IETF ratelimit-headers draft, structured fields): the daily quota class (`q` units per `w` seconds) and the requests per second.', schema: { type: 'string' } },
  RateLimit: { description: 'What is left of the quota class this call drew on (`r`) and the seconds to its reset at midnight UTC (`t`).', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before trying again: to the UTC reset for `quota_exceeded`, about a second for `qps_exceeded`, a few seconds for 503.', schema: { type: 'integer' } },
  ETag: { description: 'A strong tag over what the answer says; send it as `If-None-Match` to get `304 Not Modified`, which is not counted.', schema: { type: 'string' } },
  'X-Devapi-Limit': { description: 'The daily limit of the quota class (the established service\'s header).', schema: { type: 'integer' } },
  'X-Devapi-Remaining': { description: 'Units left today in the quota class.', schema: { type: 'integer' } },
  'X-Devapi-Units': { description: 'Units this call cost (0 when it was not counted).', schema: { type: 'integer' } },
  'X-Devapi-Warning': { description: 'A warning about the request: the query parameters the product does not take and ignored (percent-encoded).', schema: { type: 'string' } },
};

function errorCodesOf(op: AnyOperation): ErrorCode[] {
  const codes = [...COMMON_ERRORS, ...(op.access === 'keyed' ? KEYED_ERRORS : []), ...(op.errors ?? [])];
  if (op.rest && op.rest.method !== 'GET') codes.push('payload_too_large');
  return [...new Set(codes)];
}

/** The error examples `paths` refers to, once each, for components.examples (`<code>_<status>`), with the call that caused each. */
export function errorExampleComponents(examples: DocsExamples, paths: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(examples.errors).filter(([name]) => paths.includes(`"#/components/examples/${name}"`))
    .map(([name, e]) => [name, { summary: `${e.status}: ${e.request}`, value: e.body }]));
}

/** References to the examples of `codes` at `status` (an example per code, real calls where made). */
function errorExamples(codes: ErrorCode[], status: number, examples: DocsExamples): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const code of codes) {
    if (examples.errors[`${code}_${status}`]) out[code] = { $ref: `#/components/examples/${code}_${status}` };
  }
  return out;
}

export function responsesOf(op: AnyOperation, successSchema: Record<string, unknown>, examples: DocsExamples): Record<string, unknown> {
  const keyed = op.access === 'keyed';
  const answer = examples.answers[op.name];
  const successHeaders = {
    'X-Request-Id': ref('X-Request-Id'), ETag: ref('ETag'),
    ...(keyed ? { 'RateLimit-Policy': ref('RateLimit-Policy'), RateLimit: ref('RateLimit'), 'X-Devapi-Limit': ref('X-Devapi-Limit'),
      'X-Devapi-Remaining': ref('X-Devapi-Remaining'), 'X-Devapi-Units': ref('X-Devapi-Units'), 'X-Devapi-Warning': ref('X-Devapi-Warning') } : {}),
  };
  // A POST that makes something answers 201, as REST sends it (pipeline/envelope.ts httpStatusOf).
  const responses: Record<string, unknown> = {
    [httpStatusOf(op, 200)]: {
      description: answer ? `Success. Example: \`${answer.request}\` at ${examples.generated_at} over the bundled data (lists cut to their first items).` : 'Success',
      headers: successHeaders,
      content: { 'application/json': { schema: successSchema, ...(answer ? { example: answer.body } : {}) } },
    },
  };
  if ((op.rest?.method ?? 'GET') === 'GET') {
    responses[304] = { description: 'Not Modified: the answer is the one `If-None-Match` named (not counted).', headers: { ETag: ref('ETag') } };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(op)) {
    const statuses: number[] = code === 'invalid_api_key' ? [401, 403] : [ERROR_STATUS[code]];
    for (const s of statuses) byStatus.set(s, [...(byStatus.get(s) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const retry = status === 429 || status === 503;
    const shown = errorExamples(codes, status, examples);
    responses[status] = {
      description: `Error: ${codes.join(', ')}`,
      headers: { 'X-Request-Id': ref('X-Request-Id'), ...(retry ? { 'Retry-After': ref('Retry-After') } : {}),
        ...(status === 429 && keyed ? { 'RateLimit-Policy': ref('RateLimit-Policy'), RateLimit: ref('RateLimit') } : {}) },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, ...(Object.keys(shown).length ? { examples: shown } : {}) } },
    };
  }
  return responses;
}
