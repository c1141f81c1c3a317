import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config/index.js';

export type { Logger } from 'pino';

/**
 * Secrets that may pass through log calls: the bearer header on every request,
 * connector credentials in request bodies, and freshly created API keys.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'credentials',
  '*.credentials',
  'api_key',
  '*.api_key',
  'adminToken',
  '*.adminToken',
];

/** A JSON logger; pass `destination` to capture output (tests) instead of writing to stdout. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    name: 'memctx',
    level: config.logLevel,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
