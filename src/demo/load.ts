import { randomBytes } from 'node:crypto';
import { withCheckDigit } from '../core/gtin.ts';
import { demoClient, inBatches, type DemoClient } from './client.ts';
import { COMPANY, CUSTOMERS, MARKETPLACE_ORDER, PAGES, SHOPS, type DemoProduct, type DemoShop } from './data.ts';
import type { DemoMarketplace } from './marketplace.ts';
import { productPicture } from './pictures.ts';

/**
 * Loads the demo platform through the service's own API, as an admin, a vendor and shoppers
 * would (every record is made by a command and has its history), into a service listening at
 * `url`. The demo's passwords are drawn at random and returned, to be printed. The order from the
 * external marketplace comes from `marketplace` (src/demo/marketplace.ts) through the vendor's
 * order sync, as a real one would.
 */
export interface DemoShopLoaded {
  code: string;
  name: string;
  subdomain: string;
  onSubdomain: boolean;
  products: number;
}
export interface DemoLoaded {
  owner: { email: string; password: string };
  customers: { email: string; password: string }[];
  shops: DemoShopLoaded[];
  orders: { shop: number; marketplace: number };
}

/** The fields the demo reads of the API's answers (each route's declared answer has more). */
interface SignedIn {
  access_token: string;
}
interface Created {
  id: number;
}
interface CreatedCompany extends Created {
  temporary_password: string | null;
}
interface CreatedVendor extends Created {
  vendor_code: string;
  subdomain: string;
}
interface OrderDetail extends Created {
  items: { id: number; quantity: number }[];
}
interface Conversation {
  id: string;
}
interface SyncStarted {
  job_id: number;
}
interface SyncJob {
  status: string;
  orders_imported: number | null;
  error_message: string | null;
  error_details: Record<string, unknown> | null;
}

const password = (prefix: string) => `${prefix}-${randomBytes(6).toString('base64url')}`;
const gtinOf = (shop: number, index: number) => withCheckDigit(`40${shop}${String(index + 1).padStart(9, '0')}`);
const fill = (text: string, shop: DemoShop, language: number) =>
  text.replaceAll('{shop}', shop.name).replaceAll('{kind}', shop.kind[language]);

