import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { LEGACY_PLAN_EVENT_TYPES, type LegacyPlanEvent } from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/** vendor_legacy_plans: the vendors put on the legacy plan by the upgrade; `ended_at` once their first subscription was opened. */
export const vendorLegacyPlans: Projection = {
  kind: 'projection',
  name: 'vendor_legacy_plans',
  eventTypes: LEGACY_PLAN_EVENT_TYPES,
  tables: ['vendor_legacy_plans'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    for (const raw of events) {
      const e = domainEvent<LegacyPlanEvent>(raw);
      if (e.type === 'VendorLegacyPlanGranted') {
        await trx('vendor_legacy_plans')
          .insert({ vendor_id: e.data.vendor_id, upgrade: e.data.upgrade, since: e.data.at, ended_at: null })
          .onConflict('vendor_id')
          .merge();
      } else {
        await trx('vendor_legacy_plans').where({ vendor_id: e.data.vendor_id }).update({ ended_at: e.data.at });
      }
    }
  },
};
