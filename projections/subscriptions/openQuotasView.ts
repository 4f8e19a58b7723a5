import { OPEN_QUOTAS_VIEW, quotaId, type QuotaEvent } from '../../commands/quotas/events.ts';
import { defineMemoryView } from '../../src/runtime/memoryView.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/**
 * The quota streams that are open (counting), in every instance's memory: a creation under an
 * unlimited plan must close its vendor's stream if a former limit opened it, and learns whether
 * there is one without reading the stream (commands/quotas/claims.ts `claimQuotaSlot`). Folded
 * from the opening and closing events only (a stream's first claim opens it), which are few.
 */
export const openQuotasView = defineMemoryView<Set<string>>({
  name: OPEN_QUOTAS_VIEW,
  eventTypes: ['QuotaOpened', 'QuotaClosed'],
  sources: [],
  async load() {
    return new Set<string>();
  },
  // Sets what the event states: applying it twice changes nothing.
  apply(open, raw) {
    const e = domainEvent<Extract<QuotaEvent, { type: 'QuotaOpened' | 'QuotaClosed' }>>(raw);
    if (e.type === 'QuotaOpened') open.add(quotaId(e.data.kind, e.data.key));
    else open.delete(quotaId(e.data.kind, e.data.key));
    return open;
  },
});
