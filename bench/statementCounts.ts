/**
 * Statements per request of the command scenarios (bench/support/statementCounts.ts), on a fresh
 * database of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres):
 *
 *   npx tsx bench/statementCounts.ts                 this checkout, compared with the counts before the plans
 *   npx tsx bench/statementCounts.ts --root <dir>    the service of another checkout (to measure another commit)
 *
 * Counts, not timing: the machine's load does not change them.
 */
import { freshPostgresDatabase } from '../test/support/database.ts';
import { BEFORE_PLANS, COMMAND_SCENARIOS, countStatements } from './support/statementCounts.ts';

const requests = Number(process.env.COUNT_REQUESTS ?? 20);
const at = process.argv.indexOf('--root');
const root = at >= 0 ? process.argv[at + 1] : undefined;
const fresh = await freshPostgresDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
try {
  const counts = await countStatements({ databaseUrl: fresh.url, root, requests, log: (t) => console.log(t) });
  for (const name of COMMAND_SCENARIOS) {
    const c = counts[name];
    console.log(
      `\n${name}: ${c.request} per request (before the plans, ${BEFORE_PLANS.commit}: ${BEFORE_PLANS.counts[name]}), besides ${c.timing.toFixed(2)} separate NOTIFY or connection set-up`,
    );
    for (const [k, v] of Object.entries(c.byName)) console.log(`  ${v.toFixed(2).padStart(6)}  ${k.replace(/\s+/g, ' ')}`);
  }
  console.log(`\n${JSON.stringify(Object.fromEntries(COMMAND_SCENARIOS.map((s) => [s, counts[s].request])))}`);
} finally {
  await fresh.drop();
}
