/** The service logger (pino). Credentials are redacted wherever a header object is logged. */
import { pino, type DestinationStream, type Logger } from 'pino';

export const REDACT_PATHS = [
  'req.headers.authorization', 'headers.authorization', 'request.headers.authorization',
  'err.config.headers.authorization', 'authorization', 'apiKey', 'key',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
}
