import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { signupReady, visitor } from '../../support/signup.ts';

const DAY = 86_400_000;

/** SPEC.md 4.4 platform area, part 5 rule 4, part 8: the multi-step signup and its 30-day trial. */
describe('platform signup', function () {
  // A signup is a dozen requests with an argon2 hash and the local Stripe server: seconds, more on a loaded machine.
  this.timeout(90_000);
  let app: TestApp;
  let admin: string;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  it('keeps the progress on the server: a visitor comes back to the steps given (never the password) and the next one', async () => {
    const v = visitor(app);
    const started = await v.call('POST', '/api/v1/platform/signups', { tier_code: 'business' });
    expect(started.status).to.equal(201);
    expect(started.body).to.include({ status: 'open', next_step: 'account', proposed_tier_code: 'business', trial_days: 30 });
    const id = started.body.signup_id;
    const email = `${unique('back')}@shop.test`;
    expect((await v.call('PUT', `/api/v1/platform/signups/${id}/account`, { email, password: 'a-long-password' })).status).to.equal(200);
    const again = await visitor(app).call('GET', `/api/v1/platform/signups/${id}`);
    expect(again.status).to.equal(200);
    expect(again.body.account).to.deep.equal({ email, first_name: null, last_name: null, language: 'en' });
    expect(again.body.next_step).to.equal('company');
    expect(JSON.stringify(again.body)).not.to.match(/argon2|a-long-password/);
    expect((await v.call('GET', '/api/v1/platform/signups/AAAAAAAAAAAAAAAAAAAAAA')).status).to.equal(404);
  });

  it('answers an API client with problem bodies where a browser gets the page: a signup that does not exist, a form without its token', async () => {
    const browser = await fetch(`${app.url}/signup/AAAAAAAAAAAAAAAAAAAAAA/company`, { headers: { accept: 'text/html' } });
    expect(browser.status).to.equal(404);
    expect(browser.headers.get('content-type')).to.match(/^text\/html/);
    expect(await browser.text()).to.include('href="/signup"');
    const client = await fetch(`${app.url}/signup/AAAAAAAAAAAAAAAAAAAAAA/company`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    expect(client.status).to.equal(404);
    expect(client.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(await client.json()).to.include({ status: 404, code: 'ResourceNotFoundException' });
    const tokenless = await fetch(`${app.url}/signup`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.test',
    });
    expect(tokenless.status).to.equal(403);
    expect(await tokenless.json()).to.include({ status: 403, code: 'AuthorizationException' });
  });

  it('refuses a step sent before the ones it follows with a 409 naming the step that comes first', async () => {
    const v = visitor(app);
    const id = (await v.call('POST', '/api/v1/platform/signups', {})).body.signup_id;
    const res = await v.call('PUT', `/api/v1/platform/signups/${id}/tier`, { tier_code: 'professional' });
    expect(res.status).to.equal(409);
    expect(res.body).to.include({ code: 'SignupStepOrderException', sent_step: 'tier', next_step: 'account' });
  });

  it('keeps the card only once Stripe confirmed the SetupIntent (400 before)', async () => {
    const v = visitor(app);
    const id = (await v.call('POST', '/api/v1/platform/signups', {})).body.signup_id;
    const base = `/api/v1/platform/signups/${id}`;
    await v.call('PUT', `${base}/account`, { email: `${unique('card')}@shop.test`, password: 'owner-password-1' });
    await v.call('PUT', `${base}/company`, { name: 'Card S.A.' });
    await v.call('PUT', `${base}/vendor`, { vendor_code: unique('C').toUpperCase() });
    await v.call('PUT', `${base}/tier`, { tier_code: 'essential', billing_interval: 'year' });
    const setup = (await v.call('POST', `${base}/card`)).body;
    expect(setup.client_secret).to.match(/^seti_.+_secret_/);
    const early = await v.call('POST', `${base}/card/confirm`, { setup_intent_id: setup.setup_intent_id });
    expect(early.status).to.equal(400);
    expect(early.body).to.include({ code: 'SignupCardNotConfirmedException', setup_intent_status: 'requires_payment_method' });
    expect((await app.stripe.confirmSetupInBrowser(setup.client_secret, 'pm_card_chargeDeclined')).status).to.equal(402);
    expect((await v.call('POST', `${base}/complete`)).body).to.include({ code: 'SignupStepOrderException', next_step: 'card' });
    // Coming back to the card step answers the same SetupIntent.
    expect((await v.call('POST', `${base}/card`)).body.setup_intent_id).to.equal(setup.setup_intent_id);
    await app.stripe.confirmSetupInBrowser(setup.client_secret);
    const confirmed = await v.call('POST', `${base}/card/confirm`, { setup_intent_id: setup.setup_intent_id });
    expect(confirmed.body.card).to.deep.equal({ setup_intent_id: setup.setup_intent_id, confirmed: true, brand: 'visa', last4: '4242' });
  });

  it('completion opens the owner, the company it owns, the vendor and its 30-day trial on the card, signs the owner in and opens the onboarding', async () => {
    const v = visitor(app);
    const { base, email, vendorCode, setup } = await signupReady(app, v, { password: 'owner-password-1' });
    const res = await v.call('POST', `${base}/complete`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.headers.get('set-cookie')).to.match(/vendor_token=[^;]+;.*httponly/i);
    const { user, company, vendor, subscription, access_token } = res.body;
    expect(company.owner_user_id).to.equal(user.id);
    expect(vendor.vendor_code).to.equal(vendorCode);
    expect(subscription.status).to.equal('trialing');
    expect(Date.parse(subscription.trial_ends_at) - app.clock.now().getTime()).to.be.within(30 * DAY - 60_000, 30 * DAY);

    // The token is the vendor's: its API answers, while the onboarding keeps the dashboard closed.
    const me = await app.call('GET', '/api/v1/vendor/auth/me', { token: access_token });
    expect(me.body).to.deep.include({ role: 'owner', is_owner: true });
    expect(me.body.vendor.id).to.equal(vendor.id);
    const gated = await app.call('GET', '/api/v1/vendor/products', { token: access_token });
    expect(gated.status).to.equal(403);
    expect(gated.body).to.include({ code: 'OnboardingRequiredException', next_step: 1 });
    // The password of the account step signs in (it was kept as an argon2 hash).
    const login = await app.call('POST', '/api/v1/vendor/auth/login', { body: { email_or_username: email, password: 'owner-password-1' } });
    expect(login.status).to.equal(200);

    const record = await app.call('GET', `/api/v1/admin/companies/${company.id}`, { token: admin });
    expect(record.body.owner_user_id).to.equal(user.id);
    const trial = await app.call('GET', `/api/v1/admin/subscriptions/${vendor.id}`, { token: admin });
    expect(trial.body).to.include({ tier_code: 'professional', status: 'trialing' });

    // At Stripe: the signup's customer holds the card as its default, and the subscription trials for 30 days on it.
    const intent = app.stripe.state.setupIntents.get(setup.setup_intent_id)!;
    const customer = app.stripe.state.customers.get(intent.customer)!;
    expect(customer.invoice_settings.default_payment_method).to.equal(intent.payment_method);
    expect(customer.metadata.vendor_id).to.equal(String(vendor.id));
    const subs = [...app.stripe.state.subscriptions.values()].filter((s) => s.customer === customer.id);
    expect(subs).to.have.length(1);
    expect(subs[0]).to.include({ status: 'trialing', default_payment_method: intent.payment_method });
    expect(subs[0].trial_end * 1000 - app.clock.now().getTime()).to.be.within(30 * DAY - 60_000, 30 * DAY);
  });

  it('a second completion of the same signup, even a concurrent one, answers the same vendor: never a second company', async () => {
    const v = visitor(app);
    const { base } = await signupReady(app, v);
    const answers = await Promise.all([v.call('POST', `${base}/complete`), v.call('POST', `${base}/complete`)]);
    const later = await v.call('POST', `${base}/complete`);
    for (const a of [...answers, later]) expect(a.status, JSON.stringify(a.body)).to.equal(200);
    const vendorIds = new Set([...answers, later].map((a) => a.body.vendor.id));
    const companyIds = new Set([...answers, later].map((a) => a.body.company.id));
    expect([vendorIds.size, companyIds.size]).to.deep.equal([1, 1]);
    const owned = await app.call('GET', `/api/v1/admin/companies?search=${encodeURIComponent(answers[0].body.company.name)}`, {
      token: admin,
    });
    expect(owned.body.items.filter((c: any) => c.owner_user_id === answers[0].body.user.id)).to.have.length(1);
    // An hour later the signup no longer signs anyone in: one signs in with the password.
    app.clock.advance(61 * 60_000);
    const expired = await v.call('POST', `${base}/complete`);
    expect(expired.status).to.equal(409);
    expect(expired.body).to.include({ login_url: '/vendor/login' });
  });

  it('two signups racing for one e-mail give one winner; the other is a 409, back at its account step, with nothing opened', async () => {
    const email = `${unique('race')}@shop.test`;
    const [a, b] = [visitor(app), visitor(app)];
    const [first, second] = await Promise.all([signupReady(app, a, { email }), signupReady(app, b, { email })]);
    const answers = await Promise.all([a.call('POST', `${first.base}/complete`), b.call('POST', `${second.base}/complete`)]);
    expect(answers.map((r) => r.status).sort()).to.deep.equal([200, 409]);
    const loser = answers.findIndex((r) => r.status === 409);
    expect(answers[loser].body).to.include({ field: 'email', next_step: 'account' });
    const lost = await (loser === 0 ? a : b).call('GET', `${(loser === 0 ? first : second).base}`);
    expect(lost.body).to.include({ status: 'open', refused_field: 'email' });
    // The loser's vendor code was released: nothing holds it.
    const code = (loser === 0 ? first : second).vendorCode;
    const vendors = await app.call('GET', `/api/v1/admin/vendors?search=${code}`, { token: admin });
    expect(vendors.body.items.filter((x: any) => x.vendor_code === code)).to.have.length(0);
    const users = await app.call('GET', `/api/v1/admin/users?search=${encodeURIComponent(email)}`, { token: admin });
    expect(users.body.items.filter((u: any) => u.email === email)).to.have.length(1);
  });

  it('two signups racing for one vendor code give one winner; the loser changes its code and completes', async () => {
    const vendor_code = unique('RACE').toUpperCase();
    const [a, b] = [visitor(app), visitor(app)];
    const [first, second] = await Promise.all([signupReady(app, a, { vendor_code }), signupReady(app, b, { vendor_code })]);
    const answers = await Promise.all([a.call('POST', `${first.base}/complete`), b.call('POST', `${second.base}/complete`)]);
    expect(answers.map((r) => r.status).sort()).to.deep.equal([200, 409]);
    const loser = answers.findIndex((r) => r.status === 409);
    const [lv, ls] = loser === 0 ? [a, first] : [b, second];
    expect(answers[loser].body).to.include({ field: 'vendor_code', next_step: 'vendor' });
    expect((await lv.call('PUT', `${ls.base}/vendor`, { vendor_code })).status).to.equal(409);
    expect((await lv.call('PUT', `${ls.base}/vendor`, { vendor_code: `${vendor_code}2` })).status).to.equal(200);
    const done = await lv.call('POST', `${ls.base}/complete`);
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect(done.body.vendor.vendor_code).to.equal(`${vendor_code}2`);
  });

  it('limits the signups begun per address: past the limit a 429 with Retry-After, while another address still begins', async () => {
    const v = visitor(app);
    for (let i = 0; i < 10; i++) expect((await v.call('POST', '/api/v1/platform/signups', {})).status).to.equal(201);
    const refused = await v.call('POST', '/api/v1/platform/signups', {});
    expect(refused.status).to.equal(429);
    expect(refused.body.code).to.equal('TooManyAttemptsException');
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 3600);
    expect((await visitor(app).call('POST', '/api/v1/platform/signups', {})).status).to.equal(201);
  });
});
