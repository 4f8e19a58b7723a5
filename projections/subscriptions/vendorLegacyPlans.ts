import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
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

/** vendor_legacy_plans: the vendors put on the legacy plan by the upgrade; `ended_at` once their first subscription was opened. */
export const vendorLegacyPlans: Projection = {
  kind: 'projection',
  name: 'vendor_legacy_plans',
  eventTypes: LEGACY_PLAN_EVENT_TYPES,
  tables: ['vendor_legacy_plans'],
  readModels: [VendorLegacyPlanRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    for (const raw of events) {
      const e = domainEvent<LegacyPlanEvent>(raw);
      if (e.type === 'VendorLegacyPlanGranted') {
        const row: JsonRow<VendorLegacyPlanRow> = {
          vendor_id: e.data.vendor_id,
          upgrade: e.data.upgrade,
          since: e.data.at,
          ended_at: null,
        };
        await trx('vendor_legacy_plans').insert(row).onConflict('vendor_id').merge();
      } else {
        const ended: Pick<JsonRow<VendorLegacyPlanRow>, 'ended_at'> = { ended_at: e.data.at };
        await trx('vendor_legacy_plans').where({ vendor_id: e.data.vendor_id }).update(ended);
      }
    }
  },
};
