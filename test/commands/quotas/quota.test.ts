import { expect } from 'chai';
import { quota, type QuotaCommand } from '../../../commands/quotas/quota.ts';
import type { QuotaEvent } from '../../../commands/quotas/events.ts';
import { TierLimitExceededException } from '../../../src/core/errors.ts';
import { given } from '../../support/decider.ts';

const opened = (holders: string[]): QuotaEvent => ({ type: 'QuotaOpened', data: { kind: 'products', key: '7', holders } });
const claimed = (holder: string): QuotaEvent => ({ type: 'QuotaSlotClaimed', data: { kind: 'products', key: '7', holder } });
const released = (holder: string): QuotaEvent => ({ type: 'QuotaSlotReleased', data: { kind: 'products', key: '7', holder } });
const claim = (holder: string, limit: number | null, opening: string[] = []): QuotaCommand =>
  ({ type: 'ClaimQuotaSlot', data: { kind: 'products', key: '7', holder, limit, hint: { upgrade: { tier_code: 'professional' } }, opening } });
const closed: QuotaEvent = { type: 'QuotaClosed', data: { kind: 'products', key: '7' } };
const release = (holder: string): QuotaCommand => ({ type: 'ReleaseQuotaSlot', data: { kind: 'products', key: '7', holder } });

describe('quota: a plan limit counted on the write side', () => {
  it('opens with the holders that existed before counting began, then claims a slot', () => {
    given(quota, []).when(claim('3', 5, ['1', '2'])).then([opened(['1', '2']), claimed('3')]);
  });

  it('refuses a claim at the limit, naming the limit, the count and the hint', () => {
    const err = given(quota, [opened(['1']), claimed('2')]).when(claim('3', 2)).thenThrows(TierLimitExceededException, /allows 2 products/);
    expect(err.extra).to.deep.include({ limit_kind: 'products', limit: 2, count: 2, upgrade: { tier_code: 'professional' } });
  });

  it('a holder claims once: a retried claim is nothing new, even at the limit', () => {
    given(quota, [opened([]), claimed('1'), claimed('2')]).when(claim('2', 2)).then([]);
  });

  it('a release frees the slot; releasing a slot not held is nothing', () => {
    given(quota, [opened([]), claimed('1'), released('1')]).when(claim('2', 1)).then([claimed('2')]);
    given(quota, [opened([]), claimed('1')]).when(release('9')).then([]);
    given(quota, [opened([]), claimed('1')]).when(release('1')).then([released('1')]);
  });

  it('closing stops the count; the next limited claim opens the stream afresh', () => {
    const close: QuotaCommand = { type: 'CloseQuota', data: { kind: 'products', key: '7' } };
    given(quota, [opened(['1']), claimed('2')]).when(close).then([closed]);
    given(quota, []).when(close).then([]);
    given(quota, [opened(['1']), claimed('2'), closed])
      .when(claim('4', 5, ['1', '2', '3'])).then([opened(['1', '2', '3']), claimed('4')]);
  });
});
