import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { asAdmin, asCustomer, asVendor, call, download, sendForm, vendorTeam, type Party, type Team } from '../../support/messaging.ts';
import { registerShopper, shopOf } from '../../support/shop.ts';

describe('messaging: wrong types, wrong recipients, other tenants', () => {
  let app: TestApp;
  let a: Team;
  let b: Team;
  let admin: Party;

  before(async function () {
    this.timeout(60_000);
    app = await testApp();
    [a, b] = [await vendorTeam(app), await vendorTeam(app)];
    admin = asAdmin(await app.adminToken());
  });

  const expectProblem = (res: { status: number; body: any }, status: number, code: string) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(status);
    expect(res.body.code).to.equal(code);
  };

  it('each area opens only its types (InvalidConversationTypeException, 400)', async () => {
    expectProblem(
      await call(app, admin, 'POST', '/messages', { conversation_type: 'vendor_customer', subject: 's', body: 'b' }),
      400,
      'InvalidConversationTypeException',
    );
    expectProblem(
      await call(app, asVendor(a.ownerToken), 'POST', '/messages', { conversation_type: 'admin', subject: 's', body: 'b' }),
      400,
      'InvalidConversationTypeException',
    );
    expectProblem(
      await call(app, asCustomer(a, a.customer.token), 'POST', '/messages', { conversation_type: 'admin_vendor', subject: 's', body: 'b' }),
      400,
      'InvalidConversationTypeException',
    );
    expectProblem(
      await call(app, admin, 'POST', '/messages', { conversation_type: 'chat', subject: 's', body: 'b' }),
      400,
      'InvalidConversationTypeException',
    );
  });

  it("recipients must be of the type's kind (InvalidRecipientTypeException, 400)", async () => {
    const cases: [Party, unknown][] = [
      [admin, { conversation_type: 'admin_vendor', subject: 's', body: 'b' }],
      [admin, { conversation_type: 'admin_vendor', vendor_id: a.vendorId, admin_ids: [1], subject: 's', body: 'b' }],
      [admin, { conversation_type: 'admin', vendor_id: a.vendorId, subject: 's', body: 'b' }],
      [admin, { conversation_type: 'admin', admin_ids: [a.ownerUserId], subject: 's', body: 'b' }],
      [asVendor(a.ownerToken), { conversation_type: 'vendor_customer', subject: 's', body: 'b' }],
      [asVendor(a.ownerToken), { conversation_type: 'admin_vendor', customer_id: a.customer.id, subject: 's', body: 'b' }],
    ];
    for (const [who, body] of cases) expectProblem(await call(app, who, 'POST', '/messages', body), 400, 'InvalidRecipientTypeException');
  });

  it("a recipient that is not there is not found, and another vendor's customer is not there", async () => {
    expectProblem(
      await call(app, asVendor(a.ownerToken), 'POST', '/messages', {
        conversation_type: 'vendor_customer',
        customer_id: b.customer.id,
        subject: 's',
        body: 'b',
      }),
      404,
      'CustomerNotFoundException',
    );
    expectProblem(
      await call(app, admin, 'POST', '/messages', { conversation_type: 'admin_vendor', vendor_id: 2_000_000_000, subject: 's', body: 'b' }),
      404,
      'VendorNotFoundException',
    );
  });

  it("another tenant's conversation does not exist: not to another vendor, another customer or another shop", async () => {
    const started = await call(app, asCustomer(a, a.customer.token), 'POST', '/messages', {
      subject: `Secret of ${a.vendorCode}`,
      body: 'for A only',
    });
    const id = started.body.id;
    const sibling = await registerShopper(shopOf(app, a));
    const strangers: Party[] = [
      asVendor(b.ownerToken),
      asVendor(b.member.token),
      asCustomer(a, sibling.token),
      asCustomer(b, b.customer.token),
    ];
    for (const who of strangers) {
      expectProblem(await call(app, who, 'GET', `/messages/${id}`), 404, 'ConversationNotFoundException');
      expectProblem(await call(app, who, 'POST', `/messages/${id}`, { body: 'hello?' }), 404, 'ConversationNotFoundException');
      expectProblem(await call(app, who, 'POST', `/messages/${id}/read`), 404, 'ConversationNotFoundException');
      const list = await call(app, who, 'GET', '/messages?limit=100');
      expect(JSON.stringify(list.body)).not.to.include(a.vendorCode);
    }
    // A conversation that never existed answers exactly the same.
    expectProblem(
      await call(app, asVendor(b.ownerToken), 'GET', '/messages/00000000-0000-4000-8000-000000000000'),
      404,
      'ConversationNotFoundException',
    );
    expect((await call(app, asCustomer(a, a.customer.token), 'GET', `/messages/${id}`)).body.messages.total).to.equal(1);
  });

  it('a customer token of one shop is refused at another shop', async () => {
    const res = await call(app, asCustomer(b, a.customer.token), 'GET', '/messages');
    expect(res.status).to.equal(401);
  });
});

