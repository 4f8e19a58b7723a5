import { auditView } from '../modules/history.ts';
import { deciderOf } from '../runtime/aggregates.ts';
import '../modules/index.ts';
import { replay, stateAt } from '../runtime/history.ts';
import { cliServices, fail, helpWanted, parseArgs } from './context.ts';

const USAGE = `npm run replay -- <stream> [--at <ISO time>]\n  Prints a stream's history with the aggregate state after each event, or its state at a time.`;
helpWanted(USAGE);

/**
 * npm run replay -- <stream> [--at <ISO time>]
 * Prints a stream's history with the aggregate state after each event, or the state at a time.
 */
const { words, flags } = parseArgs(process.argv.slice(2));
const [stream] = words;
if (!stream) fail('usage: replay <stream> [--at <ISO time>]');
const at = flags.at ? new Date(flags.at) : null;
if (at && Number.isNaN(at.getTime())) fail(`--at is not a time: ${flags.at}`);

const services = await cliServices(`GET /api/v1/admin/events/streams/${stream} answers the stream's history to an admin`);
try {
  const events = await services.store.readStream(stream);
  if (events.length === 0) fail(`stream ${stream} has no events`);
  const decider = deciderOf(stream);
  if (at) {
    if (!decider) fail(`no aggregate is known for stream ${stream}`);
    console.log(JSON.stringify({ stream, at: at.toISOString(), state: stateAt(decider, events, at) }, null, 2));
  } else {
    const steps = decider ? replay(decider, events) : events.map((event) => ({ event, state: undefined }));
    for (const { event, state } of steps) {
      const e = auditView(event);
      console.log(`#${e.version} ${e.recorded_at} ${e.type} by ${e.user_id ?? '-'} (correlation ${e.correlation_id ?? '-'})`);
      console.log(`  data:  ${JSON.stringify(e.data)}`);
      if (state !== undefined) console.log(`  state: ${JSON.stringify(state)}`);
    }
  }
} finally {
  await services.close();
}
