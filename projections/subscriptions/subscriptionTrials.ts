import { rowProjection } from '../../src/runtime/rowProjection.ts';
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
 * move (active → canceled) does not change its outcome. A row projection
 * (src/runtime/rowProjection.ts), one row per vendor that ever had a trial.
 */
export const subscriptionTrials = rowProjection<JsonRow<SubscriptionTrialRow>>({
  name: 'subscription_trials',
  eventTypes: VENDOR_SUBSCRIPTION_EVENT_TYPES,
  readModel: SubscriptionTrialRow,
  fold: {
    key: 'vendor_id',
    keyType: 'integer',
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
      const e = domainEvent<VendorSubscriptionEvent>(raw);
      const id = e.data.vendor_id;
      const row = rows.get(id);
      if (e.type === 'VendorSubscriptionStarted') {
        if (e.data.status === 'trialing' && !row)
          rows.set(id, { vendor_id: id, tier_code: e.data.tier_code, started_at: e.data.at, outcome: null, ended_at: null });
        return;
      }
      if (!row || row.outcome !== null) return;
      if (e.data.changes.tier_code !== undefined) row.tier_code = e.data.changes.tier_code;
      const status = e.data.changes.status;
      const outcome = status === undefined ? undefined : OUTCOME[status];
      if (outcome) {
        row.outcome = outcome;
        row.ended_at = e.data.at;
      }
    },
  },
});
