/**
 * What one request line costs the service's logger: `npx tsx bench/logLine.ts [lines]` (default
 * 50,000 per repetition, three repetitions). The service's logger (src/runtime/logger.ts: its
 * redaction, the copy to the admins' log store through the tap) writes the line every request
 * logs, to /dev/null; the baseline is a bare pino logger writing the same line to the same
 * destination, measured in the same run. Prints processor µs per line, and the ratio.
 * A diagnostic, not a benchmark: one process, no database.
 */
import pino from 'pino';
import { createLogger } from '../src/runtime/logger.ts';
import { logTap } from '../src/runtime/logTap.ts';

const lines = Number(process.argv[2] ?? 50_000);
const line = (i: number) => ({
  req_id: 'a1b2c3d4-e5f6-7890-abcd-ef0123456789',
  method: 'PUT',
  path: `/api/v1/admin/users/${1000 + (i % 2000)}`,
  status: 200,
  ms: 12.3,
  user_id: 1,
});
const sink = () => pino.destination({ dest: '/dev/null', sync: true });
const loggers = { 'bare pino': pino(sink()), 'the service': createLogger('info', sink()) };

/** Processor µs per line of `log`, after a warm-up; the tap's held lines are taken as the store's writer would. */
function measure(log: pino.Logger): number {
  for (let i = 0; i < 5000; i++) log.info(line(i), 'request');
  logTap.take(Infinity);
  const started = process.cpuUsage();
  for (let i = 0; i < lines; i++) {
    log.info(line(i), 'request');
    if (i % 1000 === 999) logTap.take(1000);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / lines;
}

for (let r = 1; r <= 3; r++) {
  const bare = measure(loggers['bare pino']);
  const ours = measure(loggers['the service']);
  console.log(
    `repetition ${r}: bare pino ${bare.toFixed(1)} µs a line, the service's logger ${ours.toFixed(1)} µs (${(ours / bare).toFixed(1)}×)`,
  );
}
