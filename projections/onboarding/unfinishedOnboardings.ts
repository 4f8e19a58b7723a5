import type { Knex } from 'knex';
import { ONBOARDING_EVENT_TYPES, type OnboardingEvent, type OnboardingStep } from '../../commands/onboarding/events.ts';
import { defineMemoryView } from '../../src/runtime/memoryView.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import type { VendorOnboardingRow } from './vendorOnboarding.ts';

/** Vendor id → the step to do next (null while step 4's import runs), for unfinished onboardings only. */
export type UnfinishedOnboardings = Map<number, OnboardingStep | null>;

/**
 * The onboarding gate's state in every instance's memory (src/runtime/memoryViews.ts): each
 * vendor API request and vendor page asks it, so the gate costs no statement, and a completion or
 * a skip reaches every instance from the event feed (the command waits for this instance's view
 * before answering, so the vendor's next request passes at once).
 */
export const unfinishedOnboardingsView = defineMemoryView<UnfinishedOnboardings>({
  name: 'unfinished_onboardings',
  eventTypes: ONBOARDING_EVENT_TYPES,
  sources: ['vendor_onboarding'],
  async load(trx: Knex.Transaction) {
    const rows = await trx<VendorOnboardingRow>('vendor_onboarding').where({ status: 'in_progress' }).select('vendor_id', 'next_step');
    return new Map(rows.map((r) => [r.vendor_id, r.next_step === null ? null : (r.next_step as OnboardingStep)]));
  },
  apply(state, raw) {
    const e = domainEvent<OnboardingEvent>(raw);
    const id = e.data.vendor_id;
    switch (e.type) {
      case 'OnboardingStarted':
        if (!state.has(id)) state.set(id, 1);
        break;
      case 'OnboardingCompanyProfileSaved':
        state.set(id, 2);
        break;
      case 'OnboardingExtmarketConnected':
        state.set(id, 3);
        break;
      case 'OnboardingImportUrlsSaved':
        state.set(id, 4);
        break;
      case 'OnboardingHistoricalSyncStarted':
        state.set(id, null);
        break;
      case 'OnboardingHistoricalSyncFailed':
        state.set(id, 4);
        break;
      case 'OnboardingCompleted':
      case 'OnboardingSkipped':
        state.delete(id);
        break;
    }
    return state;
  },
});
