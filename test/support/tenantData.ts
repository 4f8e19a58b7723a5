import { recordAddOnPurchase } from '../../commands/billing/handlers.ts';
import sharp from 'sharp';
import { type TestApp } from './app.ts';
import { csv, gtinFor, HEADER, newBase, upload, waitForJob as waitForImport } from './catalogueFiles.ts';
import type { TestDns } from './dns.ts';
import { connectVendor, waitForJob as waitForExtmarketJob } from './extmarket.ts';
import { eventually } from './eventually.ts';
import { startExtmarketServer, type ExtmarketServer } from './extmarketServer.ts';
import { SELLER } from './invoices.ts';
import { placeholderOf } from './orders.ts';
import { newSessionId, registerShopper, shopOf, type Shopper } from './shop.ts';
import { putOnTier } from './plans.ts';
import { deliver, invoiceObject, stripeEvent } from './stripeWebhooks.ts';
import { createVendorWithOwner, type VendorFixture } from './tenancy.ts';

/**
 * A vendor with real data in every area, made the way its clients make it (admin API, vendor API,
 * a local extmarket synced by the real worker), for the tenant isolation checks. Every text the
 * tenant owns carries its `tag` (the vendor code in lower case), so "none of this tenant's data in
 * an answer" is a text search; numbers that carry no tag (GTINs) are listed in `markers`.
 */
export interface Tenant extends VendorFixture {
  /** The vendor code in lower case: part of every name, SKU, e-mail, bin, order number… of this tenant. */
  tag: string;
  companyName: string;
  server: ExtmarketServer;
  products: number[];
  placeholder: number;
  /** Its own products' GTINs (1, 2), and the GTIN no product has (its order item exception). */
  gtins: string[];
  /** The GTINs of its marketplace import. */
  imported: string[];
  inventory: number[];
  media: number[];
  importJob: number;
  extmarketJob: number;
  /** The confirmed extmarket order (one unit shipped, invoiced) and its items. */
  confirmedOrder: number;
  confirmedItems: number[];
  /** The unconfirmed extmarket order with a pending order item exception, and its items. */
  openOrder: number;
  openItems: number[];
  exception: number;
  invoice: number;
  /** The VendorInvoiceSettings body this tenant stored. */
  invoiceSettings: Record<string, unknown>;
  member: { id: number; email: string; password: string };
  invitation: { id: number; email: string };
  domain: { id: number; name: string };
  pendingDomain: { id: number; name: string };
  /** The shop's customer with a saved address, a cart and an order placed from another cart. */
  shopper: Shopper & { address: number; cart: string; order: number };
  /** A second customer of the same shop: it must see nothing of the first one's. */
  sibling: Shopper;
  /** Lower-case texts of the first customer that the second one's answers may not contain. */
  shopperMarkers: string[];
  /** Lower-case texts of this tenant that no other tenant's answer may contain. */
  markers: string[];
  /** Its published content pages, both naming the tenant: an override of the slug `imprint` (which every tenant has) and a page of its own. */
  pages: { override: number; custom: number; customSlug: string };
  /** Its conversations: the shopper's with the vendor (a text attachment naming the tenant), and an admin's with the vendor. */
  conversations: { shop: string; attachment: string; admin: string };
  /** An active add-on (granted without Stripe, as the webhook would record a purchase). */
  addOn: string;
  /** A Stripe invoice the webhook reported paid (its billing history entry). */
  billingInvoice: string;
}

/**
 * Waits until every consumer has applied every event (GET /health/ready) and the mails they
 * enqueued have gone out (a mail's status moving to `sent` is a change of its tenant's rows).
 */
