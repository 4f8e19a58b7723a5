import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { testApp, type TestApp } from '../../support/app.ts';
import { asAdmin, asCustomer, asVendor, call, download, sendForm, unread, type FilePart, type Party } from '../../support/messaging.ts';
import { putOnTier } from '../../support/plans.ts';
import { registerShopper, shopOf, type Shopper } from '../../support/shop.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';
import { resolvedDocument } from '../../support/openapi.ts';

/**
 * The plan features of messaging (docs/messaging.md "Plan features"): writing to the platform's
 * admins is Essential, writing with customers Professional, attachments Business. The gate is per
 * conversation type and per file, for the vendor's team and its customers alike; admins are never
 * gated, and reading never is.
 */
describe('messaging: plan features per conversation type and attachment', () => {
  let app: TestApp;
  let v: VendorFixture;
  let shopper: Shopper;
  let vendor: Party;
  let customer: Party;
  let admin: Party;
  const pdf: FilePart = { name: 'delivery-note.pdf', data: '%PDF-1.4\n% delivery note\n', type: 'application/pdf' };

  before(async function () {
    this.timeout(60_000);
    app = await testApp();
    v = await createVendorWithOwner(app);
    shopper = await registerShopper(shopOf(app, v), { first_name: 'Gina' });
    vendor = asVendor(v.ownerToken);
    customer = asCustomer(v, shopper.token);
    admin = asAdmin(await app.adminToken());
    await putOnTier(app, v.vendorId, 'essential');
  });

  const refused = (res: { status: number; body: any }, feature: string, required: string, current: string) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(403);
    expect(res.body).to.include({ code: 'FeatureNotAvailableException', feature, required_tier: required, current_tier: current });
  };
  const created = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };
  const toCustomer = () => ({
    conversation_type: 'vendor_customer',
    customer_id: shopper.id,
    subject: 'Your order',
    body: 'It ships today',
  });
  /** What messaging keeps: the conversation streams' events and the stored files. */
  const kept = async () => {
    const [{ n }] = await app.services.db.knex('events').where('stream_id', 'like', 'conversation-%').count({ n: '*' });
    const root = join(app.services.config.dataDir, 'messages');
    const files: string[] = [];
    for (const dir of await readdir(root).catch(() => [] as string[]))
      files.push(...(await readdir(join(root, dir))).map((f) => `${dir}/${f}`));
    return { events: Number(n), folders: (await readdir(root).catch(() => [])).length, files: files.sort() };
  };

  let adminConversation: string;
  let customerConversation: string;
  let oldAttachment: { id: string; url: string };

  it("an Essential vendor writes to the platform's admins, but not to a customer (customer_messaging, professional)", async () => {
    const started = created(
      await call(app, vendor, 'POST', '/messages', {
        conversation_type: 'admin_vendor',
        subject: 'Payout question',
        body: 'When is the payout?',
      }),
    );
    adminConversation = started.id;
    created(await call(app, vendor, 'POST', `/messages/${adminConversation}`, { body: 'Any news?' }));
    created(await call(app, admin, 'POST', `/messages/${adminConversation}`, { body: 'Friday.' }));

    const before = await kept();
    refused(await call(app, vendor, 'POST', '/messages', toCustomer()), 'customer_messaging', 'professional', 'essential');
    expect(await kept(), 'nothing appended').to.deep.equal(before);
    // A type the area never opens stays the decision's refusal, not the plan's.
    const wrongType = await sendForm(app, customer, '/messages', { conversation_type: 'admin_vendor', subject: 's', body: 'b' }, [pdf]);
    expect(wrongType.status, JSON.stringify(wrongType.body)).to.equal(400);
    expect(wrongType.body.code).to.equal('InvalidConversationTypeException');
  });

  it("its customers cannot write to it either: the refusal names the shop's missing feature", async () => {
    const before = await kept();
    refused(
      await call(app, customer, 'POST', '/messages', { subject: 'Hello', body: 'Do you ship to Belgium?' }),
      'customer_messaging',
      'professional',
      'essential',
    );
    expect(await kept()).to.deep.equal(before);
  });

  it('admins are never gated: an admin writes to the vendor, with a file, whatever its tier', async () => {
    created(
      await call(app, admin, 'POST', '/messages', {
        conversation_type: 'admin_vendor',
        vendor_id: v.vendorId,
        subject: 'Welcome',
        body: 'Hello from the platform',
      }),
    );
    const withFile = created(await sendForm(app, admin, `/messages/${adminConversation}`, { body: 'The terms, attached' }, [pdf]));
    expect(withFile.messages.items.at(-1).attachments).to.have.length(1);
  });

  it('a Professional vendor writes with its customers but cannot attach a file (message_attachments, business); nothing is stored', async () => {
    await putOnTier(app, v.vendorId, 'professional');
    customerConversation = created(await call(app, vendor, 'POST', '/messages', toCustomer())).id;
    created(await call(app, customer, 'POST', `/messages/${customerConversation}`, { body: 'Thanks!' }));
    created(await call(app, customer, 'POST', '/messages', { subject: 'Another question', body: 'Gift wrapping?' }));

    const before = await kept();
    refused(
      await sendForm(app, vendor, `/messages/${customerConversation}`, { body: 'The invoice' }, [pdf]),
      'message_attachments',
      'business',
      'professional',
    );
    refused(
      await sendForm(
        app,
        vendor,
        '/messages',
        { conversation_type: 'vendor_customer', customer_id: String(shopper.id), subject: 'Invoice', body: 'attached' },
        [pdf],
      ),
      'message_attachments',
      'business',
      'professional',
    );
    refused(
      await sendForm(app, vendor, `/messages/${adminConversation}`, { body: 'A screenshot' }, [pdf]),
      'message_attachments',
      'business',
      'professional',
    );
    refused(
      await sendForm(app, customer, `/messages/${customerConversation}`, { body: 'A photo of the parcel' }, [pdf]),
      'message_attachments',
      'business',
      'professional',
    );
    refused(
      await sendForm(app, customer, '/messages', { subject: 'Damaged', body: 'see photo' }, [pdf]),
      'message_attachments',
      'business',
      'professional',
    );
    expect(await kept(), 'no event, no file, no folder').to.deep.equal(before);
    const detail = await call(app, vendor, 'GET', `/messages/${customerConversation}`);
    expect(detail.body.message_count).to.equal(2);
  });

  it('after an admin moves it to Business, the vendor and its customers attach files', async () => {
    await putOnTier(app, v.vendorId, 'business');
    const sent = created(await sendForm(app, vendor, `/messages/${customerConversation}`, { body: 'The invoice' }, [pdf]));
    const file = sent.messages.items.at(-1).attachments[0];
    oldAttachment = { id: file.id, url: file.url };
    created(
      await sendForm(app, customer, `/messages/${customerConversation}`, { body: 'A photo of the parcel' }, [
        { name: 'parcel.txt', data: 'a dented box', type: 'text/plain' },
      ]),
    );
    created(
      await sendForm(app, customer, '/messages', { subject: 'Damaged', body: 'see note' }, [
        { name: 'note.txt', data: 'corner crushed', type: 'text/plain' },
      ]),
    );
    created(await sendForm(app, vendor, `/messages/${adminConversation}`, { body: 'A screenshot' }, [pdf]));
  });

  it('a vendor moved down to Essential still reads its conversations and downloads old attachments, but writes only to the admins', async () => {
    await putOnTier(app, v.vendorId, 'essential');
    for (const who of [vendor, customer]) {
      const list = await call(app, who, 'GET', '/messages');
      expect(list.status, JSON.stringify(list.body)).to.equal(200);
      expect(list.body.items.map((c: any) => c.id)).to.include(customerConversation);
      const detail = await call(app, who, 'GET', `/messages/${customerConversation}`);
      expect(detail.status).to.equal(200);
      expect(detail.body.messages.items.map((m: any) => m.body)).to.include.members(['It ships today', 'The invoice']);
      expect((await call(app, who, 'POST', `/messages/${customerConversation}/read`)).status).to.equal(200);
      expect(await unread(app, who)).to.be.a('number');
    }
    const asTeam = await download(app, vendor, `/api/v1/vendor/messages/${customerConversation}/attachments/${oldAttachment.id}`);
    expect(asTeam.status).to.equal(200);
    expect(asTeam.data.toString()).to.equal(pdf.data);
    const asCustomerFile = await download(app, customer, `/api/v1/shop/messages/${customerConversation}/attachments/${oldAttachment.id}`);
    expect(asCustomerFile.status).to.equal(200);

    refused(
      await call(app, vendor, 'POST', `/messages/${customerConversation}`, { body: 'One more thing' }),
      'customer_messaging',
      'professional',
      'essential',
    );
    refused(
      await call(app, customer, 'POST', `/messages/${customerConversation}`, { body: 'Hello?' }),
      'customer_messaging',
      'professional',
      'essential',
    );
    created(await call(app, vendor, 'POST', `/messages/${adminConversation}`, { body: 'We moved to Essential' }));
  });

  it("the OpenAPI document shows the refusal on the vendor's and the shop's writes, not on the admins'", async () => {
    const doc = await resolvedDocument(app);
    for (const path of [
      '/api/v1/vendor/messages',
      '/api/v1/vendor/messages/{conversation_id}',
      '/api/v1/shop/messages',
      '/api/v1/shop/messages/{conversation_id}',
    ]) {
      expect(doc.paths[path].post.responses['403'].description, path).to.include('FeatureNotAvailableException');
      expect(doc.paths[path].get.responses['403'].description, `${path} (reading)`).not.to.include('FeatureNotAvailableException');
    }
    expect(doc.paths['/api/v1/admin/messages'].post.responses['403'].description).not.to.include('FeatureNotAvailableException');
  });
});
