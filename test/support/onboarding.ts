import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOnboarding } from '../../commands/onboarding/handlers.ts';
import type { TestApp } from './app.ts';
import type { ExtmarketServer } from './extmarketServer.ts';

/** A vendor opened through signup has an onboarding; these tests open one directly on a fixture vendor. */
export async function beginOnboarding(app: TestApp, vendorId: number) {
  await app.services.settle([
    await startOnboarding(app.services.store, vendorId, app.services.clock.now(), { userId: 'test', correlationId: 'test' }),
  ]);
}

/** Local CSV feeds for step 3 (two products, `orderRows` orders) (a developer's feed server, exempted by host and port as IMPORT_URL_ALLOWED_HOSTS does). */
export async function csvFeeds(app: TestApp, orderRows = 3): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/products.csv')
      return res.writeHead(200, { 'content-type': 'text/csv' }).end('sku,title,price\nA,Apple,1.00\nB,Bread,2.50\n');
    if (req.url === '/orders.csv')
      return res
        .writeHead(200, { 'content-type': 'text/csv' })
        .end(`order,date,total\n${Array.from({ length: orderRows }, (_, i) => `${i + 1},2026-01-0${(i % 9) + 1},${10 + i}\n`).join('')}`);
    res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  app.services.config.importUrlAllowedHosts.push(`127.0.0.1:${port}`);
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Past orders (three unless told) on the local extmarket for step 4's historical import. */
export function pastOrders(extmarket: ExtmarketServer, prefix: string, count = 3) {
  for (let i = 1; i <= count; i++) {
    extmarket.shipments.push({
      id: `${prefix}S${i}`,
      orderId: `${prefix}O${i}`,
      number: `${prefix}-${i}`,
      state: 'confirmed',
      units: [{ id: `${prefix}U${i}`, ean: null, sku: `${prefix}K${i}`, price: '12.50', state: 'confirmed_available' }],
    });
  }
}
