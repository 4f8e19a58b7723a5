import { expect } from 'chai';
import type { Reply, TestApp } from './app.ts';
import { unique } from './app.ts';
import { putOnTier } from './plans.ts';
import { registerShopper, shopOf, type Shopper } from './shop.ts';
import { createVendorWithOwner, shopHeaders, vendorLogin, type VendorFixture } from './tenancy.ts';

/**
 * The parties of the messaging specifications, made as their clients make them: a vendor with its
 * owner and a team member, a customer of its shop, and an admin's token; `send` posts JSON or a
 * multipart form (files in the field `files`) to any area, as a browser would.
 */
export interface Team extends VendorFixture {
  member: { id: number; token: string };
  customer: Shopper;
}

/** The team's vendor is on Enterprise, so every kind of message and attachment is in its plan (test/http/messaging/featureGates.test.ts gates them). */
export async function vendorTeam(app: TestApp): Promise<Team> {
  const v = await createVendorWithOwner(app);
  await putOnTier(app, v.vendorId, 'enterprise');
  const { id, token } = await teamMember(app, v, 'staff', 'Mia');
  const customer = await registerShopper(shopOf(app, v), { first_name: 'Carla', last_name: 'Client' });
  return { ...v, member: { id, token }, customer };
}

/** A member of the vendor's team in a role, invited by the owner, signed in. */
export async function teamMember(app: TestApp, v: VendorFixture, role: string, firstName = role) {
  const email = `${unique(role)}@team.test`;
  const password = 'member-password-1';
  const invited = await app.call('POST', '/api/v1/vendor/team/invitations', { token: v.ownerToken, body: { email, role } });
  expect(invited.status, JSON.stringify(invited.body)).to.equal(201);
  const accepted = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
    body: { token: invited.body.invitation_token, password, first_name: firstName },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
  return { id: accepted.body.user_id as number, email, password, token: (await vendorLogin(app, email, password)).access_token };
}

/** A second admin, signed in. */
export async function anotherAdmin(app: TestApp): Promise<{ id: number; token: string }> {
  const name = unique('adm');
  const created = await app.call('POST', '/api/v1/admin/users', {
    token: await app.adminToken(),
    body: { email: `${name}@platform.test`, username: name, password: 'admin-password-2', first_name: 'Otto' },
  });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  const login = await app.call('POST', '/api/v1/admin/auth/login', { body: { email_or_username: name, password: 'admin-password-2' } });
  return { id: created.body.id, token: login.body.access_token };
}

export interface FilePart {
  name: string;
  data: Buffer | string;
  type?: string;
}

/** Who calls: an area's path prefix, the token, and for the shop the storefront's headers. */
export interface Party {
  prefix: string;
  token: string;
  headers?: Record<string, string>;
}

export const asAdmin = (token: string): Party => ({ prefix: '/api/v1/admin', token });
export const asVendor = (token: string): Party => ({ prefix: '/api/v1/vendor', token });
export const asCustomer = (v: VendorFixture, token: string): Party => ({
  prefix: '/api/v1/shop',
  token,
  headers: shopHeaders(v.vendorCode),
});

export function call(app: TestApp, who: Party, method: string, path: string, body?: unknown): Promise<Reply> {
  return app.call(method, `${who.prefix}${path}`, { token: who.token, body, headers: who.headers });
}

/** A multipart request with form fields and files (field `files`). */
export async function sendForm(app: TestApp, who: Party, path: string, fields: Record<string, string>, files: FilePart[]): Promise<Reply> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(
      'files',
      new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  const res = await fetch(app.url + who.prefix + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, ...(who.headers ?? {}) },
    body: form,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* a file */
  }
  return { status: res.status, body, headers: res.headers };
}

/** GET of a file: status, headers and bytes. */
export async function download(
  app: TestApp,
  who: Party,
  url: string,
): Promise<{ status: number; headers: Headers; data: Buffer; body: any }> {
  const res = await fetch(app.url + url, { headers: { authorization: `Bearer ${who.token}`, ...(who.headers ?? {}) } });
  const data = Buffer.from(await res.arrayBuffer());
  let body: any = null;
  try {
    body = JSON.parse(data.toString('utf8'));
  } catch {
    /* a file */
  }
  return { status: res.status, headers: res.headers, data, body };
}

export async function unread(app: TestApp, who: Party): Promise<number> {
  const res = await call(app, who, 'GET', '/messages/unread-count');
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.unread_count;
}
