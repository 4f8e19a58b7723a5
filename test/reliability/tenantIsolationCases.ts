import type { TestApp } from '../support/app.ts';
import { connectVendor, waitForJob } from '../support/extmarket.ts';
import type { Tenant } from '../support/tenantData.ts';

/**
 * The requests of the tenant isolation suite (tenantIsolation.test.ts), route by route: for a
 * vendor route that takes a tenant's id, the requests aimed at the victim (CASES); for one that
 * takes none, the reason and its hostile requests (NO_TENANT_ID); for a shop route, the path to
 * call (SHOP_CASES). The suite fails when a mounted route has no entry here.
 */

/** Files the cases upload, made by the suite before it runs. */
export const files: { png: Buffer } = { png: Buffer.alloc(0) };

export type Expect = 'refused' | 'empty' | 'own';
export interface Req {
  label?: string;
  /** Under /api/v1/vendor; may carry a query string. */
  path: string;
  body?: unknown;
  form?: { fields: Record<string, string>; file?: { name: string; data: Buffer | string; type: string } };
  /** refused: 403/404/409 problem body; empty: a list with no rows (or refused); own: anything below 500 without the victim's data. */
  expect: Expect;
  /** Sent without the attacker's token (open routes). */
  anonymous?: boolean;
  /** Skip the positive control (the victim's own GET would render a PDF, or answers 404 by design). */
  noControl?: boolean;
}
export type Build = (me: Tenant, victim: Tenant) => Req[];

const ids = (list: number[], path: (id: number) => string, expect: Expect = 'refused', body?: unknown): Req[] =>
  list.map((id) => ({ path: path(id), expect, body }));
const pairs = (list: [number, number][], path: (a: number, b: number) => string, body?: unknown): Req[] =>
  list.map(([a, b]) => ({ path: path(a, b), expect: 'refused', body }));

