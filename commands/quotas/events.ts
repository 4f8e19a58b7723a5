/**
 * A quota stream counts what a vendor's plan limits (live products, orders of one billing period)
 * on the write side: each slot names its holder (a product or an order id), so a retried claim
 * counts once and a release frees exactly the slot it took.
 */
/** The stream's first event: the holders that already existed when counting began. */
export type QuotaOpened = { type: 'QuotaOpened'; data: { kind: string; key: string; holders: string[] } };
/** A holder took one slot of the quota. */
export type QuotaSlotClaimed = { type: 'QuotaSlotClaimed'; data: { kind: string; key: string; holder: string } };
/** A holder gave its slot back (the product was deleted, or the creation failed). */
export type QuotaSlotReleased = { type: 'QuotaSlotReleased'; data: { kind: string; key: string; holder: string } };

/** The plan became unlimited: counting stops, and the next limited claim opens the stream afresh. */
export type QuotaClosed = { type: 'QuotaClosed'; data: { kind: string; key: string } };

/**
 * An extmarket order took the period's order quota past its limit. The order is recorded anyway
 * (it already exists on the marketplace); this fact is there so the vendor and the platform's
 * admins hear of it, once per order.
 */
export type ExtmarketOrderOverLimit = {
  type: 'ExtmarketOrderOverLimit';
  data: { vendor_id: number; order_id: number; limit: number; count: number; period_start: string; at: string };
};

export type QuotaEvent = QuotaOpened | QuotaSlotClaimed | QuotaSlotReleased | QuotaClosed | ExtmarketOrderOverLimit;

/** A quota's stream id: `products:42`, `orders:42:2026-11-01T00:00:00.000Z`. */
export const quotaId = (kind: string, key: string) => `${kind}:${key}`;

/** The memory view of the open quota streams (projections/subscriptions/openQuotasView.ts): a Set of quota stream ids. */
export const OPEN_QUOTAS_VIEW = 'open_quotas';