export async function quiet(app: TestApp): Promise<void> {
  let lagging: string[] = [];
  let due = 0;
  for (let i = 0; i < 1000; i++) {
    const body: any = await (await fetch(`${app.url}/health/ready`)).json();
    lagging = body.checks.consumers.filter((c: any) => c.lag !== 0).map((c: any) => `${c.name} (${c.lag})`);
    if (lagging.length === 0) {
      // Due and pending without an error: not sent yet, or being sent (a claim moves next_attempt_at
      // ahead, within the claim's minutes); a failed one waits for its retry, and a mail stamped by a
      // clock an earlier test moved ahead (then reset) is not due yet.
      const [row] = await app.services.db
        .knex('mail_outbox')
        .where('status', 'pending')
        .whereNull('last_error')
        .where('next_attempt_at', '<=', new Date(app.clock.now().getTime() + 10 * 60_000))
        .count({ n: '*' });
      due = Number(row.n);
      if (due === 0) return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`consumers did not catch up (${lagging.join(', ') || 'none behind'}), or ${due} due mails did not go out`);
}

async function ok(what: string, res: Promise<{ status: number; body: any }>, status = [200, 201, 202]): Promise<any> {
  const r = await res;
  if (!status.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

export async function createTenant(app: TestApp, dns: TestDns): Promise<Tenant> {
  const v = await createVendorWithOwner(app);
  // Every feature, so each gated route of the vendor API holds the tenant's data (test/support/plans.ts).
  await putOnTier(app, v.vendorId, 'enterprise');
  const tag = v.vendorCode.toLowerCase();
  const admin = await app.adminToken();
  const call = (method: string, path: string, body?: unknown) => app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body });

  // Settings, theme, custom domains (one verified through the test DNS server, one pending).
  await ok(
    'business info',
    call('PUT', '/settings/business-info', { description: `About ${tag}`, contact_email: `contact-${tag}@shop.test` }),
  );
  await ok(
    'extmarket settings',
    call('PUT', '/settings/extmarket', { preorder_days: 5, default_tax_rate: 17, csv_url_en: `https://feeds.test/${tag}.csv` }),
  );
  await ok(
    'theme',
    app.call('PUT', `/api/v1/admin/vendors/${v.vendorId}/theme`, {
      token: admin,
      body: { branding: { logo_url: `https://cdn.test/${tag}.png` } },
    }),
  );
  const domainName = `${tag}.example`;
  const added = await ok(
    'domain',
    app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/domains`, { token: admin, body: { domain: domainName } }),
  );
  dns.records.set(added.verification.name, [added.verification.value]);
  const verified = await ok('verify', app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/domains/${added.id}/verify`, { token: admin }));
  if (!verified.domain.is_verified) throw new Error(`domain not verified: ${JSON.stringify(verified)}`);
  const pendingName = `pending-${tag}.example`;
  const pending = await ok(
    'pending domain',
    app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/domains`, { token: admin, body: { domain: pendingName } }),
  );

  // Team: a member who accepted, and a pending invitation.
  const member = { email: `m-${tag}@team.test`, password: `member-${tag}-pw`, id: 0 };
  const invited = await ok('invite', call('POST', '/team/invitations', { email: member.email, role: 'staff' }));
  member.id = (
    await ok(
      'accept',
      app.call('POST', '/api/v1/vendor/team/invitations/accept', {
        body: { token: invited.invitation_token, password: member.password, first_name: `First ${tag}` },
      }),
    )
  ).user_id;
  const invitationEmail = `p-${tag}@team.test`;
  const invitation = await ok('pending invitation', call('POST', '/team/invitations', { email: invitationEmail, role: 'viewer' }));

  // Catalogue: two products, stock with a ledger movement, an image.
  const base = newBase();
  const gtins = [gtinFor(base, 1), gtinFor(base, 2), gtinFor(base, 500)];
  const products: number[] = [];
  for (const i of [1, 2]) {
    products.push(
      (
        await ok(
          'product',
          call('POST', '/products', {
            title: `Knife ${i} ${tag}`,
            description: `Forged by ${tag}`,
            vendor_sku: `SKU-${tag}-${i}`,
            gtin: gtins[i - 1],
            brand: `Brand ${tag}`,
            price_cents: 1170,
          }),
        )
      ).id,
    );
  }
  const inv = await ok(
    'inventory',
    call('POST', '/inventory', {
      product_id: products[0],
      warehouse: `wh-${tag}`,
      bin_location: `bin-${tag}`,
      quantity: 10,
      note: `opened by ${tag}`,
    }),
  );
  await ok('adjust', call('PUT', `/inventory/${inv.id}`, { quantity_change: 2, note: `recount ${tag}` }));
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  const image = await ok(
    'image',
    upload(
      app,
      '/api/v1/vendor/media/images',
      v.ownerToken,
      { product_id: String(products[0]) },
      { name: `img-${tag}.png`, data: png, type: 'image/png' },
    ),
  );

  // A marketplace import with two good rows and one rejected row (an import error).
  const rows = [HEADER];
  for (const i of [11, 12])
    rows.push([
      gtinFor(base, i),
      `IMP-${tag}-${i}`,
      `Imported ${tag} ${i}`,
      `Described by ${tag}`,
      '',
      `Brand ${tag}`,
      '',
      '12.50',
      '',
      'Home',
      `mkt-${tag}`,
    ]);
  rows.push([gtinFor(base, 13), `IMP-${tag}-13`, '', `No title ${tag}`, '', '', '', '1.00', '', 'Home', `mkt-${tag}`]);
  const started = await ok(
    'import',
    upload(
      app,
      '/api/v1/vendor/marketplace-import-jobs',
      v.ownerToken,
      { marketplace: `mkt-${tag}` },
      { name: `feed-${tag}.csv`, data: csv(rows) },
    ),
  );
  const job = await waitForImport(app, `/api/v1/vendor/marketplace-import-jobs/${started.id}`, v.ownerToken);
  if (job.status !== 'completed' || job.error_count !== 1) throw new Error(`import: ${JSON.stringify(job)}`);

  // Orders from this tenant's own extmarket, imported by the real sync: one matched by GTIN, one
  // with an item no product matches (an order item exception).
  const server = await startExtmarketServer(`key-${tag}`);
  const buyer = { email: `buyer-${tag}@example.test`, locale: 'fr' };
  server.shipments.push(
    {
      id: `SH1-${tag}`,
      orderId: `OR1-${tag}`,
      number: `R1-${tag}`,
      ...buyer,
      units: [1, 2].map((k) => ({ id: `IU${k}-${tag}`, ean: gtins[0], sku: `SKU-${tag}-1`, name: `Knife 1 ${tag}`, price: '11.70' })),
    },
    {
      id: `SH2-${tag}`,
      orderId: `OR2-${tag}`,
      number: `R2-${tag}`,
      ...buyer,
      units: [
        { id: `IU3-${tag}`, ean: gtins[2], sku: `UNM-${tag}`, name: `Unmatched ${tag}`, price: '5.00' },
        { id: `IU4-${tag}`, ean: gtins[1], sku: `SKU-${tag}-2`, name: `Knife 2 ${tag}`, price: '11.70' },
      ],
    },
  );
  await connectVendor(app, v.ownerToken, server);
  const sync = await ok('sync', call('POST', '/extmarket/sync'));
  const synced = await waitForExtmarketJob(app, v.ownerToken, sync.job_id);
  if (synced.status !== 'completed' || synced.orders_imported !== 2) throw new Error(`sync: ${JSON.stringify(synced)}`);
  const orders = (await ok('orders', call('GET', '/extmarket/orders'))).items;
  const idOf = (ext: string) => orders.find((o: any) => o.external_order_id === ext).id as number;
  const confirmedOrder = idOf(`OR1-${tag}`);
  const openOrder = idOf(`OR2-${tag}`);
  const itemsOf = async (id: number) => (await ok('order', call('GET', `/orders/${id}`))).items.map((i: any) => i.id as number);
  const confirmedItems = await itemsOf(confirmedOrder);
  const openItems = await itemsOf(openOrder);
  await ok('confirm', call('POST', `/extmarket/orders/${confirmedOrder}/confirm`));
  await ok('ship', call('POST', `/orders/${confirmedOrder}/items/${confirmedItems[0]}/ship`, { quantity: 1 }));
  await eventually(
    async () => (await call('GET', `/inventory/transactions/order/${confirmedOrder}`)).body.items?.length > 0,
    'the shipment movement',
  );
  const exceptions = (await ok('exceptions', call('GET', `/order-item-exceptions?order_id=${openOrder}`))).items;
  if (exceptions.length !== 1) throw new Error(`exceptions: ${JSON.stringify(exceptions)}`);

  // An invoice of the confirmed order, numbered with this tenant's prefix.
  const invoiceSettings = { ...SELLER, company_name: `Seller ${tag}`, invoice_prefix: `${v.vendorCode.slice(0, 18)}-` };
  await ok('invoice settings', call('PUT', '/invoices/settings', invoiceSettings));
  const invoice = await ok('invoice', call('POST', '/invoices', { order_id: confirmedOrder }));
  await eventually(
    async () =>
      (await app.services.db.knex('extmarket_pushes').where('order_id', confirmedOrder).whereNot('status', 'succeeded').first()) ===
      undefined,
    'the confirmation push',
  );
  await quiet(app);

  // The shop: a customer with an address, a cart holding a product, an order placed from another cart.
  const shop = shopOf(app, v);
  const customer = await registerShopper(shop, { first_name: `Ada-${tag}`, last_name: `Shopper-${tag}` }, `${tag}-shopper`);
  const sibling = await registerShopper(shop, { first_name: `Bob-${tag}` }, `${tag}-sibling`);
  const street = `${tag} customer street 1`;
  const address = await ok(
    'address',
    shop.shop('POST', '/addresses', {
      token: customer.token,
      body: {
        type: 'shipping',
        first_name: 'Ada',
        last_name: 'Shopper',
        street,
        postal_code: 'L-1111',
        city: 'Luxembourg',
        country_iso: 'LU',
        country_name: 'Luxembourg',
        is_default: true,
      },
    }),
  );
  const cart = newSessionId();
  await ok('cart', shop.shop('POST', `/cart/${cart}/items`, { body: { product_id: products[0], quantity: 1 } }));
  const ordered = newSessionId();
  await ok('order cart', shop.shop('POST', `/cart/${ordered}/items`, { body: { product_id: products[0], quantity: 1 } }));
  const shopOrder = await ok('shop order', shop.shop('POST', '/orders', { token: customer.token, body: { session_id: ordered } }));
  await quiet(app);

  // Content pages: the same slug as every tenant's override, and a page of its own, both published.
  const overridePage = await ok(
    'override page',
    call('POST', '/content-pages', {
      slug: 'imprint',
      is_published: true,
      show_in_legal: true,
      translations: { en: { title: `Imprint of ${tag}`, body: `Run by ${tag}` } },
    }),
  );
  // The slug names nothing of the tenant: a refusal quotes the path it was asked, and must still hold nothing of the victim's.
  const customSlug = `story-${Math.random().toString(36).slice(2, 10)}`;
  const customPage = await ok(
    'custom page',
    call('POST', '/content-pages', {
      slug: customSlug,
      is_published: true,
      show_in_footer: true,
      translations: { en: { title: `Story of ${tag}`, body: `About ${tag}` } },
    }),
  );

  // Messages: the shopper writes to the shop with a file, an admin writes to the vendor.
  const form = new FormData();
  form.append('subject', `Parcel for ${tag}`);
  form.append('body', `Where is my parcel, ${tag}?`);
  form.append('files', new Blob([`receipt of ${tag}`], { type: 'text/plain' }), `receipt-${tag}.txt`);
  const posted = await fetch(`${app.url}/api/v1/shop/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}`, referer: `http://localhost/vendors/${v.vendorCode}/shop/` },
    body: form,
  });
  const shopConversation = await ok(
    'shop conversation',
    posted.json().then((body) => ({ status: posted.status, body })),
  );
  const adminConversation = await ok(
    'admin conversation',
    app.call('POST', '/api/v1/admin/messages', {
      token: admin,
      body: { conversation_type: 'admin_vendor', vendor_id: v.vendorId, subject: `Audit of ${tag}`, body: `Hello ${tag}` },
    }),
  );
  const addOn = await recordAddOnPurchase(
    app.services.store,
    {
      vendor_id: v.vendorId,
      add_on_code: 'extra_seat',
      quantity: 1,
      stripe_ref: null,
      at: app.clock.now().toISOString(),
    },
    { userId: 'system:test', correlationId: `add-on-${tag}` },
  );
  await app.services.settle([addOn]);

  // A paid Stripe invoice, as Stripe's signed webhook reports it: the tenant's billing history.
  const stripeInvoice = invoiceObject(app, v.vendorId, { number: `INV-${tag}` });
  const billed = await deliver(app, stripeEvent(app, 'invoice.paid', stripeInvoice));
  if (billed.status !== 200 || billed.body.outcome !== 'handled')
    throw new Error(`billing history: ${billed.status} ${JSON.stringify(billed.body).slice(0, 300)}`);

  const settings = await ok('settings', call('GET', '/settings'));
  const companyName = settings.business_info.company_name as string;
  return {
    ...v,
    tag,
    companyName,
    server,
    products,
    placeholder: await placeholderOf(app, v.vendorId),
    gtins,
    imported: [gtinFor(base, 11), gtinFor(base, 12)],
    inventory: [inv.id],
    media: [image.id],
    importJob: started.id,
    extmarketJob: sync.job_id,
    confirmedOrder,
    confirmedItems,
    openOrder,
    openItems,
    exception: exceptions[0].id,
    invoice: invoice.id,
    invoiceSettings,
    member,
    invitation: { id: invitation.invitation.id, email: invitationEmail },
    domain: { id: added.id, name: domainName },
    pendingDomain: { id: pending.id, name: pendingName },
    shopper: { ...customer, address: address.address_id ?? address.id, cart, order: shopOrder.id },
    sibling,
    conversations: {
      shop: shopConversation.id,
      attachment: shopConversation.messages.items[0].attachments[0].id,
      admin: adminConversation.id,
    },
    pages: { override: overridePage.id, custom: customPage.id, customSlug },
    addOn: addOn.add_on_id,
    billingInvoice: stripeInvoice.id,
    shopperMarkers: [customer.email, street, `ada-${tag}`, shopOrder.order_number].map((m) => m.toLowerCase()),
    markers: [
      tag,
      companyName,
      v.ownerEmail,
      member.email,
      invitationEmail,
      ...gtins,
      server.url,
      server.apiKey,
      gtinFor(base, 11),
      gtinFor(base, 12),
    ].map((m) => m.toLowerCase()),
  };
}