/** Vendor routes that take a tenant's id (path, query filter or body reference): the requests aimed at the victim. */
export const CASES: Record<string, Build> = {
  'POST /auth/login': (m, v) => [
    {
      label: 'own owner, victim code',
      path: '/auth/login',
      anonymous: true,
      expect: 'refused',
      body: { email_or_username: m.ownerEmail, password: m.ownerPassword, vendor_code: v.vendorCode },
    },
    {
      label: 'own member, victim code',
      path: '/auth/login',
      anonymous: true,
      expect: 'refused',
      body: { email_or_username: m.member.email, password: m.member.password, vendor_code: v.vendorCode },
    },
  ],
  // Orders.
  'GET /orders': (_m, v) => [
    { path: `/orders?search=${v.tag}`, expect: 'empty' },
    { path: `/orders?search=R1-${v.tag}&channel=extmarket`, expect: 'empty' },
  ],
  'GET /orders/:order_id': (_m, v) => ids([v.confirmedOrder, v.openOrder], (id) => `/orders/${id}`),
  'GET /orders/:order_id/shipment-status': (_m, v) => ids([v.confirmedOrder, v.openOrder], (id) => `/orders/${id}/shipment-status`),
  'POST /orders/:order_id/items/:item_id/ship': (m, v) =>
    pairs(
      [
        [v.confirmedOrder, v.confirmedItems[0]],
        [m.confirmedOrder, v.confirmedItems[0]],
        [v.confirmedOrder, m.confirmedItems[0]],
      ],
      (o, i) => `/orders/${o}/items/${i}/ship`,
      { quantity: 1 },
    ),
  'POST /orders/:order_id/tracking': (_m, v) =>
    ids([v.confirmedOrder, v.openOrder], (id) => `/orders/${id}/tracking`, 'refused', { tracking_number: 'TRK-1', carrier: 'post' }),
  // Customers of the vendor's shop.
  'GET /customers': (_m, v) => [{ path: `/customers?search=${v.tag}`, expect: 'empty' }],
  'GET /customers/:id': (_m, v) => ids([v.shopper.id, v.sibling.id], (id) => `/customers/${id}`),
  'GET /customers/:id/orders': (_m, v) => ids([v.shopper.id], (id) => `/customers/${id}/orders`),
  'GET /extmarket/orders': (_m, v) => [{ path: `/extmarket/orders?search=${v.tag}`, expect: 'empty' }],
  'GET /extmarket/orders/:order_id': (_m, v) => ids([v.confirmedOrder, v.openOrder], (id) => `/extmarket/orders/${id}`),
  'POST /extmarket/orders/:order_id/confirm': (m, v) => wholeOrder(m, v, 'confirm'),
  'POST /extmarket/orders/:order_id/reject': (m, v) => wholeOrder(m, v, 'reject'),
  'POST /extmarket/orders/:order_id/items/:item_id/confirm': (m, v) =>
    pairs(
      [
        [v.openOrder, v.openItems[1]],
        [m.openOrder, v.openItems[1]],
        [v.openOrder, m.openItems[1]],
      ],
      (o, i) => `/extmarket/orders/${o}/items/${i}/confirm`,
    ),
  'POST /extmarket/orders/:order_id/items/:item_id/decline': (m, v) =>
    pairs(
      [
        [v.openOrder, v.openItems[1]],
        [m.openOrder, v.openItems[1]],
        [v.openOrder, m.openItems[1]],
      ],
      (o, i) => `/extmarket/orders/${o}/items/${i}/decline`,
    ),
  'POST /extmarket/orders/:order_id/tracking': (_m, v) =>
    ids([v.confirmedOrder, v.openOrder], (id) => `/extmarket/orders/${id}/tracking`, 'refused', {
      tracking_number: 'TRK-1',
      carrier: 'post',
    }),
  'GET /order-item-exceptions': (_m, v) => [{ path: `/order-item-exceptions?order_id=${v.openOrder}`, expect: 'empty' }],
  'GET /order-item-exceptions/:exception_id': (_m, v) => ids([v.exception], (id) => `/order-item-exceptions/${id}`),
  'POST /order-item-exceptions/:exception_id/resolve': (m, v) => [
    {
      label: "victim's exception, victim's product",
      path: `/order-item-exceptions/${v.exception}/resolve`,
      body: { product_id: v.products[1] },
      expect: 'refused',
    },
    {
      label: "victim's exception, own product",
      path: `/order-item-exceptions/${v.exception}/resolve`,
      body: { product_id: m.products[1] },
      expect: 'refused',
    },
    {
      label: "own exception, victim's product",
      path: `/order-item-exceptions/${m.exception}/resolve`,
      body: { product_id: v.products[1] },
      expect: 'refused',
    },
  ],
  'POST /order-item-exceptions/:exception_id/ignore': (_m, v) => ids([v.exception], (id) => `/order-item-exceptions/${id}/ignore`),
  'GET /extmarket/jobs/:job_id': (_m, v) => ids([v.extmarketJob], (id) => `/extmarket/jobs/${id}`),
  // Invoices.
  'POST /invoices': (_m, v) => [
    { path: '/invoices', body: { order_id: v.confirmedOrder }, expect: 'refused' },
    { path: '/invoices', body: { order_id: v.openOrder }, expect: 'refused' },
  ],
  'GET /invoices': (_m, v) => [{ path: `/invoices?order_id=${v.confirmedOrder}`, expect: 'empty' }],
  'GET /invoices/:invoice_id': (_m, v) => ids([v.invoice], (id) => `/invoices/${id}`),
  'POST /invoices/:invoice_id/pdf': (_m, v) => ids([v.invoice], (id) => `/invoices/${id}/pdf`),
  'POST /invoices/:invoice_id/credit-notes': (_m, v) =>
    ids([v.invoice], (id) => `/invoices/${id}/credit-notes`, 'refused', { reason: 'cancellation' }),
  // Content pages: a vendor writes its own pages only (the victim's override and own page are refused).
  'PUT /content-pages/:id': (_m, v) =>
    ids([v.pages.override, v.pages.custom], (id) => `/content-pages/${id}`, 'refused', { template: 'default' }),
  'DELETE /content-pages/:id': (_m, v) => ids([v.pages.override, v.pages.custom], (id) => `/content-pages/${id}`),
  'GET /invoices/:invoice_id/pdf': (_m, v) => [{ path: `/invoices/${v.invoice}/pdf`, expect: 'refused', noControl: true }],
  // Billing: an add-on is canceled by its own vendor only.
  'POST /billing/add-ons/:add_on_id/cancel': (_m, v) => [{ path: `/billing/add-ons/${v.addOn}/cancel`, expect: 'refused' }],
  // Team.
  // The owner is not a team member (ownership comes from the company): 404 for its own token too.
  'GET /team/members/:user_id': (_m, v) => [
    ...ids([v.member.id], (id) => `/team/members/${id}`),
    { path: `/team/members/${v.ownerUserId}`, expect: 'refused', noControl: true },
  ],
  'PUT /team/members/:user_id': (_m, v) => ids([v.member.id, v.ownerUserId], (id) => `/team/members/${id}`, 'refused', { role: 'viewer' }),
  'DELETE /team/members/:user_id': (_m, v) => ids([v.member.id, v.ownerUserId], (id) => `/team/members/${id}`),
  'DELETE /team/invitations/:invitation_id': (_m, v) => ids([v.invitation.id], (id) => `/team/invitations/${id}`),
  // Marketplace imports.
  'GET /marketplace-import-jobs/:job_id': (_m, v) => ids([v.importJob], (id) => `/marketplace-import-jobs/${id}`),
  'GET /marketplace-import-jobs/:job_id/errors': (_m, v) => ids([v.importJob], (id) => `/marketplace-import-jobs/${id}/errors`),
  // Products.
  'GET /products': (_m, v) => [
    { path: `/products?search=${v.tag}`, expect: 'empty' },
    { path: `/products?gtin=${v.gtins[0]}`, expect: 'empty' },
  ],
  'GET /products/:id': (_m, v) => ids([v.products[0], v.placeholder], (id) => `/products/${id}`),
  'PUT /products/:id': (m, v) => ids([v.products[0]], (id) => `/products/${id}`, 'refused', { title: `Renamed by ${m.tag}` }),
  'PATCH /products/:id': (m, v) =>
    ids([v.products[0], v.placeholder], (id) => `/products/${id}`, 'refused', { title: `Renamed by ${m.tag}` }),
  'DELETE /products/:id': (_m, v) => ids([v.products[1]], (id) => `/products/${id}`),
  // Inventory.
  'GET /inventory/transactions': (_m, v) => [
    { path: `/inventory/transactions?product_id=${v.products[0]}`, expect: 'empty' },
    { path: `/inventory/transactions?order_id=${v.confirmedOrder}`, expect: 'empty' },
  ],
  'GET /inventory/transactions/product/:product_id': (_m, v) =>
    ids([v.products[0]], (id) => `/inventory/transactions/product/${id}`, 'empty'),
  'GET /inventory/transactions/order/:order_id': (_m, v) => ids([v.confirmedOrder], (id) => `/inventory/transactions/order/${id}`, 'empty'),
  'GET /inventory': (_m, v) => [
    { path: `/inventory?product_id=${v.products[0]}`, expect: 'empty' },
    { path: `/inventory?warehouse=wh-${v.tag}`, expect: 'empty' },
  ],
  'POST /inventory': (m, v) =>
    ids([v.products[0], v.products[1]], () => '/inventory').map((r, i) => ({
      ...r,
      body: { product_id: v.products[i], bin_location: `bin-${m.tag}`, quantity: 1 },
    })),
  'GET /inventory/products/:id/stock-at': (_m, v) =>
    ids([v.products[0]], (id) => `/inventory/products/${id}/stock-at?at=${encodeURIComponent(new Date().toISOString())}`),
  'GET /inventory/:id': (_m, v) => ids(v.inventory, (id) => `/inventory/${id}`),
  'PUT /inventory/:id': (_m, v) => [
    ...ids(v.inventory, (id) => `/inventory/${id}`, 'refused', { quantity_change: 1 }),
    ...ids(v.inventory, (id) => `/inventory/${id}`, 'refused', { quantity: 0 }),
  ],
  'DELETE /inventory/:id': (_m, v) => ids(v.inventory, (id) => `/inventory/${id}`),
  // Media.
  'POST /media/images': (m, v) => [
    {
      path: '/media/images',
      expect: 'refused',
      form: { fields: { product_id: String(v.products[0]) }, file: { name: `img-${m.tag}.png`, data: files.png, type: 'image/png' } },
    },
  ],
  'GET /media': (_m, v) => [{ path: `/media?product_id=${v.products[0]}`, expect: 'empty' }],
  'GET /media/:id': (_m, v) => ids(v.media, (id) => `/media/${id}`),
  'GET /media/:id/:variant': (_m, v) =>
    ['original', '800', '200'].map((variant) => ({ path: `/media/${v.media[0]}/${variant}`, expect: 'refused' as const })),
  'DELETE /media/:id': (_m, v) => ids(v.media, (id) => `/media/${id}`),
  // Messaging: another vendor's conversations and attachments do not exist; its customers are not recipients.
  'POST /messages': (m, v) => [
    {
      label: "victim's customer",
      path: '/messages',
      body: { conversation_type: 'vendor_customer', customer_id: v.shopper.id, subject: `To ${m.tag}`, body: 'hi' },
      expect: 'refused',
    },
    {
      label: "victim's customer, multipart",
      path: '/messages',
      expect: 'refused',
      form: {
        fields: { conversation_type: 'vendor_customer', customer_id: String(v.shopper.id), subject: `To ${m.tag}`, body: 'hi' },
        file: { name: `note-${m.tag}.txt`, data: 'a note', type: 'text/plain' },
      },
    },
  ],
  'GET /messages/:conversation_id': (_m, v) =>
    [v.conversations.shop, v.conversations.admin].map((id) => ({ path: `/messages/${id}`, expect: 'refused' as const })),
  'POST /messages/:conversation_id': (m, v) => [
    ...[v.conversations.shop, v.conversations.admin].map((id) => ({
      path: `/messages/${id}`,
      body: { body: `from ${m.tag}` },
      expect: 'refused' as const,
    })),
    {
      label: 'multipart',
      path: `/messages/${v.conversations.shop}`,
      expect: 'refused',
      form: { fields: { body: 'x' }, file: { name: `n-${m.tag}.txt`, data: 'x', type: 'text/plain' } },
    },
  ],
  'POST /messages/:conversation_id/read': (_m, v) =>
    [v.conversations.shop, v.conversations.admin].map((id) => ({ path: `/messages/${id}/read`, expect: 'refused' as const })),
  'GET /messages/:conversation_id/attachments/:attachment_id': (m, v) => [
    {
      label: "victim's conversation and attachment",
      path: `/messages/${v.conversations.shop}/attachments/${v.conversations.attachment}`,
      expect: 'refused',
    },
    {
      label: "own conversation, victim's attachment",
      path: `/messages/${m.conversations.shop}/attachments/${v.conversations.attachment}`,
      expect: 'refused',
      noControl: true,
    },
  ],
};

