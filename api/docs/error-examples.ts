/**
 * Examples of the errors a client cannot cause on purpose (a failure inside the service, an overload, a
 * request too large for the parser): envelopes built by the function every error goes through
 * (`errorBody`), with the messages the service sends.
 */
import { attributionOf, errorBody } from '../pipeline/envelope.js';
import { ServiceError } from '../../models/errors.js';
import { EXAMPLE_REQUEST_ID, type ExampleCall } from './examples.js';

const QUEUE = { apiVersion: '1', product: 'queue' } as const;

/** By `<code>_<status>`, as the collected ones. */
export function synthesizedErrors(serviceName: string): Record<string, ExampleCall> {
  const shown = (status: number, error: ServiceError, headers: Record<string, string> = {}): ExampleCall =>
    ({ request: 'GET /api/v1/data/queue?...', status, headers, body: errorBody(QUEUE, attributionOf(serviceName), error, EXAMPLE_REQUEST_ID) });
  return {
    forbidden_403: shown(403, new ServiceError('forbidden', 'Alerts belong to an API key: call with one.', { reason: 'key_required' })),
    payload_too_large_413: shown(413, new ServiceError('payload_too_large', 'The request body is larger than this address accepts.', { reason: 'payload_too_large' })),
    header_too_large_431: shown(431, new ServiceError('header_too_large', 'The URL and headers together are larger than the server accepts; send a shorter request.', { reason: 'header_too_large' })),
    internal_error_500: shown(500, new ServiceError('internal_error', 'An internal error occurred; it was logged with the request id.')),
    service_unavailable_503: shown(503, new ServiceError('service_unavailable', 'The service is shutting down.', { reason: 'shutting_down' }), { 'retry-after': '5' }),
  };
}
