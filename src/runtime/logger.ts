import pino, { type Logger } from 'pino';
import { LOG_REDACT_PATHS } from '../core/redact.ts';

/** JSON lines on stdout (or the given stream); secrets are redacted by path. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } }, destination);
}