describe('messaging: attachments', () => {
  let app: TestApp;
  let v: Team;
  let other: Team;
  let customer: Party;

  before(async function () {
    this.timeout(60_000);
    app = await testApp();
    v = await vendorTeam(app);
    other = await vendorTeam(app);
    customer = asCustomer(v, v.customer.token);
  });

  const refused = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body.code).to.equal('MessageAttachmentException');
  };

  it('text is served as plain text to download, whatever it holds; only participants download', async () => {
    const html = '<p>hello</p><script>alert(1)</script>';
    const started = await sendForm(
      app,
      asVendor(v.ownerToken),
      '/messages',
      { conversation_type: 'vendor_customer', customer_id: String(v.customer.id), subject: 'Price list', body: 'attached' },
      [
        { name: 'prices.csv', data: 'sku,price\nA,1.00\n', type: 'text/html' },
        { name: 'notes.txt', data: `notes ${html}`, type: 'text/html' },
        { name: 'terms.pdf', data: '%PDF-1.4\n%âãÏÓ\n', type: 'application/pdf' },
      ],
    );
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    const byName = (name: string) => started.body.messages.items[0].attachments.find((f: any) => f.filename === name);
    const files = ['prices.csv', 'notes.txt', 'terms.pdf'].map(byName);
    expect(
      files.map((f: any) => f.content_type),
      'the types read from the bytes, not the declared text/html',
    ).to.deep.equal(['text/csv', 'text/plain', 'application/pdf']);
    for (const f of files) {
      const got = await download(app, customer, `/api/v1/shop/messages/${started.body.id}/attachments/${f.id}`);
      expect(got.status).to.equal(200);
      expect(got.headers.get('content-type')).to.be.oneOf(['text/plain; charset=utf-8', 'application/pdf']);
      expect(got.headers.get('content-disposition')).to.match(/^attachment;/);
      expect(got.headers.get('x-content-type-options')).to.equal('nosniff');
    }
    const url = (prefix: string) => `${prefix}/messages/${started.body.id}/attachments/${files[1].id}`;
    const sibling = await registerShopper(shopOf(app, v));
    for (const [who, prefix] of [
      [asVendor(other.ownerToken), '/api/v1/vendor'],
      [asCustomer(v, sibling.token), '/api/v1/shop'],
      [asCustomer(other, other.customer.token), '/api/v1/shop'],
      [asAdmin(await app.adminToken()), '/api/v1/admin'],
    ] as const) {
      const got = await download(app, who, url(prefix));
      expect(got.status).to.equal(404);
      expect(got.body.code).to.equal('ConversationNotFoundException');
    }
    expect((await download(app, asVendor(v.member.token), url('/api/v1/vendor'))).data.toString()).to.equal(`notes ${html}`);
  });

  it('refuses kinds off the allow list, read from the bytes: markup, SVG, executables, a text named as an image', async () => {
    const started = await sendForm(app, customer, '/messages', { subject: 'Files', body: 'x' }, []);
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    const bad = [
      { name: 'page.html', data: '<html><body>hi</body></html>', type: 'text/plain' },
      { name: 'page.txt', data: '<!DOCTYPE html><html></html>', type: 'text/plain' },
      { name: 'logo.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', type: 'image/svg+xml' },
      { name: 'photo.png', data: 'not really a png', type: 'image/png' },
      { name: 'tool.exe', data: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), type: 'image/png' },
      { name: 'empty.txt', data: '', type: 'text/plain' },
      { name: 'binary.txt', data: Buffer.from([0x41, 0, 0x42]), type: 'text/plain' },
    ];
    for (const file of bad) refused(await sendForm(app, customer, `/messages/${started.body.id}`, { body: 'see file' }, [file]));
    const after = await app.call('GET', `/api/v1/shop/messages/${started.body.id}`, { token: v.customer.token, headers: customer.headers });
    expect(after.body.message_count, 'nothing was posted').to.equal(1);
  });

  it('refuses more than 5 files and a file over 10 MB', async () => {
    const started = await sendForm(app, customer, '/messages', { subject: 'Limits', body: 'x' }, []);
    const txt = (i: number) => ({ name: `n${i}.txt`, data: `note ${i}`, type: 'text/plain' });
    refused(await sendForm(app, customer, `/messages/${started.body.id}`, { body: 'six' }, [1, 2, 3, 4, 5, 6].map(txt)));
    const five = await sendForm(app, customer, `/messages/${started.body.id}`, { body: 'five' }, [1, 2, 3, 4, 5].map(txt));
    expect(five.status, JSON.stringify(five.body)).to.equal(201);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
    refused(
      await sendForm(app, customer, `/messages/${started.body.id}`, { body: 'big' }, [{ name: 'big.txt', data: big, type: 'text/plain' }]),
    );
    const detail = await app.call('GET', `/api/v1/shop/messages/${started.body.id}`, {
      token: v.customer.token,
      headers: customer.headers,
    });
    expect(detail.body.message_count).to.equal(2);
  });
});
