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
