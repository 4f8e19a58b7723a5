/**
 * The extmarket as this service sees it (shapes after the product-feed reference, docs/orders.md "Product feed",
 * "GraphQL order API"): shipments of unconfirmed orders, each with its inventory units; per-unit
 * confirm or decline; tracking on a shipment. The GraphQL adapter (graphqlClient.ts) speaks it
 * over HTTP with the vendor's API key; tests run it against test/support/extmarketServer.ts.
 */
export interface ExtmarketAddress {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  streetName: string | null;
  streetNumber: string | null;
  zipCode: string | null;
  city: string | null;
  countryIso: string | null;
  vatNumber: string | null;
}

export interface ExtmarketInventoryUnit {
  id: string;
  state: 'unconfirmed' | 'confirmed_available' | 'confirmed_unavailable' | 'returned';
  sku: string | null;
  mpn: string | null;
  /** The GTIN (EAN) of the variant. */
  ean: string | null;
  productName: string;
  /** Price charged per unit, VAT included, in cents. */
  priceCents: number;
}

export interface ExtmarketShipment {
  id: string;
  state: 'unconfirmed' | 'confirmed' | 'declined';
  orderId: string;
  orderNumber: string;
  completedAt: string;
  email: string | null;
  locale: string | null;
  shipAddress: ExtmarketAddress;
  billAddress: ExtmarketAddress;
  inventoryUnits: ExtmarketInventoryUnit[];
}

export interface ShipmentPage {
  shipments: ExtmarketShipment[];
  nextCursor: string | null;
}

export interface UnitDecision {
  inventoryUnitId: string;
  isAvailable: boolean;
}

export interface ExtmarketClient {
  /** Checks the key: resolves with the extmarket's name of the vendor, or throws. */
  testConnection(): Promise<{ vendorName: string | null }>;
  /** The shop the key belongs to (its id, slug and name on the extmarket), or null when the key has none. */
  shopIdentity(): Promise<{ id: string; slug: string | null; name: string | null } | null>;
  unconfirmedShipments(): Promise<ExtmarketShipment[]>;
  /** Confirmed and declined shipments, newest first, page by page (the historical import). */
  historicalShipments(cursor: string | null, pageSize: number): Promise<ShipmentPage>;
  confirmInventoryUnits(decisions: UnitDecision[], idempotencyKey: string): Promise<void>;
  setShipmentTracking(shipmentId: string, code: string, provider: string | null, idempotencyKey: string): Promise<void>;
}
