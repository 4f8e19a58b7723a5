import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import { redactLogLine } from '../core/redact.ts';
import { logTap } from './logTap.ts';

/** How log lines are written: JSON lines for a collector, or one readable line each for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/**
 * LOG_FORMAT=json or pretty; unset, pretty when stdout is a terminal and JSON otherwise (a file,
 * a pipe, a container's log driver).
 */
export function logFormatOf(value: string | undefined, isTty = Boolean(process.stdout.isTTY)): LogFormat {
  if (value === 'json' || value === 'pretty') return value;
  return isTty ? 'pretty' : 'json';
}

/**
 * Lines on stdout (or the given stream); the value of every key that names a secret is redacted
 * (src/core/redact.ts redactLogLine). Every line also goes, as
 * JSON, to the log tap (src/runtime/logTap.ts), from which the admins' log store is written,
 * whatever the format of the terminal's copy.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, format: LogFormat = 'json'): Logger {
  const out = destination ?? (format === 'pretty' ? prettyStream() : pino.destination(1));
  const streams = pino.multistream([
    { level: 'trace', stream: out },
    { level: 'trace', stream: logTap },
  ]);
  return pino({ level, hooks: { streamWrite: redactLogLine } }, streams);
}

/** pino-pretty as a stream of this thread (no worker), loaded only for a terminal. */
function prettyStream(): pino.DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => pino.DestinationStream;
  return pretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true, sync: true, destination: 1 });
}
