import { expect } from 'chai';
import { quota, QuotaNotOpen, type QuotaCommand, type QuotaState } from '../../../commands/quotas/quota.ts';
import type { QuotaEvent } from '../../../commands/quotas/events.ts';
import { TierLimitExceededException } from '../../../src/core/errors.ts';
import { given } from '../../support/decider.ts';

const opened = (holders: string[]): QuotaEvent => ({ type: 'QuotaOpened', data: { kind: 'products', key: '7', holders } });
const claimed = (holder: string): QuotaEvent => ({ type: 'QuotaSlotClaimed', data: { kind: 'products', key: '7', holder } });
const released = (holder: string): QuotaEvent => ({ type: 'QuotaSlotReleased', data: { kind: 'products', key: '7', holder } });
const claim = (holder: string, limit: number | null, opening: string[] = []): QuotaCommand => ({
  type: 'ClaimQuotaSlot',
  data: { kind: 'products', key: '7', holder, limit, hint: { upgrade: { tier_code: 'professional' } }, opening },
});
const closed: QuotaEvent = { type: 'QuotaClosed', data: { kind: 'products', key: '7' } };
const release = (holder: string): QuotaCommand => ({ type: 'ReleaseQuotaSlot', data: { kind: 'products', key: '7', holder } });

const claimTogether = (claims: [string, number][], opening: string[] | null): QuotaCommand => ({
  type: 'ClaimQuotaSlots',
  data: { kind: 'products', key: '7', claims: claims.map(([holder, limit]) => ({ holder, limit })), opening },
});

describe('quota: a plan limit counted on the write side', () => {
  it('claims waiting together are decided in turn: each takes a slot while the count is under its limit', () => {
    given(quota, [opened(['1']), claimed('2')])
      .when(
        claimTogether(
          [
            ['3', 4],
            ['4', 4],
            ['5', 4],
            ['2', 4],
          ],
          null,
        ),
      )
      .then([claimed('3'), claimed('4')]);
  });

  it('claims waiting together open a stream with the holders given, and ask for them when not given', () => {
    given(quota, [])
      .when(
        claimTogether(
          [
            ['3', 3],
            ['4', 3],
          ],
          ['1', '3'],
        ),
      )
      .then([opened(['1']), claimed('3'), claimed('4')]);
    given(quota, [opened([]), closed])
      .when(claimTogether([['3', 3]], null))
      .thenThrows(QuotaNotOpen, /not open/);
  });

  it('opens with the holders that existed before counting began, then claims a slot', () => {
    given(quota, [])
      .when(claim('3', 5, ['1', '2']))
      .then([opened(['1', '2']), claimed('3')]);
  });

  it('refuses a claim at the limit, naming the limit, the count and the hint', () => {
    const err = given(quota, [opened(['1']), claimed('2')])
      .when(claim('3', 2))
      .thenThrows(TierLimitExceededException, /allows 2 products/);
    expect(err.extra).to.deep.include({ limit_kind: 'products', limit: 2, count: 2, upgrade: { tier_code: 'professional' } });
  });

  it('a holder claims once: a retried claim is nothing new, even at the limit', () => {
    given(quota, [opened([]), claimed('1'), claimed('2')])
      .when(claim('2', 2))
      .then([]);
  });

  it('a release frees the slot; releasing a slot not held is nothing', () => {
    given(quota, [opened([]), claimed('1'), released('1')])
      .when(claim('2', 1))
      .then([claimed('2')]);
    given(quota, [opened([]), claimed('1')])
      .when(release('9'))
      .then([]);
    given(quota, [opened([]), claimed('1')])
      .when(release('1'))
      .then([released('1')]);
  });

  it('closing stops the count; the next limited claim opens the stream afresh', () => {
    const close: QuotaCommand = { type: 'CloseQuota', data: { kind: 'products', key: '7' } };
    given(quota, [opened(['1']), claimed('2')])
      .when(close)
      .then([closed]);
    given(quota, []).when(close).then([]);
    given(quota, [opened(['1']), claimed('2'), closed])
      .when(claim('4', 5, ['1', '2', '3']))
      .then([opened(['1', '2', '3']), claimed('4')]);
  });

  it('counts ten thousand holders exactly, and each step of the fold keeps the count it had', () => {
    let state = quota.initialState();
    const steps: QuotaState[] = [];
    for (const e of [opened(['a', 'b']), ...Array.from({ length: 10_000 }, (_, i) => claimed(String(i))), claimed('5'), released('a')]) {
      state = quota.evolve(state, e);
      steps.push(state);
    }
    given(quota, [])
      .when(claim('x', 1))
      .then([opened([]), claimed('x')]);
    expect(quota.decide(claim('9999', 10_001), state)).to.deep.equal([]);
    expect(quota.decide(claim('new', 10_002), state)).to.deep.equal([claimed('new')]);
    expect(() => quota.decide(claim('new', 10_001), state)).to.throw(TierLimitExceededException, /this vendor has 10001/);
    expect(() => quota.decide(claim('new', 3), steps[1])).to.throw(TierLimitExceededException, /this vendor has 3/);
  });

  context('an extmarket order: counted, never refused', () => {
    const order = { vendor_id: 7, order_id: 40, period_start: '2026-11-01T00:00:00.000Z', at: '2026-11-20T10:00:00.000Z' };
    const count = (holder: string, limit: number, opening: string[] = []): QuotaCommand => ({
      type: 'CountExtmarketOrder',
      data: { kind: 'orders', key: '7', holder, limit, opening, ...order, order_id: Number(holder) },
    });
    const o = (type: 'QuotaOpened' | 'QuotaSlotClaimed', v: any): QuotaEvent =>
      ({ type, data: { kind: 'orders', key: '7', ...v } }) as QuotaEvent;

    it('takes a slot below the limit and reports nothing', () => {
      given(quota, [])
        .when(count('40', 2, ['39']))
        .then([o('QuotaOpened', { holders: ['39'] }), o('QuotaSlotClaimed', { holder: '40' })]);
    });

    it('takes a slot past the limit too, and reports the order once', () => {
      const over: QuotaEvent = { type: 'ExtmarketOrderOverLimit', data: { ...order, order_id: 41, limit: 1, count: 2 } };
      const history = [o('QuotaOpened', { holders: [] }), o('QuotaSlotClaimed', { holder: '40' })];
      given(quota, history)
        .when(count('41', 1))
        .then([o('QuotaSlotClaimed', { holder: '41' }), over]);
      given(quota, [...history, o('QuotaSlotClaimed', { holder: '41' }), over])
        .when(count('41', 1))
        .then([]);
    });
  });
});