function wholeOrder(m: Tenant, v: Tenant, action: 'confirm' | 'reject'): Req[] {
  return [
    { label: "victim's order", path: `/extmarket/orders/${v.openOrder}/${action}`, expect: 'refused' },
    {
      label: "victim's order and item",
      path: `/extmarket/orders/${v.openOrder}/${action}`,
      body: { item_ids: [v.openItems[1]] },
      expect: 'refused',
    },
    {
      label: "own order, victim's item",
      path: `/extmarket/orders/${m.openOrder}/${action}`,
      body: { item_ids: [v.openItems[1]] },
      expect: 'refused',
    },
    {
      label: "own order, own and victim's items",
      path: `/extmarket/orders/${m.openOrder}/${action}`,
      body: { item_ids: [m.openItems[1], v.openItems[1]] },
      expect: 'refused',
    },
  ];
}

/**
 * Vendor routes that take no tenant id anywhere (the vendor is the token's and nothing in the
 * request names a record of a tenant), with the reason. They still get the hostile context (the
 * victim named in the query and headers) and, where they take a body, the victim's vendor_id in
 * it; the answer must be the caller's and hold none of the victim's data.
 */
export const NO_TENANT_ID: Record<
  string,
  { why: string; reqs?: Build; after?: (app: TestApp, m: Tenant, answers: any[]) => Promise<void> }
