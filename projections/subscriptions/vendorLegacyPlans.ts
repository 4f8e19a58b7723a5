import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { LEGACY_PLAN_EVENT_TYPES, type LegacyPlanEvent } from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const VendorLegacyPlanRow = readModel('vendor_legacy_plans', {
  vendor_id: column.int(),
  /** The platform upgrade that granted the plan. */
  upgrade: column.text(),
  since: column.time(),
  /** When the vendor's first subscription was opened; null while it is on the legacy plan. */
  ended_at: column.nullable(column.time()),
});
export type VendorLegacyPlanRow = RowOf<typeof VendorLegacyPlanRow>;

/**
 * vendor_legacy_plans: the vendors put on the legacy plan by the upgrade; `ended_at` once their
 * first subscription was opened. A row projection (src/runtime/rowProjection.ts), one row per vendor.
 */
export const vendorLegacyPlans = rowProjection<JsonRow<VendorLegacyPlanRow>>({
  name: 'vendor_legacy_plans',
  eventTypes: LEGACY_PLAN_EVENT_TYPES,
  readModel: VendorLegacyPlanRow,
  fold: {
    key: 'vendor_id',
    keyType: 'integer',
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
      const e = domainEvent<LegacyPlanEvent>(raw);
      const id = e.data.vendor_id;
      if (e.type === 'VendorLegacyPlanGranted') {
        rows.set(id, { vendor_id: id, upgrade: e.data.upgrade, since: e.data.at, ended_at: null });
        return;
      }
      const row = rows.get(id);
      if (row) row.ended_at = e.data.at;
    },
  },
});
