import { expect } from 'chai';
import { takesPart } from '../../../commands/messaging/conversation.ts';
import { canSee, type Parties, type Viewer } from '../../../queries/messaging/viewer.ts';

/** The in-memory visibility of the queries agrees with the decider's participation rule, case by case. */
describe('who sees a conversation', () => {
  const parties: Parties[] = [
    { conversation_type: 'vendor_customer', vendor_id: 3, customer_id: 21, admin_ids: [] },
    { conversation_type: 'admin_vendor', vendor_id: 3, customer_id: null, admin_ids: [] },
    { conversation_type: 'admin', vendor_id: null, customer_id: null, admin_ids: [1, 2] },
  ];
  const viewers: Viewer[] = [
    { kind: 'admin', id: 1 },
    { kind: 'admin', id: 5 },
    { kind: 'vendor_user', id: 7, vendor_id: 3 },
    { kind: 'vendor_user', id: 7, vendor_id: 4 },
    { kind: 'customer', id: 21, vendor_id: 3 },
    { kind: 'customer', id: 22, vendor_id: 3 },
    { kind: 'customer', id: 21, vendor_id: 4 },
  ];

  it('agrees with the decider for every type and kind of viewer', () => {
    for (const p of parties) {
      for (const v of viewers) {
        expect(canSee(v, p), `${v.kind} ${v.id}@${v.vendor_id} on ${p.conversation_type}`).to.equal(
          takesPart(p as any, { kind: v.kind, id: v.id, vendor_id: v.vendor_id ?? null }),
        );
      }
    }
  });

  it('the expected table', () => {
    const seen = parties.map((p) => viewers.map((v) => (canSee(v, p) ? 1 : 0)).join(''));
    expect(seen).to.deep.equal(['0010100', '1110000', '1000000']);
  });
});
