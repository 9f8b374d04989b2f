/**
 * The one error type of the service. Every layer throws `ServiceError` with a contract code;
 * REST and tRPC each map it once. Anything else that escapes is an internal error.
 */

export const ERROR_STATUS = Object.freeze({
  bad_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  forbidden: 403,
  not_found: 404,
  unknown_product: 404,
  // Not in the contract's table (which is silent on them): another method on a product path, a request body
  // larger than its route accepts (MCP's POST), and a request line or header block larger than the HTTP
  // parser accepts.
  method_not_allowed: 405,
  payload_too_large: 413,
  header_too_large: 431,
  qps_exceeded: 429,
  quota_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const);

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ServiceErrorOptions {
  /** A machine-readable refinement of the code, e.g. `unknown_ppid`, `repeated_parameter`. */
  reason?: string;
  /** Overrides the code's usual status (e.g. 403 for a revoked `invalid_api_key`). */
  status?: number;
  /** Seconds a client should wait before retrying (429, 503). */
  retryAfterS?: number;
  /** Extra response headers (e.g. RateLimit on a qps refusal). */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly reason: string | undefined;
  readonly retryAfterS: number | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.reason = options.reason;
    this.retryAfterS = options.retryAfterS;
    this.headers = options.headers;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

export const badRequest = (message: string, reason: string) =>
  new ServiceError('bad_request', message, { reason });

export const notFound = (message: string, reason: string) =>
  new ServiceError('not_found', message, { reason });

export const unavailable = (message: string, retryAfterS = 5, reason?: string) =>
  new ServiceError('service_unavailable', message, { retryAfterS, ...(reason ? { reason } : {}) });

/**
 * Characters never echoed raw: C0 and C1 controls, the soft hyphen, the Arabic letter mark, zero-width
 * characters, line and paragraph separators, bidirectional embeddings, overrides and isolates, invisible
 * operators, the BOM, interlinear annotations, the replacement character and lone surrogates.
 */
const UNECHOABLE =
  /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A client's value as it may appear in a message or `meta.ignored_params`: cut to `maxLength` code units,
 * then every control, invisible or bidi-override character written as a visible escape (`\u202E`), so an
 * echo can neither reorder nor hide the text around it.
 */
export function echoed(value: string, maxLength = 40): string {
  const cut = value.length > maxLength ? value.slice(0, maxLength) : value;
  return cut.replace(UNECHOABLE, escapeChar);
}
