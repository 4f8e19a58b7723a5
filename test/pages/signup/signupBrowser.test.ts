import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { browserPeople, type BrowserPeople } from '../../support/backOffice.ts';
import { describeInBrowser } from '../../support/browserSuite.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';

/**
 * A prospective vendor in headless Debian chromium: picks a tier on the pricing page, gives the
 * five steps of the signup (linking their marketplace shop with its API key on the local
 * extmarket), saves a card on the local Stripe server, starts the trial and lands in the vendor
 * back office, whose onboarding gate sends them to the wizard. Screenshots in test-artifacts/signup/.
 */
describeInBrowser('signing up in a headless chromium', function () {
  // A dozen pages with an argon2 hash and Stripe and extmarket calls: seconds alone, minutes on a machine shared by many.
  this.timeout(300_000);
  let app: TestApp;
  let people: BrowserPeople;
  let extmarket: ExtmarketServer;

  before(async () => {
    app = await testApp();
    extmarket = await startExtmarketServer(unique('key-'));
    // The wizard's page belongs to the onboarding area: where it is not served yet, its 404 is not this story's
    // (chromium's console says it too, without the address). The refused form of the second story is a 422 on purpose.
    people = await browserPeople(app, 'signup', [
      /^404 .*\/vendor\/onboarding$/,
      /^console: Failed to load resource: .* 404 \(Not Found\)$/,
      /^422 .*\/signup$/,
      /^console: Failed to load resource: .* 422/,
    ]);
  });
  after(async () => {
    await people.close();
    await extmarket.close();
  });

  it('from the pricing page to the back office: five steps, a card at Stripe, the trial started, the onboarding gate', async () => {
    const shopId = unique('mk-');
    const key = unique('shop-key-');
    extmarket.addShop(key, { id: shopId, slug: 'lumen-lights', name: 'Lumen Lights' });
    const page = await people.person();
    page.setDefaultNavigationTimeout(120_000);
    await page.goto(`${app.url}/vendor/login`, { waitUntil: 'load' });
    await people.submit(page, '#sign-up');
    expect(new URL(page.url()).pathname).to.equal('/pricing');
    expect(await page.$$eval('.pricing-tier h2', (els) => els.map((e) => e.textContent))).to.include('Professional');
    await people.shot(page, '1-pricing');
    await people.submit(page, '#tier-professional a.button');
    expect(new URL(page.url()).pathname).to.equal('/signup');

    const email = `${unique('lumen')}@shop.test`;
    await page.type('#i-email', email);
    await page.type('#i-password', 'lumen-password-1');
    await page.type('#i-first_name', 'Léa');
    await people.shot(page, '2-account');
    await people.submit(page, 'form.signup-form button.primary');
    const companyPath = new URL(page.url()).pathname;
    expect(companyPath).to.match(/^\/signup\/[A-Za-z0-9_-]{22}\/company$/);
    const signupPath = companyPath.replace(/\/company$/, '');

    await page.type('#i-name', 'Lumen Lights S.à r.l.');
    await page.type('#i-business_address', '12 Rue de la Gare, 1616 Luxembourg');
    await page.type('#i-tax_number', 'LU12345678');
    await people.submit(page, 'form.signup-form button.primary');
    expect(new URL(page.url()).pathname).to.equal(`${signupPath}/vendor`);

    // The marketplace shop, found with its API key and linked.
    await page.click('details.signup-box summary');
    await page.type('#shop-claim #i-api_key', key);
    await page.type('#shop-claim #i-api_endpoint', extmarket.url);
    await people.submit(page, '#shop-claim button');
    expect(await page.$eval('#shop-linked', (el) => el.textContent)).to.contain('Lumen Lights');
    expect(await page.$eval('#i-name', (el) => (el as HTMLInputElement).value)).to.equal('Lumen Lights');
    const code = unique('LUMEN').toUpperCase().slice(0, 20);
    await page.type('#i-vendor_code', code);
    await people.shot(page, '3-vendor-with-shop');
    await people.submit(page, 'form.signup-form button.primary');
    expect(new URL(page.url()).pathname).to.equal(`${signupPath}/tier`);
    expect(await page.$eval('input[name=tier_code]:checked', (el) => (el as HTMLInputElement).value)).to.equal('professional');
    await page.select('#i-billing_interval', 'year');
    await people.submit(page, 'form.signup-form button.primary');
    expect(new URL(page.url()).pathname).to.equal(`${signupPath}/card`);

    // Stripe.js's part: the SetupIntent of the page is confirmed at Stripe with a card, then the form is sent.
    const secret = await page.$eval('#card-form', (el) => (el as HTMLElement).dataset.clientSecret!);
    await people.shot(page, '4-card');
    expect((await app.stripe.confirmSetupInBrowser(secret)).status).to.equal(200);
    await people.submit(page, '#card-form button.primary');
    expect(new URL(page.url()).pathname).to.equal(`${signupPath}/review`);
    expect(await page.$eval('.signup-review', (el) => el.textContent))
      .to.contain(email)
      .and.contain('4242')
      .and.contain('Lumen Lights');
    await people.shot(page, '5-review');

    await people.submit(page, '#start-trial');
    expect(new URL(page.url()).pathname).to.equal('/vendor/onboarding');
    await people.shot(page, '6-onboarding-gate');
    const cookies = await page.cookies();
    expect(cookies.find((c) => c.name === 'vendor_token')?.httpOnly).to.equal(true);
    // The dashboard stays closed until the onboarding is done.
    await page.goto(`${app.url}/vendor/orders`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname).to.equal('/vendor/onboarding');
    // Coming back to the signup's address leads to the back office, not a second signup.
    await page.goto(`${app.url}${signupPath}`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname).to.equal('/vendor/onboarding');

    const admin = await app.adminToken();
    const vendors = await app.call('GET', `/api/v1/admin/vendors?search=${code}`, { token: admin });
    const vendor = vendors.body.items.find((v: any) => v.vendor_code === code);
    expect(vendor).to.include({ extmarket_vendor_id: shopId, extmarket_vendor_slug: 'lumen-lights' });
    expect(people.problems).to.deep.equal([]);
  });

  it('shows a refused step again with its reasons, in French, on a phone', async () => {
    const page = await people.person({ width: 390, height: 844 });
    page.setDefaultNavigationTimeout(120_000);
    await page.goto(`${app.url}/signup?lang=fr`, { waitUntil: 'load' });
    expect(await page.$eval('html', (el) => el.lang)).to.equal('fr');
    await page.type('#i-email', 'not-an-email');
    await page.type('#i-password', 'short');
    const [res] = (await people.submit(page, 'form.signup-form button.primary')) as [any];
    expect(res?.status()).to.equal(422);
    expect(await page.$eval('.flash.error, .problem', (el) => el.textContent)).to.match(/Vérifiez/);
    await people.shot(page, '7-refused-phone-fr');
    expect(people.problems).to.deep.equal([]);
  });
});
