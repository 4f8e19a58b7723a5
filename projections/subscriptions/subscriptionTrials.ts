import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import {
  VENDOR_SUBSCRIPTION_EVENT_TYPES,
  type SubscriptionStatus,
  type VendorSubscriptionEvent,
} from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const OUTCOMES = ['converted', 'expired', 'canceled'] as const;

export const SubscriptionTrialRow = readModel('subscription_trials', {
  vendor_id: column.int(),
  tier_code: column.text(),
  started_at: column.time(),
  /** How the trial ended; null while it runs. */
  outcome: column.nullable(column.oneOf(OUTCOMES)),
  ended_at: column.nullable(column.time()),
});
export type SubscriptionTrialRow = RowOf<typeof SubscriptionTrialRow>;

/** How a trial ended, by the first status it left `trialing` for (the status table allows no other). */
const OUTCOME: Partial<Record<SubscriptionStatus, (typeof OUTCOMES)[number]>> = {
  active: 'converted',
  expired: 'expired',
  canceled: 'canceled',
};

/**
 * subscription_trials: each vendor's trial (a subscription opened as trialing) and how it ended,
 * read by the trial conversion figures of admin /subscriptions/stats. A trial ends once: a later
 * move (active → canceled) does not change its outcome.
 */
export const subscriptionTrials: Projection = {
  kind: 'projection',
  name: 'subscription_trials',
  eventTypes: VENDOR_SUBSCRIPTION_EVENT_TYPES,
  tables: ['subscription_trials'],
  readModels: [SubscriptionTrialRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { vendor_id: number }).vendor_id))];
    const rows = new Map<number, SubscriptionTrialRow | JsonRow<SubscriptionTrialRow>>(
      (await trx<SubscriptionTrialRow>('subscription_trials').whereIn('vendor_id', ids)).map((r) => [r.vendor_id, r]),
    );
    const touched = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<VendorSubscriptionEvent>(raw);
      const id = e.data.vendor_id;
      if (e.type === 'VendorSubscriptionStarted') {
        if (e.data.status === 'trialing' && !rows.has(id)) {
          rows.set(id, { vendor_id: id, tier_code: e.data.tier_code, started_at: e.data.at, outcome: null, ended_at: null });
          touched.add(id);
        }
        continue;
      }
      const row = rows.get(id);
      const status = e.data.changes.status;
      if (!row || row.outcome !== null) continue;
      if (e.data.changes.tier_code !== undefined) {
        row.tier_code = e.data.changes.tier_code;
        touched.add(id);
      }
      const outcome = status === undefined ? undefined : OUTCOME[status];
      if (outcome) {
        row.outcome = outcome;
        row.ended_at = e.data.at;
        touched.add(id);
      }
    }
    const changed = [...touched].map((id) => rows.get(id)!);
    if (changed.length > 0) await trx('subscription_trials').insert(changed).onConflict('vendor_id').merge();
  },
};
