import { expect } from 'chai';
import { callService, unique, type CallOptions, type TestApp } from './app.ts';
import { registerCustomer, shopClient, type Customer, type ShopClient } from './customers.ts';
import { putOnTier } from './plans.ts';
import { openStream, type SseClient } from './sse.ts';
import { createVendorWithOwner, shopHeaders, vendorLogin, type VendorFixture } from './tenancy.ts';

/**
 * A vendor with a second team member and a registered customer, and their live message streams,
 * all through the public API as clients use it (docs/messaging.md).
 */
export interface TeamMember {
  userId: number;
  email: string;
  password: string;
  token: string;
}

export interface MessagingShop {
  vendor: VendorFixture;
  member: TeamMember;
  shop: ShopClient;
  customer: Customer;
}

/** The parts of TestApp the fixtures use: a test app, or a service started as a child process. */
export type Client = Pick<TestApp, 'call' | 'adminToken'>;

/** A client of a service started elsewhere (test/support/childService.ts). */
export function remoteClient(url: string, adminToken: () => Promise<string>): Client {
  return { adminToken, call: (method: string, path: string, options: CallOptions = {}) => callService(url, method, path, options) };
}

export async function addTeamMember(app: Client, vendor: VendorFixture, over: Record<string, unknown> = {}): Promise<TeamMember> {
  const email = `${unique('staff')}@team.test`;
  const password = `staff-${unique('pw')}`;
  const invited = await app.call('POST', '/api/v1/vendor/team/invitations', {
    token: vendor.ownerToken,
    body: { email, role: 'manager', ...over },
  });
  expect(invited.status, JSON.stringify(invited.body)).to.equal(201);
  const accepted = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
    body: { token: invited.body.invitation_token, password },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).to.be.oneOf([200, 201]);
  const login = await vendorLogin(app as TestApp, email, password);
  return { userId: login.user.id, email, password, token: login.access_token };
}

/** A vendor on Enterprise (every messaging feature of the plans), its second member and a customer. */
export async function messagingShop(app: Client, customerOver: Record<string, unknown> = {}): Promise<MessagingShop> {
  const vendor = await createVendorWithOwner(app as TestApp);
  await putOnTier(app, vendor.vendorId, 'enterprise');
  const member = await addTeamMember(app, vendor);
  const shop = shopClient(app as TestApp, vendor);
  const customer = await registerCustomer(shop, customerOver);
  return { vendor, member, shop, customer };
}

/** The customer opens a conversation with the shop; answers the conversation's id. */
export async function customerWrites(s: MessagingShop, body: string, subject = 'A question'): Promise<string> {
  const res = await s.shop.call('POST', '/messages', { token: s.customer.token, body: { subject, body } });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body.id as string;
}

export async function reply(
  app: Client,
  area: 'admin' | 'vendor' | 'shop',
  token: string,
  conversationId: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const res = await app.call('POST', `/api/v1/${area}/messages/${conversationId}`, { token, body: { body }, headers });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
}

/** A live stream, open once its first `unread` event (the count on connecting) has arrived. */
export async function stream(
  url: string,
  area: 'admin' | 'vendor' | 'shop',
  headers: Record<string, string>,
): Promise<SseClient & { initialUnread: number }> {
  const client = await openStream(`${url}/api/v1/${area}/messages/stream`, headers);
  expect(client.status).to.equal(200);
  const first = await client.next((e) => e.event === 'unread');
  return Object.assign(client, { initialUnread: first.data.count as number });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const customerHeaders = (s: MessagingShop) => ({ ...bearer(s.customer.token), ...shopHeaders(s.vendor.vendorCode) });
