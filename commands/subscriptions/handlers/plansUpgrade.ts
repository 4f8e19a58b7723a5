import { START, type EventStore } from '../../../src/eventstore/port.ts';
import { handleCommand, load, retryOnConflict, type CommandContext, type Handled } from '../../../src/runtime/commandHandler.ts';
import type { VendorCreated, VendorDeleted } from '../../vendors/events.ts';
import type { VendorSubscriptionStarted } from '../events.ts';
import { PLANS_UPGRADE, platformUpgrade } from '../platformUpgrade.ts';
import { vendorSubscription } from '../vendorSubscription.ts';
import { domainEvent } from '../../../src/eventstore/domainEvent.ts';

export interface PlansUpgradeDeps {
  store: EventStore;
  now: () => Date;
  /** The vendors the upgrade applies to, asked only by the instance that records the upgrade's start. */
  vendorsWithoutPlan: () => Promise<number[]>;
}

/**
 * The upgrade that introduced plans (docs/subscriptions.md "The legacy plan"): every vendor that
 * was there without a subscription record is put on the legacy plan, so that no vendor loses a
 * feature it had before plans. Runs at every start and does its work once per platform: on a
 * fresh install there is no vendor yet, the recorded list is empty and no vendor created later
 * is ever marked. Safe to run twice or on two instances at once: the list is recorded once, each
 * grant is decided on the vendor's subscription stream (nothing new for a vendor already granted
 * or with a record) and every event id derives from the upgrade and the stream.
 */
export async function runPlansUpgrade(
  deps: PlansUpgradeDeps,
  upgrade = PLANS_UPGRADE,
): Promise<{
  /** The vendors this run put on the legacy plan (an instance running it at the same moment may name the same ones: the events are stored once). */
  granted: number[];
  done: Handled<unknown, any>[];
}> {
  const ctx: CommandContext = {
    userId: 'system:upgrade',
    correlationId: `platform-upgrade-${upgrade}`,
    causationId: `platform-upgrade:${upgrade}`,
  };
  const done: Handled<unknown, any>[] = [];
  let { state } = await load(deps.store, platformUpgrade, upgrade);
  if (state.status === 'completed') return { granted: [], done };
  if (state.status === 'none') {
    const vendorIds = await deps.vendorsWithoutPlan();
    done.push(
      await once(() =>
        handleCommand(
          deps.store,
          platformUpgrade,
          upgrade,
          { type: 'StartUpgrade', data: { upgrade, vendor_ids: vendorIds, at: deps.now().toISOString() } },
          ctx,
        ),
      ),
    );
    ({ state } = await load(deps.store, platformUpgrade, upgrade));
  }
  if (state.status === 'none') throw new Error(`the upgrade '${upgrade}' could not be recorded`);
  const granted: number[] = [];
  for (const vendorId of state.vendor_ids) {
    const result = await once(() =>
      handleCommand(
        deps.store,
        vendorSubscription,
        vendorId,
        { type: 'GrantLegacyPlan', data: { vendor_id: vendorId, upgrade, at: deps.now().toISOString() } },
        { ...ctx, vendorId },
      ),
    );
    if (result.events.length > 0) {
      granted.push(vendorId);
      done.push(result);
    }
  }
  const listed = state.vendor_ids.length;
  done.push(
    await once(() =>
      handleCommand(
        deps.store,
        platformUpgrade,
        upgrade,
        { type: 'CompleteUpgrade', data: { upgrade, vendors: listed, at: deps.now().toISOString() } },
        ctx,
      ),
    ),
  );
  return { granted, done };
}

/**
 * A decision another instance may be taking at the same moment: a lost race is decided again on
 * the stream as the winner left it, where it is nothing new. Still refused when the tries are
 * spent, the start fails, and the next start takes the upgrade up where it stopped.
 */
const once = <T>(decide: () => Promise<T>): Promise<T> => retryOnConflict(decide);

/**
 * The vendors that are there (created, not deleted) without a subscription record, read from the
 * event store itself: at start the read models may not have caught up with the last events of
 * the version being upgraded.
 */
export async function vendorsWithoutPlan(store: EventStore): Promise<number[]> {
  const vendors = new Set<number>();
  const subscribed = new Set<number>();
  let after = START;
  for (;;) {
    const batch = await store.readFeed(after, {
      limit: 1000,
      types: ['VendorCreated', 'VendorDeleted', 'VendorSubscriptionStarted'],
      lean: true,
    });
    for (const raw of batch.events) {
      const e = domainEvent<VendorCreated | VendorDeleted | VendorSubscriptionStarted>(raw);
      if (e.type === 'VendorCreated') vendors.add(e.data.vendor_id);
      else if (e.type === 'VendorDeleted') vendors.delete(e.data.vendor_id);
      else subscribed.add(e.data.vendor_id);
    }
    if (batch.events.length < 1000) break;
    after = batch.next;
  }
  return [...vendors].filter((id) => !subscribed.has(id)).sort((a, b) => a - b);
}
