import { request } from 'node:http';
import { randomInt } from 'node:crypto';
import { expect } from 'chai';
import { unique, type Reply, type TestApp } from './app.ts';

/**
 * A prospective vendor's client of the platform's signup API. Each one calls from its own loopback
 * address (127.x.y.z), as a visitor from their own network would: the signup's rate limit counts
 * per address, so one test's visitors never spend another's budget.
 */
export interface Visitor {
  address: string;
  call(method: string, path: string, body?: unknown): Promise<Reply>;
}

export function visitor(app: TestApp, address = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`): Visitor {
  const url = new URL(app.url);
  return {
    address,
    call: (method, path, body) =>
      new Promise((resolve, reject) => {
        const text = body === undefined ? undefined : JSON.stringify(body);
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            method,
            path,
            localAddress: address,
            headers: {
              accept: 'application/json',
              ...(text !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res
              .on('data', (c) => chunks.push(c))
              .on('end', () => {
                const raw = Buffer.concat(chunks).toString('utf8');
                let parsed: any = raw;
                try {
                  parsed = raw ? JSON.parse(raw) : null;
                } catch {
                  /* not JSON */
                }
                const headers = new Headers();
                for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
                resolve({ status: res.statusCode ?? 0, body: parsed, headers });
              })
              .on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(text);
      }),
  };
}

export interface SignupInput {
  email?: string;
  vendor_code?: string;
  password?: string;
  tier_code?: string;
  /** An extmarket shop's API key and endpoint to claim at the vendor step. */
  shop?: { api_key: string; api_endpoint: string };
}

/** Begins a signup and gives every step up to a confirmed card; answers its id and the values used. */
export async function signupReady(app: TestApp, v: Visitor, input: SignupInput = {}) {
  const email = input.email ?? `${unique('owner')}@shop.test`;
  const vendorCode = input.vendor_code ?? unique('S').toUpperCase();
  const ok = (res: Reply, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(status);
    return res.body;
  };
  const started = ok(
    await v.call('POST', '/api/v1/platform/signups', { tier_code: input.tier_code ?? 'professional', language: 'en' }),
    201,
  );
  const id = started.signup_id as string;
  const base = `/api/v1/platform/signups/${id}`;
  ok(await v.call('PUT', `${base}/account`, { email, password: input.password ?? 'owner-password-1', first_name: 'Ada' }));
  ok(await v.call('PUT', `${base}/company`, { name: `Company of ${vendorCode}`, business_address: '1 Rue du Fort, Luxembourg' }));
  if (input.shop) ok(await v.call('POST', `${base}/shop`, input.shop));
  ok(await v.call('PUT', `${base}/vendor`, { vendor_code: vendorCode }));
  ok(await v.call('PUT', `${base}/tier`, { tier_code: input.tier_code ?? 'professional' }));
  const setup = ok(await v.call('POST', `${base}/card`));
  // What Stripe.js does in the browser: the SetupIntent is confirmed at Stripe with a card.
  expect((await app.stripe.confirmSetupInBrowser(setup.client_secret)).status).to.equal(200);
  const confirmed = ok(await v.call('POST', `${base}/card/confirm`, { setup_intent_id: setup.setup_intent_id }));
  expect(confirmed.next_step).to.equal(null);
  return { id, base, email, vendorCode, setup };
}
