import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The demo's external marketplace: a small HTTP server on 127.0.0.1 that answers the GraphQL
 * operations our extmarket client sends (src/adapters/extmarket/operations.ts) by their
 * operation name, with an API key of its own. It holds the shipments the demo puts in; what the
 * service confirms, declines or tracks is kept, so a confirmation in the back office reaches it
 * as it would reach the real marketplace. It lives as long as the demo command does.
 */
export interface DemoShipmentUnit {
  id: string;
  ean: string;
  name: string;
  price: string;
  state?: string;
}
export interface DemoShipment {
  id: string;
  orderId: string;
  number: string;
  completedAt: string;
  email: string;
  locale: string;
  address: {
    firstName: string;
    lastName: string;
    streetName: string;
    streetNumber: string;
    zipCode: string;
    city: string;
    country: string;
  };
  units: DemoShipmentUnit[];
  state?: 'unconfirmed' | 'confirmed' | 'declined';
  tracking?: { code: string; provider: string | null };
}

/**
 * The variables of the operations the demo answers: the input of ConfirmInventoryUnits (the
 * decision on each unit) or of SetShipmentTracking (the shipment, its code and provider).
 */
interface Variables {
  input?: {
    inventoryUnits?: { inventoryUnitId: string; isAvailable: boolean }[];
    shipmentId?: string;
    code?: string;
    provider?: string | null;
  };
}

export interface DemoMarketplace {
  url: string;
  apiKey: string;
  shipments: DemoShipment[];
  close(): Promise<void>;
}

export async function startDemoMarketplace(): Promise<DemoMarketplace> {
  const apiKey = `demo-marketplace-${randomBytes(9).toString('base64url')}`;
  const shipments: DemoShipment[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const send = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (req.method !== 'POST') return send(405, { errors: [{ message: 'POST only' }] });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { errors: [{ message: 'invalid API key' }] });
      let request: { query?: string; variables?: Variables };
      try {
        // Our extmarket client sends these operations (src/adapters/extmarket/graphqlClient.ts), with these variables.
        request = JSON.parse(body) as typeof request;
      } catch {
        return send(400, { errors: [{ message: 'bad JSON' }] });
      }
      const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(request.query ?? '')?.[1];
      const answer = operation ? answers[operation]?.(request.variables ?? {}) : undefined;
      return answer ? send(200, { data: answer }) : send(400, { errors: [{ message: `unknown operation ${operation ?? '(none)'}` }] });
    });
  });

  const node = (s: DemoShipment) => {
    const a = { ...s.address, company: null, country: { iso: s.address.country }, vatNumber: null };
    return {
      id: s.id,
      state: s.state ?? 'unconfirmed',
      tracking: s.tracking ?? null,
      order: {
        id: s.orderId,
        number: s.number,
        completedAt: s.completedAt,
        email: s.email,
        locale: s.locale,
        shipAddress: a,
        billAddress: a,
      },
      inventoryUnits: s.units.map((u) => ({
        id: u.id,
        state: u.state ?? 'unconfirmed',
        price: u.price,
        variant: {
          sku: null,
          mpn: null,
          tradeId: { number: u.ean, parser: 'gtin13' },
          product: { name: { en: u.name, fr: null, de: null } },
        },
      })),
    };
  };
  const answers: Record<string, (variables: Variables) => unknown> = {
    Me: () => ({ me: { vendor: { name: 'Demo marketplace seller' } } }),
    UnconfirmedShipments: () => ({ shipments: { nodes: shipments.filter((s) => (s.state ?? 'unconfirmed') === 'unconfirmed').map(node) } }),
    HistoricalShipments: () => ({
      shipments: {
        nodes: shipments.filter((s) => s.state && s.state !== 'unconfirmed').map(node),
        pageInfo: { hasNextPage: false, endCursor: null },
      },
    }),
    ConfirmInventoryUnits: ({ input }) => {
      const units = shipments.flatMap((s) => s.units);
      const errors = [];
      for (const d of input?.inventoryUnits ?? []) {
        const unit = units.find((u) => u.id === d.inventoryUnitId);
        if (unit) unit.state = d.isAvailable ? 'confirmed_available' : 'confirmed_unavailable';
        else errors.push({ id: d.inventoryUnitId, code: 'not_found', message: 'unknown inventory unit' });
      }
      for (const s of shipments) {
        if (s.units.every((u) => u.state && u.state !== 'unconfirmed'))
          s.state = s.units.some((u) => u.state === 'confirmed_available') ? 'confirmed' : 'declined';
      }
      return { confirmInventoryUnits: { inventoryUnits: [], errors } };
    },
    SetShipmentTracking: ({ input }) => {
      const s = shipments.find((x) => x.id === input?.shipmentId);
      if (s && input?.code !== undefined) s.tracking = { code: input.code, provider: input.provider ?? null };
      return {
        setShipmentTracking: { shipment: s ? node(s) : null, errors: s ? [] : [{ code: 'not_found', message: 'unknown shipment' }] },
      };
    },
  };

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    apiKey,
    shipments,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
