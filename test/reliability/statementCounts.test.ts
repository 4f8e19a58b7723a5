import { expect } from 'chai';
import { BEFORE_PLANS, COMMAND_SCENARIOS, countStatements } from '../../bench/support/statementCounts.ts';
import { freshPostgresDatabase, requirePostgres } from '../support/database.ts';

/**
 * A gated route costs what an ungated one costs: the statements each command scenario of the
 * bench sends in its request's own path (counted from node-postgres in the service, one request
 * after another, on aggregates it has served once) are at most what the same scenario sent
 * before the plans existed. Counts, not timing: the machine's load does not change them.
 */
describe('reliability: statements per request of the command scenarios', function () {
  this.timeout(600_000);

  it('no command scenario sends more statements in its path than before the plans', async function () {
    const server = await requirePostgres(this, "the statements are counted on the service's node-postgres clients");
    const { url, drop } = await freshPostgresDatabase(server);
    try {
      const counts = await countStatements({ databaseUrl: url, requests: 3 });
      const now = Object.fromEntries(COMMAND_SCENARIOS.map((s) => [s, counts[s].request]));
      console.log(
        `      statements per request: ${COMMAND_SCENARIOS.map((s) => `${s} ${now[s]} (before the plans ${BEFORE_PLANS.counts[s]})`).join(', ')}`,
      );
      for (const s of COMMAND_SCENARIOS) {
        expect(counts[s].request, `${s}: ${JSON.stringify(counts[s].byName)}`).to.be.at.most(BEFORE_PLANS.counts[s]);
      }
    } finally {
      await drop();
    }
  });
});
