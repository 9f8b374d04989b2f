/** Any failure into the contract's error: service errors as they are, store failures 503, the rest a logged 500. */
/** The two levels used here: Fastify's request logger and pino's both fit. */
type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
import { isStoreUnavailableError } from '../../data/store.js';
import { isServiceError, ServiceError, unavailable } from '../../models/errors.js';

export function toServiceError(err: unknown, log: Logger, requestId: string): ServiceError {
  if (isServiceError(err)) {
    // An engine failure or time-out is answered 503; the worker's own error is logged here, once, with the task.
    if ((err.reason === 'engine_failure' || err.reason === 'engine_timeout') && err.cause) {
      const { task, timeoutMs, error } = err.cause as { task?: string; timeoutMs?: number; error?: unknown };
      // A task the pool cut off because the service is stopping is no failure of the engine.
      if (/^Terminating worker thread/.test(String((error as Error | undefined)?.message))) {
        log.warn({ task, reqId: requestId }, 'engine task ended by the shutdown');
        return err;
      }
      log.error({ err: error, task, timeoutMs, reqId: requestId }, err.reason === 'engine_timeout' ? 'engine task timed out' : 'engine task failed');
    }
    return err;
  }
  if (isStoreUnavailableError(err)) {
    log.warn({ err, reqId: requestId }, 'store unavailable');
    return unavailable('The data store is temporarily unavailable; retry shortly.', 5, 'store_unavailable');
  }
  log.error({ err, reqId: requestId }, 'internal error');
  return new ServiceError('internal_error', 'An internal error occurred; it was logged with the request id.');
}