export async function loadDemo(url: string, admin: { email: string; password: string }, marketplace: DemoMarketplace): Promise<DemoLoaded> {
  const api = demoClient(url);
  const adminToken = (
    await api.call<SignedIn>('POST', '/api/v1/admin/auth/login', { body: { email_or_username: admin.email, password: admin.password } })
  ).access_token;
  const asAdmin = <T>(method: string, path: string, body?: unknown) =>
    api.call<T>(method, `/api/v1/admin${path}`, { token: adminToken, body });

  const company = await asAdmin<CreatedCompany>('POST', '/companies', COMPANY);
  const vendors: CreatedVendor[] = [];
  for (const shop of SHOPS) {
    const vendor = await asAdmin<CreatedVendor>('POST', '/vendors', {
      company_id: company.id,
      vendor_code: shop.code,
      name: shop.name,
      description: shop.description,
      ...(shop.subdomain ? { subdomain: shop.subdomain } : {}),
      contact_email: COMPANY.contact_email,
    });
    await asAdmin('PUT', `/subscriptions/${vendor.id}`, { tier_code: 'enterprise', status: 'active' });
    await asAdmin('POST', `/vendors/${vendor.id}/theme/presets/${shop.preset}`);
    // The demo's shops are set up already: their back offices open without the onboarding wizard.
    await asAdmin('POST', `/vendors/${vendor.id}/onboarding/skip`, { reason: 'Demo platform: set up by npm run demo' }).catch(
      (err: Error) => {
        if (!/answered (404|409)/.test(err.message)) throw err;
      },
    );
    vendors.push(vendor);
  }

  // The company's owner signs in with the temporary password and chooses one, as the vendor API requires.
  const owner = { email: COMPANY.owner_email, password: password('owner') };
  const first = await api.call<SignedIn>('POST', '/api/v1/vendor/auth/login', {
    body: { email_or_username: owner.email, password: company.temporary_password, vendor_code: SHOPS[0].code },
  });
  await api.call('PUT', '/api/v1/vendor/auth/password', {
    token: first.access_token,
    body: { current_password: company.temporary_password, new_password: owner.password },
  });

  const loaded: DemoShopLoaded[] = [];
  const catalogues: { token: string; products: { id: number; gtin: string; product: DemoProduct }[] }[] = [];
  for (const [s, shop] of SHOPS.entries()) {
    const token = (
      await api.call<SignedIn>('POST', '/api/v1/vendor/auth/login', {
        body: { email_or_username: owner.email, password: owner.password, vendor_code: shop.code },
      })
    ).access_token;
    const products = await inBatches(shop.products, 4, (product, i) => createProduct(api, token, shop, s, product, i));
    for (const page of PAGES) {
      const translations = Object.fromEntries(
        Object.entries(page.translations).map(([lang, t], l) => [lang, { title: t.title, body: fill(t.body, shop, l) }]),
      );
      await api.call('POST', '/api/v1/vendor/content-pages', { token, body: { ...page, translations, is_published: true } });
    }
    catalogues.push({ token, products });
    loaded.push({
      code: shop.code,
      name: shop.name,
      subdomain: vendors[s].subdomain,
      onSubdomain: !!shop.subdomain,
      products: products.length,
    });
  }

  const customers = [];
  const shopOrders = [];
  const shop = SHOPS[0];
  const { token: vendorToken, products } = catalogues[0];
  const asShop = <T>(method: string, path: string, token?: string, body?: unknown) =>
    api.call<T>(method, `/api/v1/shop${path}`, { token, body, headers: { referer: `${url}/vendors/${shop.code}/shop/` } });
  for (const [c, customer] of CUSTOMERS.entries()) {
    const { email, country_iso, street, postal_code, city, ...names } = customer;
    const secret = password('shopper');
    const signedUp = await asShop<SignedIn>('POST', '/auth/register', undefined, {
      ...names,
      email,
      password: secret,
      preferred_language: c === 2 ? 'fr' : c === 3 ? 'de' : 'en',
    });
    customers.push({ email, password: secret });
    const session = randomBytes(32).toString('base64url');
    for (const k of [c, c + 5, c + 11])
      await asShop('POST', `/cart/${session}/items`, undefined, { product_id: products[k].id, quantity: 1 + (k % 2) });
    const order = await asShop<Created>('POST', '/orders', signedUp.access_token, {
      session_id: session,
      shipping_address: { ...names, street, postal_code, city, country_iso },
    });
    shopOrders.push(order);
  }
  // The shop orders in several states: placed (confirmed), partly shipped, shipped with tracking.
  const asVendor = <T>(method: string, path: string, body?: unknown) =>
    api.call<T>(method, `/api/v1/vendor${path}`, { token: vendorToken, body });
  const detail = async (order: { id?: number; order_id?: number }) => asVendor<OrderDetail>('GET', `/orders/${order.id ?? order.order_id}`);
  const shipped = await detail(shopOrders[1]);
  for (const item of shipped.items) await asVendor('POST', `/orders/${shipped.id}/items/${item.id}/ship`, { quantity: item.quantity });
  await asVendor('POST', `/orders/${shipped.id}/tracking`, { tracking_number: 'LU123456789', carrier: 'POST Luxembourg' });
  const partly = await detail(shopOrders[2]);
  await asVendor('POST', `/orders/${partly.id}/items/${partly.items[0].id}/ship`, { quantity: 1 });

  // A question from a shopper, and the shop's answer.
  const ada = await asShop<SignedIn>('POST', '/auth/login', undefined, { email: customers[0].email, password: customers[0].password });
  const conversation = await asShop<Conversation>('POST', '/messages', ada.access_token, {
    subject: "Is the Sencha from this year's harvest?",
    body: "Hello! Before I order more: is the Sencha from this spring's harvest?",
  });
  await asVendor('POST', `/messages/${conversation.id}`, { body: 'Yes, it arrived in May from a farm near Shizuoka. Enjoy!' });

  // An order from the external marketplace, waiting for the shop's confirmation: the shop stores
  // its marketplace key and endpoint, and its order sync brings the order in.
  marketplace.shipments.push({
    id: 'shipment-demo-1',
    orderId: 'order-demo-1',
    number: MARKETPLACE_ORDER.number,
    completedAt: new Date().toISOString(),
    email: MARKETPLACE_ORDER.email,
    locale: MARKETPLACE_ORDER.locale,
    address: MARKETPLACE_ORDER.address,
    units: MARKETPLACE_ORDER.units.map((u, i) => ({
      id: `unit-demo-${i + 1}`,
      ean: products[u.product].gtin,
      name: products[u.product].product.names[0],
      price: u.price,
    })),
  });
  await asVendor('PUT', '/extmarket/credentials', { api_key: marketplace.apiKey, api_endpoint: marketplace.url, auto_sync_enabled: false });
  const sync = await asVendor<SyncStarted>('POST', '/extmarket/sync');
  const job = await finished(() => asVendor<SyncJob>('GET', `/extmarket/jobs/${sync.job_id}`));
  if (job.status !== 'completed' || job.orders_imported !== 1)
    throw new Error(`the marketplace order sync ended ${job.status}: ${JSON.stringify(job.error_message ?? job.error_details)}`);

  return { owner, customers, shops: loaded, orders: { shop: shopOrders.length, marketplace: job.orders_imported } };
}

/** A job read until it has ended (completed or failed), as a client polls it; ten minutes at most. */
async function finished<J extends { status: string }>(read: () => Promise<J>): Promise<J> {
  const end = Date.now() + 600_000;
  for (;;) {
    const job = await read();
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > end) throw new Error(`the marketplace order sync is still ${job.status} after ten minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function createProduct(api: DemoClient, token: string, shop: DemoShop, s: number, product: DemoProduct, i: number) {
  const [en, fr, de] = product.names;
  const gtin = gtinOf(s, i);
  const text = (title: string, l: number) => ({
    title,
    short_description: `${shop.name} · ${shop.kind[l]}`,
    description: `${title}. ${fill(['From {shop}.', 'De {shop}.', 'Von {shop}.'][l], shop, l)}`,
  });
  const created = await api.call<Created>('POST', '/api/v1/vendor/products', {
    token,
    body: {
      vendor_sku: `${shop.code}-${String(i + 1).padStart(3, '0')}`,
      gtin,
      brand: shop.brand,
      price_cents: product.price,
      translations: { en: text(en, 0), fr: text(fr, 1), de: text(de, 2) },
    },
  });
  await api.upload(
    '/api/v1/vendor/media/images',
    token,
    { product_id: String(created.id) },
    { name: `${shop.code.toLowerCase()}-${i + 1}.png`, data: await productPicture(product), type: 'image/png' },
  );
  if (product.stock > 0) {
    await api.call('POST', '/api/v1/vendor/inventory', {
      token,
      body: {
        product_id: created.id,
        warehouse: shop.warehouse,
        bin_location: `A-${String(Math.floor(i / 6) + 1).padStart(2, '0')}-${(i % 6) + 1}`,
        quantity: product.stock,
        note: 'Opening stock',
      },
    });
  }
  return { id: created.id, gtin, product };
}
