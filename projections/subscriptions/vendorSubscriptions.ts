import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
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

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** vendor_subscriptions: each vendor's subscription record, read by the admin subscription routes, the usage and the feature gate. */
export const vendorSubscriptions: Projection = {
  kind: 'projection',
  name: 'vendor_subscriptions',
  eventTypes: VENDOR_SUBSCRIPTION_EVENT_TYPES,
  tables: ['vendor_subscriptions'],
  readModels: [VendorSubscriptionRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { vendor_id: number }).vendor_id))];
    const existing = await trx<VendorSubscriptionRow>('vendor_subscriptions').whereIn('vendor_id', ids);
    const rows = new Map<number, VendorSubscriptionRow | JsonRow<VendorSubscriptionRow>>(existing.map((r) => [r.vendor_id, r]));
    for (const raw of events) {
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
        continue;
      }
      const row = rows.get(e.data.vendor_id);
      if (!row) continue;
      const { custom_limits, ...changes } = e.data.changes;
      Object.assign(row, changes, { updated_at: e.data.at });
      if (custom_limits !== undefined) row.custom_limits = custom_limits;
    }
    if (rows.size > 0)
      await trx('vendor_subscriptions')
        .insert([...rows.values()].map((r) => ({ ...r, custom_limits: json(r.custom_limits) })))
        .onConflict('vendor_id')
        .merge();
  },
};
