import { ExtmarketCredentialsException, ExtmarketUnavailableException } from '../../core/errors.ts';
import { parseCents } from '../../core/money.ts';
import {
  CONFIRM_INVENTORY_UNITS,
  HISTORICAL_SHIPMENTS,
  ME,
  SET_SHIPMENT_TRACKING,
  SHOP_IDENTITY,
  UNCONFIRMED_SHIPMENTS,
} from './operations.ts';
import type { ExtmarketAddress, ExtmarketClient, ExtmarketInventoryUnit, ExtmarketShipment } from './port.ts';

/**
 * The extmarket client over GraphQL/HTTP: POST {query, variables} with `Authorization: Bearer
 * <key>` (product-feed.md: orders need an API key). A refused key is an
 * ExtmarketCredentialsException; an unreachable or failing server an ExtmarketUnavailableException
 * (the caller records and retries). Mutations carry an Idempotency-Key header: the id of our event.
 */
export interface GraphqlClientOptions {
  endpoint: string;
  apiKey: string;
  timeoutMs?: number;
}

export function graphqlExtmarketClient(options: GraphqlClientOptions): ExtmarketClient {
  async function call<T>(query: string, variables: Record<string, unknown> = {}, idempotencyKey?: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(options.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${options.apiKey}`,
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new ExtmarketUnavailableException(`The extmarket could not be reached: ${(err as Error).message}`);
    }
    if (res.status === 401 || res.status === 403) throw new ExtmarketCredentialsException('The extmarket refused the API key');
    const text = await res.text();
    let body: { data?: T; errors?: { message: string }[] };
    try {
      // A GraphQL answer: `data` of the shape the query selects (the caller names it), or `errors`.
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new ExtmarketUnavailableException(`The extmarket answered HTTP ${res.status} without JSON`);
    }
    if (!res.ok || body.errors?.length || !body.data) {
      const message = body.errors?.map((e) => e.message).join('; ') || `HTTP ${res.status}`;
      throw new ExtmarketUnavailableException(`The extmarket answered with an error: ${message.slice(0, 300)}`);
    }
    return body.data;
  }

  return {
    async testConnection() {
      const data = await call<{ me: { vendor: { name: string } | null } }>(ME);
      return { vendorName: data.me?.vendor?.name ?? null };
    },
    async shopIdentity() {
      const data = await call<{ me: { vendor: { id: string | null; slug: string | null; name: string | null } | null } | null }>(
        SHOP_IDENTITY,
      );
      const v = data.me?.vendor;
      return v?.id ? { id: String(v.id), slug: v.slug ?? null, name: v.name ?? null } : null;
    },
    async unconfirmedShipments() {
      const data = await call<{ shipments: { nodes: ShipmentNode[] } }>(UNCONFIRMED_SHIPMENTS);
      return data.shipments.nodes.map(toShipment);
    },
    async historicalShipments(cursor, pageSize) {
      const data = await call<{ shipments: { nodes: ShipmentNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>(
        HISTORICAL_SHIPMENTS,
        { first: pageSize, after: cursor },
      );
      const { nodes, pageInfo } = data.shipments;
      return { shipments: nodes.map(toShipment), nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null };
    },
    async confirmInventoryUnits(decisions, idempotencyKey) {
      const data = await call<{ confirmInventoryUnits: { errors: { id: string; code: string; message: string }[] | null } }>(
        CONFIRM_INVENTORY_UNITS,
        { input: { inventoryUnits: decisions } },
        idempotencyKey,
      );
      const errors = data.confirmInventoryUnits.errors ?? [];
      if (errors.length)
        throw new ExtmarketUnavailableException(`The extmarket refused: ${errors.map((e) => `${e.id}: ${e.message}`).join('; ')}`);
    },
    async setShipmentTracking(shipmentId, code, provider, idempotencyKey) {
      const data = await call<{ setShipmentTracking: { errors: { code: string; message: string }[] | null } }>(
        SET_SHIPMENT_TRACKING,
        { input: { shipmentId, code, provider } },
        idempotencyKey,
      );
      const errors = data.setShipmentTracking.errors ?? [];
      if (errors.length)
        throw new ExtmarketUnavailableException(`The extmarket refused the tracking: ${errors.map((e) => e.message).join('; ')}`);
    },
  };
}

/** A shipment as operations.ts selects it (SHIPMENT): every field selected is there, null where the schema allows. */
interface ShipmentNode {
  id: string;
  state: ExtmarketShipment['state'];
  order: {
    id: string;
    number: string;
    completedAt: string;
    email: string | null;
    locale: string | null;
    shipAddress: AddressNode | null;
    billAddress: AddressNode | null;
  };
  inventoryUnits: InventoryUnitNode[];
}

/** An address as the API selects it: ours, with the country as a node of its own. */
type AddressNode = Omit<ExtmarketAddress, 'countryIso'> & { country: { iso: string | null } | null };

interface InventoryUnitNode {
  id: string;
  state: ExtmarketInventoryUnit['state'];
  /** Decimal text ("11.70"); a number is taken too. */
  price: string | number;
  variant: {
    sku: string | null;
    mpn: string | null;
    tradeId: { number: string | null } | null;
    product: { name: { en: string | null; fr: string | null; de: string | null } | null } | null;
  } | null;
}

function toAddress(a: AddressNode | null): ExtmarketAddress {
  return {
    firstName: a?.firstName ?? null,
    lastName: a?.lastName ?? null,
    company: a?.company ?? null,
    streetName: a?.streetName ?? null,
    streetNumber: a?.streetNumber ?? null,
    zipCode: a?.zipCode ?? null,
    city: a?.city ?? null,
    countryIso: a?.country?.iso ?? null,
    vatNumber: a?.vatNumber ?? null,
  };
}

function toShipment(n: ShipmentNode): ExtmarketShipment {
  return {
    id: n.id,
    state: n.state,
    orderId: n.order.id,
    orderNumber: n.order.number,
    completedAt: n.order.completedAt,
    email: n.order.email ?? null,
    locale: n.order.locale ?? null,
    shipAddress: toAddress(n.order.shipAddress),
    billAddress: toAddress(n.order.billAddress),
    inventoryUnits: n.inventoryUnits.map((u) => ({
      id: u.id,
      state: u.state,
      sku: u.variant?.sku ?? null,
      mpn: u.variant?.mpn ?? null,
      ean: u.variant?.tradeId?.number ?? null,
      productName: u.variant?.product?.name?.en ?? u.variant?.product?.name?.fr ?? u.variant?.product?.name?.de ?? 'Unnamed product',
      priceCents: priceToCents(u.price),
    })),
  };
}

/** "11.70" or 11.7 → 1170, exactly (parsed as decimal text, never through float arithmetic). */
function priceToCents(price: unknown): number {
  const cents = parseCents(String(price));
  if (cents === null)
    throw new ExtmarketUnavailableException(`The extmarket sent a price that is not an amount: ${String(price).slice(0, 20)}`);
  return cents;
}
