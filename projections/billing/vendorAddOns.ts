import { VENDOR_ADD_ON_EVENT_TYPES, type VendorAddOnEvent } from '../../commands/billing/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const VendorAddOnRow = readModel('vendor_add_ons', {
  id: column.text(),
  vendor_id: column.int(),
  add_on_code: column.text(),
  quantity: column.int(),
  /** Per unit and month, euro cents. */
  price_monthly_cents: column.int(),
  status: column.oneOf(['active', 'canceled']),
  /** The Stripe Checkout session that paid for it. */
  stripe_ref: column.nullable(column.text()),
  purchased_at: column.time(),
  canceled_at: column.nullable(column.time()),
});
export type VendorAddOnRow = RowOf<typeof VendorAddOnRow>;

/**
 * vendor_add_ons: every add-on bought, active or canceled; the plan counts the active ones. A row
 * projection (src/runtime/rowProjection.ts), one row per add-on bought.
 */
export const vendorAddOns = rowProjection<JsonRow<VendorAddOnRow>>({
  name: 'vendor_add_ons',
  eventTypes: VENDOR_ADD_ON_EVENT_TYPES,
  readModel: VendorAddOnRow,
  fold: {
    key: 'id',
    keyType: 'text',
    keys: (e) => [(e.data as { add_on_id: string }).add_on_id],
    apply(rows, raw) {
      const e = domainEvent<VendorAddOnEvent>(raw);
      if (e.type === 'VendorAddOnPurchased') {
        const { add_on_id, at, ...d } = e.data;
        rows.set(add_on_id, { id: add_on_id, ...d, status: 'active', purchased_at: at, canceled_at: null });
        return;
      }
      const row = rows.get(e.data.add_on_id);
      if (row) {
        row.status = 'canceled';
        row.canceled_at = e.data.at;
      }
    },
  },
});
