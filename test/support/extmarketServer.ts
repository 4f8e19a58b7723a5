import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, graphql } from 'graphql';

/**
 * A local extmarket: a real HTTP server on 127.0.0.1 executing the GraphQL operations of
 * src/adapters/extmarket/operations.ts against a schema (graphql-js), with an API key check.
 * Tests put shipments in, read what our service confirmed, declined and tracked, and can make
 * the next calls fail to exercise retries.
 */
const SCHEMA = buildSchema(`
  enum ShipmentState { unconfirmed confirmed declined }
  type Country { iso: String }
  type Address { firstName: String lastName: String company: String streetName: String streetNumber: String zipCode: String city: String country: Country vatNumber: String }
  type Name { en: String fr: String de: String }
  type Product { name: Name }
  type TradeId { number: String parser: String }
  type Variant { sku: String mpn: String tradeId: TradeId product: Product }
  type InventoryUnit { id: ID! state: String! price: String! variant: Variant }
  type Order { id: ID! number: String! completedAt: String! email: String locale: String shipAddress: Address billAddress: Address }
  type Tracking { code: String provider: String }
  type Shipment { id: ID! state: ShipmentState! order: Order! inventoryUnits: [InventoryUnit!]! tracking: Tracking }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type ShipmentConnection { nodes: [Shipment!]! pageInfo: PageInfo! }
  type Vendor { id: ID name: String slug: String }
  type Me { vendor: Vendor }
  type Query { me: Me shipments(state: ShipmentState!, first: Int, after: String, includeDeclined: Boolean): ShipmentConnection! }
  input UnitInput { inventoryUnitId: ID! isAvailable: Boolean! }
  input ConfirmInventoryUnitsInput { inventoryUnits: [UnitInput!]! }
  input SetShipmentTrackingInput { shipmentId: ID! code: String! provider: String }
  type UserError { id: ID code: String message: String }
  type ConfirmPayload { inventoryUnits: [InventoryUnit!] errors: [UserError!] }
  type TrackingPayload { shipment: Shipment errors: [UserError!] }
  type Mutation { confirmInventoryUnits(input: ConfirmInventoryUnitsInput!): ConfirmPayload! setShipmentTracking(input: SetShipmentTrackingInput!): TrackingPayload! }
`);

export interface FakeUnit {
  id: string;
  ean: string | null;
  sku?: string;
  mpn?: string;
  name?: string;
  price: string;
  state?: string;
}
export interface FakeShipment {
  id: string;
  state?: 'unconfirmed' | 'confirmed' | 'declined';
  orderId: string;
  number: string;
  completedAt?: string;
  email?: string;
  locale?: string;
  shipCountry?: string;
  billCountry?: string;
  vatNumber?: string | null;
  company?: string | null;
  units: FakeUnit[];
  tracking?: { code: string; provider: string | null } | null;
}

/** A marketplace shop: what `me { vendor }` answers for its API key. */
export interface FakeShop {
  id: string;
  slug: string;
  name: string;
}

export interface ExtmarketServer {
  url: string;
  apiKey: string;
  shipments: FakeShipment[];
  /** Every mutation received, in order, with its Idempotency-Key. */
  calls: { operation: string; variables: any; idempotencyKey: string | null }[];
  /** The next n mutation calls answer HTTP 503. */
  failNext(n: number): void;
  /** Another shop of the marketplace, reached with its own API key (the signup's shop claim). */
  addShop(apiKey: string, shop: FakeShop): void;
  close(): Promise<void>;
}

