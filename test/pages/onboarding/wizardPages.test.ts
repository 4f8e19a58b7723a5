import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn } from '../../support/backOffice.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { beginOnboarding, csvFeeds, pastOrders } from '../../support/onboarding.ts';
import { teamMember } from '../../support/messaging.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

type Visitor = Awaited<ReturnType<typeof signedIn>>;

/**
 * The onboarding wizard page (/vendor/onboarding) over HTTP, as a browser without JavaScript
 * uses it: the gate sends every other page there, each step is a form that posts through the
 * API's own step functions and comes back (Post/Redirect/Get), refusals are said in words beside
 * their fields with what was typed (never the API key), the wizard resumes where it was left,
 * the end of the historical import opens the back office, and a member who may only read the
 * settings sees the steps without their forms.
 */
describe('onboarding wizard page of the vendor back office', function () {
  this.timeout(120_000);
  let app: TestApp;
  let v: VendorFixture;
  let extmarket: ExtmarketServer;
  let feeds: Awaited<ReturnType<typeof csvFeeds>>;
  let owner: Visitor;
  let viewer: Visitor;

  before(async () => {
    app = await testApp();
    extmarket = await startExtmarketServer(`wiz-${Date.now()}`);
    pastOrders(extmarket, 'WZ');
    feeds = await csvFeeds(app);
    v = await createVendorWithOwner(app);
    const reader = await teamMember(app, v, 'viewer', 'Vera');
    await beginOnboarding(app, v.vendorId);
    owner = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    viewer = await signedIn(app, 'vendor', reader.email, reader.password);
  });
  after(async () => {
    await extmarket.close();
    await feeds.close();
  });

  const wizard = async (who: Visitor = owner) => {
    const page = await who.get('/vendor/onboarding');
    expect(page.status).to.equal(200);
    return page;
  };
  const post = async (step: number, form: Record<string, string>) => {
    const token = owner.csrf((await wizard()).body);
    return owner.post(`/vendor/onboarding/steps/${step}`, { _csrf: token, ...form });
  };
  const profile = {
    name: 'Épicerie <Lux>',
    business_address: '2 Rue du Fort, Luxembourg',
    contact_email: 'hello@epicerie.test',
    tax_number: '',
    contact_phone: '',
    website: '',
  };

  it('sends every other vendor page to the wizard while the onboarding is unfinished', async () => {
    for (const path of ['/vendor/orders', '/vendor/products', '/vendor/invoices']) {
      const res = await owner.get(path);
      expect(res.status, path).to.equal(303);
      expect(res.headers.location, path).to.equal('/vendor/onboarding');
    }
    const page = await wizard();
    expect(page.body).to.contain('Set up your shop').and.contain('Step 1 of 4').and.contain('action="/vendor/onboarding/steps/1"');
    expect(page.body).to.match(/<li class="current" aria-current="step">/);
  });

  it('says a refused field in words beside it, keeps what was typed, and commits nothing', async () => {
    const res = await post(1, { ...profile, contact_email: 'not-an-address' });
    expect(res.status).to.equal(422);
    expect(res.body).to.contain('Some fields need another look.').and.contain('id="p-contact_email"');
    expect(res.body).to.contain('value="Épicerie &lt;Lux&gt;"').and.not.contain('<Lux>');
    expect((await app.call('GET', '/api/v1/vendor/onboarding', { token: v.ownerToken })).body.next_step).to.equal(1);
  });

  it('refuses a step out of order in words naming the step to do', async () => {
    const res = await post(3, { product_csv_url: `${feeds.url}/products.csv`, order_csv_url: `${feeds.url}/orders.csv` });
    expect(res.status).to.equal(409);
    expect(res.body).to.contain('This step is not the next one: continue with “Company profile”.');
  });

  it('step 1 saves the profile through the same step as the API and moves on (Post/Redirect/Get)', async () => {
    const res = await post(1, profile);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/vendor/onboarding');
    const page = await wizard();
    expect(page.body).to.contain('Company profile saved.').and.contain('Step 2 of 4').and.contain('type="password"');
    const settings = await app.call('GET', '/api/v1/vendor/settings', { token: v.ownerToken });
    expect(settings.body.business_info).to.include({ name: 'Épicerie <Lux>' });
  });

  it('step 2 tests the key with a real call: a refused key is said in words and never shown again', async () => {
    const refused = await post(2, { api_key: 'not-the-right-key-1', api_endpoint: extmarket.url });
    expect(refused.status).to.equal(400);
    expect(refused.body).to.contain('The extmarket did not accept this key').and.not.contain('not-the-right-key-1');
    expect(refused.body).to.contain(`value="${extmarket.url}"`);
    const ok = await post(2, { api_key: extmarket.apiKey, api_endpoint: extmarket.url });
    expect(ok.status).to.equal(303);
    const page = await wizard();
    expect(page.body).to.contain('Connected to the extmarket as “Local extmarket vendor”.').and.contain('Step 3 of 4');
  });

  it('resumes where it was left: a new session opens at the next step with what was saved', async () => {
    const again = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    const page = await wizard(again);
    expect(page.body).to.contain('Step 3 of 4').and.contain('Local extmarket vendor').and.contain('Épicerie &lt;Lux&gt;');
  });

  it('step 3 refuses an internal address on its field, then reads both files', async () => {
    const internal = await post(3, {
      product_csv_url: `${feeds.url}/products.csv`,
      order_csv_url: 'http://169.254.169.254/latest/meta-data',
    });
    expect(internal.status).to.equal(422);
    expect(internal.body).to.contain('id="p-order_csv_url"').and.contain('value="http://169.254.169.254/latest/meta-data"');
    const ok = await post(3, { product_csv_url: `${feeds.url}/products.csv`, order_csv_url: `${feeds.url}/orders.csv` });
    expect(ok.status).to.equal(303);
    expect((await wizard()).body)
      .to.contain('Both files read: 2 products and 3 orders.')
      .and.contain('Step 4 of 4');
  });

  it('shows the steps to a member who may read the settings, without the forms they may not send', async () => {
    const page = await wizard(viewer);
    expect(page.body).to.contain('Step 4 of 4').and.not.contain('action="/vendor/onboarding/steps/4"');
    const token = viewer.csrf(page.body);
    const refused = await viewer.post('/vendor/onboarding/steps/4', { _csrf: token });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.contain('settings.edit');
  });

  it('step 4 starts the historical import; its live card follows it, and its end opens the back office', async () => {
    const started = await post(4, {});
    expect(started.status).to.equal(303);
    let page = await wizard();
    expect(page.body).to.match(/The import of your order history has started\.|Your shop is set up/);
    for (let i = 0; i < 100 && !page.body.includes('Your shop is set up'); i++) {
      expect(page.body).to.contain('id="wizard-step" data-refresh=');
      await new Promise((r) => setTimeout(r, 100));
      page = await wizard();
    }
    expect(page.body).to.contain('Your shop is set up').and.contain('href="/vendor"');
    expect(page.body).to.not.contain('id="wizard-step" data-refresh=');
    const home = await owner.get('/vendor/orders');
    expect(home.status).to.equal(200);
  });

  it('tells a vendor without onboarding that nothing needs setting up', async () => {
    const other = await createVendorWithOwner(app);
    const visitor = await signedIn(app, 'vendor', other.ownerEmail, other.ownerPassword);
    const page = await wizard(visitor);
    expect(page.body).to.contain('Nothing to set up');
  });

  it("speaks the viewer's language", async () => {
    await owner.get('/vendor/language?lang=fr');
    expect((await wizard()).body).to.contain('Votre boutique est configurée');
    await owner.get('/vendor/language?lang=en');
  });
});
