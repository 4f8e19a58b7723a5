import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { VENDOR_SUBSCRIPTION_EVENT_TYPES, type VendorSubscriptionEvent } from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** vendor_subscriptions: each vendor's subscription record, read by the admin subscription routes, the usage and the feature gate. */
export const vendorSubscriptions: Projection = {
  kind: 'projection',
  name: 'vendor_subscriptions',
  eventTypes: VENDOR_SUBSCRIPTION_EVENT_TYPES,
  tables: ['vendor_subscriptions'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { vendor_id: number }).vendor_id))];
    const existing = await trx('vendor_subscriptions').whereIn('vendor_id', ids);
    const rows = new Map<number, any>(existing.map((r: any) => [r.vendor_id, { ...r, custom_limits: json(r.custom_limits) }]));
    for (const raw of events) {
      const e = domainEvent<VendorSubscriptionEvent>(raw);
      if (e.type === 'VendorSubscriptionStarted') {
        const { at, custom_limits, ...terms } = e.data;
        // A record started before the interval was recorded is monthly.
        rows.set(e.data.vendor_id, {
          ...terms,
          billing_interval: terms.billing_interval ?? 'month',
          custom_limits: json(custom_limits),
          created_at: at,
          updated_at: at,
        });
        continue;
      }
      const row = rows.get(e.data.vendor_id);
      if (!row) continue;
      const { custom_limits, ...changes } = e.data.changes;
      Object.assign(row, changes, { updated_at: e.data.at });
      if (custom_limits !== undefined) row.custom_limits = json(custom_limits);
    }
    if (rows.size > 0)
      await trx('vendor_subscriptions')
        .insert([...rows.values()])
        .onConflict('vendor_id')
        .merge();
  },
};
