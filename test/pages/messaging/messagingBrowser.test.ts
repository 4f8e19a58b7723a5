import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { browser, closeBrowser } from '../../../src/adapters/pdf/browser.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { describeInBrowser } from '../../support/browserSuite.ts';
import { registerCustomer, shopClient, type Customer } from '../../support/customers.ts';
import { addTeamMember, type TeamMember } from '../../support/messagingLive.ts';
import { putOnTier } from '../../support/plans.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

const ARTIFACTS = 'test-artifacts/messaging';
/**
 * How long an open page may take to show what arrived, never reloaded. Not a latency target (the
 * live tail's is milliseconds): a machine loaded by parallel suites delivers in seconds.
 */
const LIVE_MS = 15_000;

/**
 * Messaging in headless Debian chromium, JavaScript on, three people in three browser profiles:
 * a customer writes to the shop from /shop/account/messages with an attachment; one member of the
 * vendor's team has /vendor/messages open and sees it arrive (badges), the owner is away and gets
 * one e-mail, then signs in and sees it unread; the member opens it, downloads the attachment and
 * replies; the customer's open page shows the reply without a reload and its badge settles at 0,
 * while the owner's open list counts the reply too. Screenshots go to test-artifacts/messaging/.
 */
describeInBrowser('messaging pages in a headless chromium', function () {
  this.timeout(120_000);
  let app: TestApp;
  let v: VendorFixture;
  let member: TeamMember;
  let customer: Customer;
  let chromium: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  let customerPage: Page;
  let memberPage: Page;
  let ownerPage: Page;
  let conversationUrl = '';
  const attachment = join(tmpdir(), `delivery-note-${Date.now()}.pdf`);

  async function person(): Promise<Page> {
    const context = await chromium.createBrowserContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewport({ width: 1000, height: 800 });
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
    });
    // A stream is cut when its page navigates away: that is no failure.
    page.on('requestfailed', (req) => {
      if (!/\/stream$/.test(req.url())) problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
    });
    return page;
  }
  const submit = (page: Page, selector: string) => Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  const badge = (page: Page) => page.$eval('#unread-count', (el) => el.textContent?.trim());
  const waitBadge = (page: Page, value: string) =>
    page.waitForFunction((want) => document.getElementById('unread-count')?.textContent?.trim() === want, { timeout: LIVE_MS }, value);
  const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });

  async function vendorSignIn(page: Page, login: string, password: string) {
    await page.goto(`${app.url}/vendor/messages`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname).to.equal('/vendor/login');
    await page.type('form[action$="/login"] input[name=login]', login);
    await page.type('form[action$="/login"] input[name=password]', password);
    await submit(page, 'form[action$="/login"] button[type=submit]');
    expect(new URL(page.url()).pathname).to.equal('/vendor/messages');
  }

  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app, { vendor: { name: 'Tea & Co' } });
    await putOnTier(app, v.vendorId, 'enterprise');
    member = await addTeamMember(app, v);
    customer = await registerCustomer(shopClient(app, v), { first_name: 'Lena', last_name: 'Weber' });
    writeFileSync(attachment, '%PDF-1.4\n% delivery note 4711\n');
    mkdirSync(ARTIFACTS, { recursive: true });
    chromium = await browser();
    customerPage = await person();
    memberPage = await person();
    ownerPage = await person();
  });

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await closeBrowser();
  });

  it('a team member has the messages page open; the customer writes to the shop with an attachment', async () => {
    await vendorSignIn(memberPage, member.email, member.password);
    expect(await badge(memberPage)).to.equal('0');

    await customerPage.goto(`${app.url}/vendors/${v.vendorCode}/shop/account/messages`, { waitUntil: 'load' });
    expect(new URL(customerPage.url()).pathname).to.equal(`/vendors/${v.vendorCode}/shop/login`);
    await customerPage.type('form[action$="/login"] input[name=email]', customer.email);
    await customerPage.type('form[action$="/login"] input[name=password]', customer.password);
    await submit(customerPage, 'form[action$="/login"] button[type=submit]');
    expect(new URL(customerPage.url()).pathname).to.equal(`/vendors/${v.vendorCode}/shop/account/messages`);
    await customerPage.type('form.start input[name=subject]', 'Damaged teapot <lid>');
    await customerPage.type('form.start textarea[name=body]', 'The lid of my teapot arrived broken. The delivery note is attached.');
    const file = await customerPage.$('form.start input[type=file]');
    await (file as any).uploadFile(attachment);
    await submit(customerPage, 'form.start button[type=submit]');
    conversationUrl = customerPage.url();
    expect(new URL(conversationUrl).pathname).to.match(new RegExp(`^/vendors/${v.vendorCode}/shop/account/messages/[0-9a-f-]{36}$`));
    const page = await customerPage.evaluate(() => document.body.innerText);
    expect(page).to.include('Damaged teapot <lid>');
    expect(page).to.include('The lid of my teapot arrived broken.');
    expect(await customerPage.$$eval('#messages .attachments a', (as) => as.map((a) => a.textContent))).to.deep.equal([
      attachment.split('/').pop(),
    ]);
    await shot(customerPage, 'customer-conversation');

    // The member's open list: the conversation arrives with its badge, the header counts it.
    await waitBadge(memberPage, '1');
    await memberPage.waitForSelector('#conversations li.conversation .count[data-count="1"]', { timeout: LIVE_MS });
    await shot(memberPage, 'member-list-live');
  });

  it('the owner, away, gets one e-mail naming the attachment; signed in, they see the conversation unread', async () => {
    const mail = await app.mailbox.waitFor((m) => m.to.includes(v.ownerEmail) && m.text.includes('The lid of my teapot'), 10_000);
    expect(mail.subject).to.equal('New message from Lena Weber');
    expect(mail.text).to.include(attachment.split('/').pop()!);
    expect(mail.raw).to.not.include('delivery note 4711');
    await vendorSignIn(ownerPage, v.ownerEmail, v.ownerPassword);
    expect(await badge(ownerPage)).to.equal('1');
    expect(await ownerPage.$eval('#conversations li.conversation', (li) => li.textContent)).to.include('Damaged teapot <lid>');
    await shot(ownerPage, 'owner-list');
  });

  it('the member opens it, downloads the attachment and replies; the customer sees the reply live and the badges move', async () => {
    await submit(memberPage, '#conversations li.conversation a');
    expect(await badge(memberPage)).to.equal('0');
    const href = await memberPage.$eval('#messages .attachments a', (a) => (a as HTMLAnchorElement).href);
    const download = await memberPage.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, disposition: res.headers.get('content-disposition'), body: await res.text() };
    }, href);
    expect(download.status).to.equal(200);
    expect(download.disposition).to.match(/^attachment;/);
    expect(download.body).to.include('delivery note 4711');

    await memberPage.type('form.reply textarea[name=body]', 'Sorry about that! A new lid is on its way.');
    await submit(memberPage, 'form.reply button[type=submit]');
    expect(await memberPage.$$eval('#messages li.message', (lis) => lis.length)).to.equal(2);
    await shot(memberPage, 'member-conversation');

    // The customer's page, never reloaded, shows the reply and reads it.
    await customerPage.waitForFunction(() => document.querySelectorAll('#messages li.message').length === 2, { timeout: LIVE_MS });
    expect(await customerPage.$eval('#messages li.message:last-child', (li) => li.textContent)).to.include('A new lid is on its way.');
    await waitBadge(customerPage, '0');
    expect(customerPage.url()).to.equal(conversationUrl);
    await shot(customerPage, 'customer-reply-live');
    const customerUnread = await app.call('GET', '/api/v1/shop/messages/unread-count', {
      token: customer.token,
      headers: { referer: `http://localhost/vendors/${v.vendorCode}/shop/` },
    });
    expect(customerUnread.body.unread_count).to.equal(0);

    // The owner's open list counts the member's reply too.
    await waitBadge(ownerPage, '2');
    await ownerPage.waitForSelector('#conversations li.conversation .count[data-count="2"]', { timeout: LIVE_MS });
    await shot(ownerPage, 'owner-list-live');
  });

  it('only the recipient who was away got an e-mail, once; nothing failed in any browser', async () => {
    await new Promise((r) => setTimeout(r, 500));
    const about = app.mailbox.find((m) => m.text.includes('teapot') || m.text.includes('new lid'));
    expect(about.map((m) => m.to).flat()).to.deep.equal([v.ownerEmail]);
    expect(problems).to.deep.equal([]);
  });
});
