import type { Knex } from 'knex';
import { VENDOR_ADD_ON_EVENT_TYPES, type VendorAddOnEvent } from '../../commands/billing/events.ts';
import { defineMemoryView } from '../../src/runtime/memoryView.ts';
import { addOnFromRow, VENDOR_ADD_ONS_VIEW, type ActiveAddOns, type VendorAddOnView } from '../../queries/billing/addOns.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import type { VendorAddOnRow } from './vendorAddOns.ts';

/**
 * The vendors' active add-ons in every instance's memory (src/runtime/memoryViews.ts): what they
 * add counts in the plan the feature gate and the limits read. A canceled add-on stops counting
 * on every instance as soon as its tail reads the event.
 */
export const vendorAddOnsView = defineMemoryView<ActiveAddOns>({
  name: VENDOR_ADD_ONS_VIEW,
  eventTypes: VENDOR_ADD_ON_EVENT_TYPES,
  sources: ['vendor_add_ons'],
  async load(trx: Knex.Transaction) {
    const state: ActiveAddOns = new Map();
    for (const r of await trx<VendorAddOnRow>('vendor_add_ons').where({ status: 'active' })) {
      const a = addOnFromRow(r);
      of(state, a.vendor_id).set(a.id, a);
    }
    return state;
  },
  apply(state, raw) {
    const e = domainEvent<VendorAddOnEvent>(raw);
    if (e.type === 'VendorAddOnPurchased') {
      const { add_on_id, at, ...d } = e.data;
      of(state, d.vendor_id).set(add_on_id, {
        id: add_on_id,
        ...d,
        stripe_ref: d.stripe_ref ?? null,
        status: 'active',
        purchased_at: at,
        canceled_at: null,
      });
    } else {
      state.get(e.data.vendor_id)?.delete(e.data.add_on_id);
    }
    return state;
  },
});

function of(state: ActiveAddOns, vendorId: number): Map<string, VendorAddOnView> {
  let m = state.get(vendorId);
  if (!m) state.set(vendorId, (m = new Map<string, VendorAddOnView>()));
  return m;
}
