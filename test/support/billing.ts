import { expect } from 'chai';
import { comparePositions } from '../../src/eventstore/port.ts';
import type { TestApp } from './app.ts';
import { createVendorWithOwner, type VendorFixture } from './tenancy.ts';
import { eventually } from './eventually.ts';

/** The vendor's row of billing_accounts, once its Stripe account is open. */
export const billingAccountOf = (app: TestApp, vendorId: number) =>
  eventually(
    async () => app.services.db.knex('billing_accounts').where({ vendor_id: vendorId }).first(),
    `the billing account of vendor ${vendorId}`,
  );

/** A vendor whose owner is signed in, with a subscription record opened by the admin (a trial unless told otherwise). */
export async function subscribedVendor(app: TestApp, terms: Record<string, unknown> = {}): Promise<VendorFixture> {
  const v = await createVendorWithOwner(app);
  const res = await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, {
    token: await app.adminToken(),
    body: { tier_code: 'essential', ...terms },
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return v;
}

/** Waits until a process manager has passed the last event of a stream (it may have done nothing with it). */
export async function processedStream(app: TestApp, consumer: string, stream: string): Promise<void> {
  const events = await app.services.store.readStream(stream);
  const last = events[events.length - 1];
  await eventually(async () => {
    const status = app.services.runner.status().find((s) => s.name === consumer);
    return status && comparePositions(status.position, last.position) >= 0;
  }, `${consumer} to pass ${stream}`);
}
