import { rowProjection } from '../../src/runtime/rowProjection.ts';
import {
  BILLING_INTERVALS,
  SUBSCRIPTION_STATUSES,
  VENDOR_SUBSCRIPTION_EVENT_TYPES,
  type VendorSubscriptionEvent,
} from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const Limit = column.nullable(column.int());

export const VendorSubscriptionRow = readModel('vendor_subscriptions', {
  vendor_id: column.int(),
  tier_code: column.text(),
  status: column.oneOf(SUBSCRIPTION_STATUSES),
  current_period_start: column.time(),
  current_period_end: column.time(),
  /** The admin's overrides of the tier's limits: a key absent keeps the tier's, null is unlimited. */
  custom_limits: column.nullable(
    column.json(
      Type.Object({ orders_per_period: Type.Optional(Limit), products: Type.Optional(Limit), team_members: Type.Optional(Limit) }),
    ),
  ),
  created_at: column.time(),
  updated_at: column.time(),
  billing_interval: column.oneOf(BILLING_INTERVALS),
});
export type VendorSubscriptionRow = RowOf<typeof VendorSubscriptionRow>;

/**
 * vendor_subscriptions: each vendor's subscription record, read by the admin subscription routes,
 * the usage and the feature gate. A row projection (src/runtime/rowProjection.ts), one row per vendor.
 */
export const vendorSubscriptions = rowProjection<JsonRow<VendorSubscriptionRow>>({
  name: 'vendor_subscriptions',
  eventTypes: VENDOR_SUBSCRIPTION_EVENT_TYPES,
  readModel: VendorSubscriptionRow,
  fold: {
    key: 'vendor_id',
    keyType: 'integer',
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
      const e = domainEvent<VendorSubscriptionEvent>(raw);
      if (e.type === 'VendorSubscriptionStarted') {
        const { at, custom_limits, ...terms } = e.data;
        // A record started before the interval was recorded is monthly.
        rows.set(e.data.vendor_id, {
          ...terms,
          billing_interval: terms.billing_interval ?? 'month',
          custom_limits,
          created_at: at,
          updated_at: at,
        });
        return;
      }
      const row = rows.get(e.data.vendor_id);
      if (!row) return;
      const { custom_limits, ...changes } = e.data.changes;
      Object.assign(row, changes, { updated_at: e.data.at });
      if (custom_limits !== undefined) row.custom_limits = custom_limits;
    },
  },
});