> = {
  'POST /auth/logout': { why: 'clears the vendor_token cookie; reads and writes no tenant data' },
  'GET /auth/me': { why: "the caller's own account and the token's vendor" },
  'GET /content-pages': {
    why: "the token's vendor's pages merged with the platform defaults (no id)",
    reqs: (_m, v) => [{ path: `/content-pages?limit=100&vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'GET /content-pages/overrides': {
    why: "the token's vendor's own pages (no id)",
    reqs: (_m, v) => [{ path: `/content-pages/overrides?limit=100&vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'POST /content-pages': {
    why: "writes a page of the token's vendor; a vendor_id in the body is refused",
    reqs: (_m, v) => [
      {
        path: '/content-pages',
        body: { slug: 'tenant-probe', vendor_id: v.vendorId, translations: { en: { title: 'Probe', body: 'x' } } },
        expect: 'own',
      },
    ],
  },
  'PUT /auth/password': {
    why: "changes the caller's own password; the body names no account",
    reqs: (_m, v) => [
      { path: '/auth/password', body: { current_password: 'not-the-password', new_password: 'another-long-password' }, expect: 'own' },
      {
        path: '/auth/password',
        body: { current_password: 'not-the-password', new_password: 'another-long-password', user_id: v.ownerUserId },
        expect: 'own',
      },
    ],
  },
  'GET /extmarket/credentials': { why: "the token's vendor's credentials (no id)" },
  'PUT /extmarket/credentials': {
    why: "the token's vendor's credentials (no id)",
    reqs: (_m, v) => [
      { path: '/extmarket/credentials', body: { auto_sync_enabled: false }, expect: 'own' },
      { path: '/extmarket/credentials', body: { auto_sync_enabled: false, vendor_id: v.vendorId }, expect: 'own' },
    ],
  },
  'DELETE /extmarket/credentials': {
    why: "removes the token's vendor's credentials (no id)",
    after: async (app, m) => {
      await connectVendor(app, m.ownerToken, m.server);
    },
  },
  'POST /extmarket/credentials/test': { why: "tests the token's vendor's stored credentials (no id)" },
  'POST /extmarket/sync': { why: "starts a sync of the token's vendor (no id)", after: waitForJobs },
  'POST /extmarket/historical-import': { why: "starts a historical import of the token's vendor (no id)", after: waitForJobs },
  'GET /extmarket/jobs': { why: 'a list without an id filter (job_type only); rows checked by the own-rows test' },
  'GET /extmarket/export': {
    why: "the token's vendor's product feed (language, include_inactive only)",
    reqs: () => [{ path: '/extmarket/export?include_inactive=true', expect: 'own' }],
  },
  'GET /invoices/settings': { why: "the token's vendor's invoice settings (no id)" },
  'PUT /invoices/settings': {
    why: "the token's vendor's invoice settings (no id)",
    reqs: (m, v) => [
      { path: '/invoices/settings', body: m.invoiceSettings, expect: 'own' },
      { path: '/invoices/settings', body: { ...m.invoiceSettings, vendor_id: v.vendorId }, expect: 'own' },
    ],
  },
  'GET /invoices/stats': { why: "the token's vendor's totals (no id)" },
  'GET /team/roles': { why: 'the role catalogue' },
  'GET /team/members': { why: 'a list without an id filter; rows checked by the own-rows test' },
  'GET /team/invitations': { why: 'a list without an id filter (status only); rows checked by the own-rows test' },
  'POST /team/invitations': {
    why: "invites an e-mail into the token's vendor (no id)",
    reqs: (m, v) => [
      { path: '/team/invitations', body: { email: `x-${m.tag}@team.test`, role: 'staff', vendor_id: v.vendorId }, expect: 'own' },
    ],
  },
  'POST /team/invitations/accept': {
    why: 'open: the invitation token in the body is the credential',
    reqs: () => [
      {
        path: '/team/invitations/accept',
        anonymous: true,
        body: { token: 'x'.repeat(43), password: 'whatever-password-1' },
        expect: 'refused',
      },
    ],
  },
  'GET /settings': { why: "the token's vendor's settings (no id)" },
  'GET /onboarding': {
    why: "the token's vendor's onboarding (no id)",
    reqs: (_m, v) => [{ path: `/onboarding?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'GET /onboarding/steps/:step': {
    why: "a step of the token's vendor's onboarding (the id is a step number)",
    reqs: (_m, v) => [{ path: `/onboarding/steps/1?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'POST /onboarding/steps/1': {
    why: "commits the token's vendor's step; a vendor_id in the body is refused",
    reqs: (_m, v) => [
      {
        path: '/onboarding/steps/1',
        body: { name: 'Probe', business_address: 'Probe street 1', contact_email: 'probe@probe.test', vendor_id: v.vendorId },
        expect: 'own',
      },
    ],
  },
  'POST /onboarding/steps/2': {
    why: "commits the token's vendor's step; a vendor_id in the body is refused",
    reqs: (_m, v) => [{ path: '/onboarding/steps/2', body: { api_key: 'probe-key-123', vendor_id: v.vendorId }, expect: 'own' }],
  },
  'POST /onboarding/steps/3': {
    why: "commits the token's vendor's step; a vendor_id in the body is refused",
    reqs: (_m, v) => [
      {
        path: '/onboarding/steps/3',
        body: { product_csv_url: 'https://feeds.example/p.csv', order_csv_url: 'https://feeds.example/o.csv', vendor_id: v.vendorId },
        expect: 'own',
      },
    ],
  },
  'POST /onboarding/steps/4': {
    why: "starts the token's vendor's historical sync (no id)",
    reqs: (_m, v) => [{ path: `/onboarding/steps/4?vendor_id=${v.vendorId}`, body: {}, expect: 'own' }],
  },
  'GET /features': { why: 'the platform-wide feature catalogue; no tenant data' },
  'GET /features/categories': { why: 'the platform-wide feature categories; no tenant data' },
  'GET /features/available': {
    why: "the token's vendor's tier features (no id)",
    reqs: (_m, v) => [{ path: `/features/available?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'GET /features/check/:code': {
    why: "a feature code against the token's vendor's tier (no id)",
    reqs: (_m, v) => [{ path: `/features/check/storefront?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'GET /features/tiers/:tier_code': { why: 'a tier of the platform-wide catalogue; tiers belong to no tenant' },
  'GET /usage': {
    why: "the token's vendor's usage against its limits (no id)",
    reqs: (_m, v) => [{ path: `/usage?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'GET /dashboard/stats': {
    why: "the token's vendor's dashboard figures (no id)",
    reqs: (_m, v) => [{ path: `/dashboard/stats?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'GET /analytics': {
    why: "the token's vendor's sales analytics (no id)",
    reqs: (_m, v) => [{ path: `/analytics?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'GET /billing/upcoming-invoice': {
    why: "the token's vendor's next Stripe invoice (no id)",
    reqs: (_m, v) => [{ path: `/billing/upcoming-invoice?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'POST /billing/change-tier': {
    why: "changes the token's vendor's tier; a vendor_id in the body is refused",
    reqs: (_m, v) => [{ path: '/billing/change-tier', body: { tier_code: 'professional', vendor_id: v.vendorId }, expect: 'own' }],
  },
  'GET /billing/add-ons': {
    why: "the add-on catalogue and the token's vendor's add-ons (no id)",
    reqs: (_m, v) => [{ path: `/billing/add-ons?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'POST /billing/add-ons/purchase': {
    why: "a checkout for the token's vendor; a vendor_id in the body is refused",
    reqs: (_m, v) => [{ path: '/billing/add-ons/purchase', body: { add_on_code: 'extra_seat', vendor_id: v.vendorId }, expect: 'own' }],
  },
  'GET /features/upgrade': {
    why: "the token's vendor's tier against a platform tier (no id)",
    reqs: (_m, v) => [{ path: `/features/upgrade?to=business&vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'PUT /settings/business-info': {
    why: "the token's vendor's profile (no id)",
    reqs: (m, v) => [
      { path: '/settings/business-info', body: { description: `About ${m.tag}` }, expect: 'own' },
      {
        path: '/settings/business-info',
        body: { description: `About ${m.tag}`, vendor_id: v.vendorId, vendor_code: v.vendorCode },
        expect: 'own',
      },
    ],
  },
  'PUT /settings/extmarket': {
    why: "the token's vendor's extmarket settings (no id)",
    reqs: (_m, v) => [
      { path: '/settings/extmarket', body: { preorder_days: 5 }, expect: 'own' },
      { path: '/settings/extmarket', body: { preorder_days: 5, vendor_id: v.vendorId }, expect: 'own' },
    ],
  },
  'PUT /settings/localization': {
    why: "the token's vendor's languages (no id)",
    reqs: (_m, v) => [
      { path: '/settings/localization', body: { dashboard_language: 'en' }, expect: 'own' },
      { path: '/settings/localization', body: { dashboard_language: 'en', vendor_id: v.vendorId }, expect: 'own' },
    ],
  },
  'GET /marketplace-import-jobs/stats': { why: "the token's vendor's totals (no id)" },
  'POST /marketplace-import-jobs': {
    why: "starts an import for the token's vendor (no id; a body vendor_id is refused)",
    reqs: (m, v) => [
      { path: '/marketplace-import-jobs', body: { source_url: 'http://127.0.0.1:9/feed.csv', vendor_id: v.vendorId }, expect: 'own' },
      {
        path: '/marketplace-import-jobs',
        form: { fields: { vendor_id: String(v.vendorId) }, file: { name: `f-${m.tag}.csv`, data: 'gtin,title\n', type: 'text/csv' } },
        expect: 'own',
      },
    ],
  },
  'GET /marketplace-import-jobs': { why: 'a list without an id filter (status only); rows checked by the own-rows test' },
  'GET /products/stats': { why: "the token's vendor's totals (no id)" },
  'POST /products': {
    why: "creates a product of the token's vendor (no id; a body vendor_id is refused)",
    reqs: (m, v) => [{ path: '/products', body: { title: `Extra ${m.tag}`, price_cents: 100, vendor_id: v.vendorId }, expect: 'own' }],
  },
  'GET /media/stats': { why: "the token's vendor's totals (no id)" },
  'GET /messages': {
    why: "the token's vendor's conversations (no id filter)",
    reqs: (_m, v) => [{ path: `/messages?limit=100&vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'GET /messages/unread-count': { why: "the caller's own unread count in the token's vendor's conversations (no id)" },
  'GET /messages/stream': {
    why: "the live messages of the token's vendor's conversations (no id); the victim named in query and headers changes nothing",
    reqs: (_m, v) => [{ path: `/messages/stream?vendor_id=${v.vendorId}`, expect: 'own' }],
  },
  'GET /billing/history': {
    why: "the token's vendor's Stripe invoices (no id; a vendor_id filter is refused)",
    reqs: (_m, v) => [
      { path: '/billing/history?limit=100', expect: 'own' },
      { path: `/billing/history?vendor_id=${v.vendorId}`, expect: 'own' },
    ],
  },
};

async function waitForJobs(app: TestApp, m: Tenant, answers: any[]) {
  for (const a of answers) if (a?.job_id) await waitForJob(app, m.ownerToken, a.job_id);
}

/** Shop routes and the path to call (none takes an id yet). */
export const SHOP_CASES: Record<string, string> = {
  'GET /vendor': '/api/v1/shop/vendor',
};