export async function startExtmarketServer(apiKey = 'test-extmarket-key'): Promise<ExtmarketServer> {
  const state = { fail: 0 };
  const shipments: FakeShipment[] = [];
  const calls: ExtmarketServer['calls'] = [];
  const shops = new Map<string, FakeShop>([
    [apiKey, { id: 'local-vendor-1', slug: 'local-extmarket-vendor', name: 'Local extmarket vendor' }],
  ]);
  const address = (s: FakeShipment, country: string | undefined) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: s.company ?? null,
    streetName: 'Rue du Fort',
    streetNumber: '7',
    zipCode: '1111',
    city: 'Town',
    country: { iso: country ?? 'LU' },
    vatNumber: s.vatNumber ?? null,
  });
  const node = (s: FakeShipment) => ({
    id: s.id,
    state: s.state ?? 'unconfirmed',
    tracking: s.tracking ?? null,
    order: {
      id: s.orderId,
      number: s.number,
      completedAt: s.completedAt ?? new Date().toISOString(),
      email: s.email ?? 'buyer@example.test',
      locale: s.locale ?? 'fr',
      shipAddress: address(s, s.shipCountry),
      billAddress: address(s, s.billCountry ?? s.shipCountry),
    },
    inventoryUnits: s.units.map((u) => ({
      id: u.id,
      state: u.state ?? 'unconfirmed',
      price: u.price,
      variant: {
        sku: u.sku ?? null,
        mpn: u.mpn ?? null,
        tradeId: { number: u.ean, parser: 'gtin13' },
        product: { name: { en: u.name ?? `Product ${u.ean ?? u.sku ?? u.id}`, fr: null, de: null } },
      },
    })),
  });
  const root = {
    me: (_args: unknown, context: { key: string }) => ({ vendor: shops.get(context.key) ?? null }),
    shipments: ({ state: wanted, first, after, includeDeclined }: any) => {
      const matching = shipments.filter(
        (s) => (s.state ?? 'unconfirmed') === wanted || (includeDeclined && wanted === 'confirmed' && s.state === 'declined'),
      );
      const start = after ? Number(after) : 0;
      const page = first ? matching.slice(start, start + first) : matching;
      const end = start + page.length;
      return { nodes: page.map(node), pageInfo: { hasNextPage: end < matching.length, endCursor: String(end) } };
    },
    confirmInventoryUnits: ({ input }: any) => {
      const units = input.inventoryUnits.map((d: any) => {
        const unit = shipments.flatMap((s) => s.units).find((u) => u.id === d.inventoryUnitId);
        if (unit) unit.state = d.isAvailable ? 'confirmed_available' : 'confirmed_unavailable';
        return unit;
      });
      const errors = units.flatMap((u: any, i: number) =>
        u ? [] : [{ id: input.inventoryUnits[i].inventoryUnitId, code: 'not_found', message: 'unknown inventory unit' }],
      );
      for (const s of shipments) {
        if (s.units.every((u) => u.state && u.state !== 'unconfirmed'))
          s.state = s.units.some((u) => u.state === 'confirmed_available') ? 'confirmed' : 'declined';
      }
      return { inventoryUnits: units.filter(Boolean).map((u: any) => ({ id: u.id, state: u.state, price: u.price })), errors };
    },
    setShipmentTracking: ({ input }: any) => {
      const s = shipments.find((x) => x.id === input.shipmentId);
      if (!s) return { shipment: null, errors: [{ code: 'not_found', message: 'unknown shipment' }] };
      s.tracking = { code: input.code, provider: input.provider ?? null };
      return { shipment: node(s), errors: [] };
    },
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', async () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST') return send(405, { errors: [{ message: 'POST only' }] });
      const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!shops.has(key)) return send(401, { errors: [{ message: 'invalid API key' }] });
      let parsed: any;
      try {
        parsed = JSON.parse(body);
      } catch {
        return send(400, { errors: [{ message: 'bad JSON' }] });
      }
      const isMutation = /^\s*mutation/.test(parsed.query ?? '');
      if (isMutation) {
        calls.push({
          operation: /mutation\s+(\w+)/.exec(parsed.query)?.[1] ?? 'anonymous',
          variables: parsed.variables,
          idempotencyKey: (req.headers['idempotency-key'] as string) ?? null,
        });
        if (state.fail > 0) {
          state.fail--;
          return send(503, { errors: [{ message: 'temporarily unavailable' }] });
        }
      }
      const result = await graphql({
        schema: SCHEMA,
        source: parsed.query,
        variableValues: parsed.variables,
        rootValue: root,
        contextValue: { key },
      });
      send(200, result);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  return {
    url,
    apiKey,
    shipments,
    calls,
    failNext(n) {
      state.fail = n;
    },
    addShop(key, shop) {
      shops.set(key, shop);
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
