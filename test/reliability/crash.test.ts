import { expect } from 'chai';
import { openDatabase } from '../../src/runtime/database.ts';
import { startService, type ChildService } from '../support/childService.ts';
import { freshPostgresDatabase, requirePostgres } from '../support/database.ts';
import { adminLogin, CommandLoad, expectAcknowledgedStoredOnce, expectProjectionsEqualRebuild, waitUntilReady } from './support.ts';

/**
 * Crash: the service runs as a child process (src/main.ts) on a fresh PostgreSQL
 * database under a load of admin commands (create users, change their names). It is killed with
 * SIGKILL in the middle of the load (no shutdown: requests in flight, consumer batches open),
 * restarted, loaded and killed again, restarted. Then: every command that was answered 2xx is in
 * the event store exactly once, no stream has a gap, and once the service has caught up, every
 * projection equals a fresh rebuild from the feed, row by row.
 */
describe('reliability: crash', function () {
  this.timeout(240_000);

  it('a SIGKILL mid-load loses no acknowledged command, stores none twice, and the projections equal a rebuild', async function () {
    const server = await requirePostgres(this, 'the crash test runs the service on one');
    const { url, drop } = await freshPostgresDatabase(server);
    const load = new CommandLoad('crash');
    let service: ChildService | null = null;
    try {
      for (let round = 1; round <= 2; round++) {
        service = await startService({ databaseUrl: url, name: `crash-${round}` });
        const token = await adminLogin(service.url);
        load.start([{ url: service.url, token }], 6);
        // Kill once commands are flowing, at a moment that does not line up with anything.
        const before = load.acknowledged.length;
        const until = Date.now() + 20_000;
        while (load.acknowledged.length < before + 40 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 200)));
        await service.kill();
        await load.stop();
        console.log(
          `      round ${round}: killed with ${load.acknowledged.length} commands acknowledged so far, ${load.wireErrors} requests cut off`,
        );
        service = null;
      }
      service = await startService({ databaseUrl: url, name: 'crash-after' });
      await waitUntilReady(service.url);
      await service.stop();
      service = null;

      expect(load.acknowledged.length).to.be.greaterThan(80);
      expect(load.wireErrors, 'the kills cut requests off').to.be.greaterThan(0);
      expect(
        load.refused.filter((r) => r.status >= 500),
        JSON.stringify(load.refused.slice(0, 3)),
      ).to.deep.equal([]);
      const db = await openDatabase({ url, poolMax: 2 });
      try {
        await expectAcknowledgedStoredOnce(db, load.acknowledged);
      } finally {
        await db.close();
      }
      const compared = await expectProjectionsEqualRebuild(url);
      console.log(`      ${compared.tables} projection tables (${compared.rows} rows) equal their rebuild`);
    } finally {
      await load.stop();
      await service?.kill();
      await drop();
    }
  });
});
