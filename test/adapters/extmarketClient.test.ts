import { expect } from 'chai';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphqlExtmarketClient } from '../../src/adapters/extmarket/graphqlClient.ts';
import { loadSecretKey, secretBox } from '../../src/adapters/extmarket/secretBox.ts';
import { ExtmarketCredentialsException, ExtmarketUnavailableException } from '../../src/core/errors.ts';
import { startExtmarketServer, type ExtmarketServer } from '../support/extmarketServer.ts';

describe('extmarket GraphQL client against the local extmarket server', () => {
  let server: ExtmarketServer;
  before(async () => {
    server = await startExtmarketServer('key-123');
  });
  after(() => server.close());
  const client = (key = 'key-123') => graphqlExtmarketClient({ endpoint: server.url, apiKey: key, timeoutMs: 3000 });

  it('tests the connection with the vendor’s key and refuses a wrong key', async () => {
    expect(await client().testConnection()).to.deep.equal({ vendorName: 'Local extmarket vendor' });
    let err: unknown;
    try {
      await client('wrong').testConnection();
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(ExtmarketCredentialsException);
  });

  it('reads unconfirmed shipments with their inventory units, prices in exact cents', async () => {
    server.shipments.push({
      id: 'S1',
      orderId: 'O1',
      number: 'R-1',
      shipCountry: 'DE',
      vatNumber: 'DE123456789',
      company: 'ACME GmbH',
      units: [
        { id: 'U1', ean: '4006381333931', sku: 'A', price: '11.70', name: 'Pen' },
        { id: 'U2', ean: '4006381333931', sku: 'A', price: '11.70' },
      ],
    });
    const [s] = await client().unconfirmedShipments();
    expect(s).to.include({ id: 'S1', orderId: 'O1', orderNumber: 'R-1', state: 'unconfirmed' });
    expect(s.shipAddress).to.include({ countryIso: 'DE', vatNumber: 'DE123456789', company: 'ACME GmbH' });
    expect(s.inventoryUnits[0]).to.deep.include({ id: 'U1', ean: '4006381333931', priceCents: 1170, productName: 'Pen' });
  });

  it('confirms and declines inventory units with an idempotency key, and sets tracking', async () => {
    await client().confirmInventoryUnits(
      [
        { inventoryUnitId: 'U1', isAvailable: true },
        { inventoryUnitId: 'U2', isAvailable: false },
      ],
      'evt-1',
    );
    expect(server.shipments[0].units.map((u) => u.state)).to.deep.equal(['confirmed_available', 'confirmed_unavailable']);
    expect(server.shipments[0].state).to.equal('confirmed');
    expect(server.calls.at(-1)).to.deep.include({ operation: 'ConfirmInventoryUnits', idempotencyKey: 'evt-1' });
    await client().setShipmentTracking('S1', 'TRK-9', 'post', 'evt-2');
    expect(server.shipments[0].tracking).to.deep.equal({ code: 'TRK-9', provider: 'post' });
  });

  it('pages through historical shipments', async () => {
    for (let i = 2; i <= 6; i++)
      server.shipments.push({
        id: `S${i}`,
        orderId: `O${i}`,
        number: `R-${i}`,
        state: i % 2 ? 'declined' : 'confirmed',
        units: [{ id: `U${i}`, ean: null, price: '5' }],
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await client().historicalShipments(cursor, 2);
      seen.push(...page.shipments.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).to.have.members(['S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
  });

  it('reports an unavailable extmarket and an unknown unit as ExtmarketUnavailableException', async () => {
    server.failNext(1);
    let err: unknown;
    try {
      await client().confirmInventoryUnits([{ inventoryUnitId: 'U1', isAvailable: true }], 'evt-3');
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(ExtmarketUnavailableException);
    err = null;
    try {
      await client().confirmInventoryUnits([{ inventoryUnitId: 'nope', isAvailable: true }], 'evt-4');
    } catch (e) {
      err = e;
    }
    expect((err as Error).message).to.match(/unknown inventory unit/);
    err = null;
    try {
      await graphqlExtmarketClient({ endpoint: 'http://127.0.0.1:9/graphql', apiKey: 'k', timeoutMs: 500 }).testConnection();
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(ExtmarketUnavailableException);
  });
});

describe('extmarket API keys at rest (AES-256-GCM)', () => {
  it('seals with a fresh IV each time and opens back; a tampered value does not open', () => {
    const box = secretBox(Buffer.alloc(32, 7));
    const a = box.seal('secret-key');
    expect(a).not.to.include('secret-key');
    expect(box.seal('secret-key')).not.to.equal(a);
    expect(box.open(a)).to.equal('secret-key');
    const parts = a.split(':');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join(':'))).to.throw();
    expect(() => secretBox(Buffer.alloc(32, 8)).open(a)).to.throw();
  });
  it('generates one key into the data folder (0600) and reuses it; production needs the variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ek-'));
    const k1 = loadSecretKey({}, dir);
    expect(loadSecretKey({}, dir).equals(k1)).to.equal(true);
    expect(statSync(join(dir, 'extmarket-key')).mode & 0o777).to.equal(0o600);
    expect(() => loadSecretKey({ NODE_ENV: 'production' }, dir)).to.throw(/EXTMARKET_ENCRYPTION_KEY/);
    expect(loadSecretKey({ EXTMARKET_ENCRYPTION_KEY: 'ab'.repeat(32) }, dir)).to.have.length(32);
  });
});
