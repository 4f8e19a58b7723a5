import { eventually } from './eventually.ts';
import { startExtmarketWorker } from '../../src/workers/extmarket/extmarketJobWorker.ts';
import type { TestApp } from './app.ts';
import type { ExtmarketServer } from './extmarketServer.ts';
import { sellsOnExtmarket } from './orders.ts';

/** The extmarket worker of the test process (idempotent), as src/main.ts runs it. */
export function extmarketWorker(app: TestApp) {
  const s = app.services;
  return startExtmarketWorker({ knex: s.db.knex, store: s.store, dataDir: s.config.dataDir, logger: s.logger, clock: s.clock });
}

/**
 * Stores the local server's key and endpoint as the vendor's credentials, through the vendor API,
 * after putting the vendor (named by its token) on a tier with the extmarket features.
 */
export async function connectVendor(app: TestApp, token: string, server: ExtmarketServer) {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { vendor_id: number };
  await sellsOnExtmarket(app, Number(claims.vendor_id));
  const res = await app.call('PUT', '/api/v1/vendor/extmarket/credentials', {
    token,
    body: { api_key: server.apiKey, api_endpoint: server.url },
  });
  if (res.status !== 200) throw new Error(`credentials: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Polls a job as a client would until it is completed or failed. */
export async function waitForJob(app: TestApp, token: string, jobId: number, area: 'vendor' | 'admin' = 'vendor') {
  // A time limit rather than a number of polls: on a loaded machine each poll itself takes longer.
  return eventually(
    async () => {
      const res = await app.call('GET', `/api/v1/${area}/extmarket/jobs/${jobId}`, { token });
      return res.status === 200 && ['completed', 'failed'].includes(res.body.status) && res.body;
    },
    `extmarket job ${jobId} to finish`,
    120_000,
  );
}
