import type { Tenant } from '../support/tenantData.ts';

/**
 * The requests of the shop part of the tenant isolation suite (tenantIsolation.test.ts), route by
 * route: a customer of one shop (`me`) against another shop's data (`victim`), and a second
 * customer of the victim's shop (its `sibling`) against the first one's. Every mounted shop route
 * needs an entry here (or in SHOP_CASES of tenantIsolationCases.ts, for the vendor context itself).
 *
 * - `shop`: whose storefront the request comes from (the Referer): `own` (the attacker's) or `victim`;
 * - `as`: whose token it carries: `customer` (the attacker's customer), `victim` (the victim's
 *   customer, used at the attacker's shop), `sibling` (the victim shop's other customer), or none;
 * - `expect`: refused (401/403/404/409/422 problem), empty (a list without rows), or own (any
 *   answer below 500 that holds nothing of the victim's).
 */
export type ShopExpect = 'refused' | 'empty' | 'own';
export interface ShopReq {
  label?: string;
  path: string;
  body?: unknown;
  shop: 'own' | 'victim';
  as?: 'customer' | 'victim' | 'sibling';
  expect: ShopExpect;
}
export type ShopBuild = (me: Tenant, victim: Tenant) => ShopReq[];

const address = (street: string) => ({
  type: 'billing',
  first_name: 'Eve',
  last_name: 'Attacker',
  street,
  postal_code: 'L-2222',
  city: 'Esch',
  country_iso: 'LU',
  country_name: 'Luxembourg',
});

export const SHOP_CUSTOMER_CASES: Record<string, ShopBuild> = {
  // Content pages: a shop serves its own pages and the platform defaults, never another shop's.
  'GET /content-pages/navigation': () => [{ path: '/content-pages/navigation', shop: 'own', expect: 'own' }],
  'GET /content-pages/:slug': (_m, v) => [
    { label: "the slug the victim overrides, at my shop: my shop's page", path: '/content-pages/imprint', shop: 'own', expect: 'own' },
    { label: "the victim's own page at my shop", path: `/content-pages/${v.pages.customSlug}`, shop: 'own', expect: 'refused' },
  ],
  // Catalogue: another shop's products are unknown here.
  'GET /products': (_m, v) => [{ path: `/products?search=${v.tag}`, shop: 'own', expect: 'empty' }],
  'GET /products/:id': (_m, v) => v.products.map((id) => ({ path: `/products/${id}`, shop: 'own', expect: 'refused' })),
  'GET /products/:product_id/images/:id/:variant': (_m, v) => [
    { path: `/products/${v.products[0]}/images/${v.media[0]}/200`, shop: 'own', expect: 'refused' },
  ],
  // Cart: a session id names one cart per shop; another shop's product never enters this shop's cart.
  'POST /cart': () => [{ path: '/cart', shop: 'own', expect: 'own' }],
  'GET /cart/:session_id': (_m, v) => [
    { label: "victim's session at my shop", path: `/cart/${v.shopper.cart}`, shop: 'own', expect: 'own' },
  ],
  'POST /cart/:session_id/items': (m, v) => [
    {
      label: "victim's product",
      path: `/cart/${m.shopper.cart}/items`,
      body: { product_id: v.products[0], quantity: 1 },
      shop: 'own',
      expect: 'refused',
    },
    {
      label: "victim's session, victim's product",
      path: `/cart/${v.shopper.cart}/items`,
      body: { product_id: v.products[1], quantity: 1 },
      shop: 'own',
      expect: 'refused',
    },
  ],
  'PUT /cart/:session_id/items/:product_id': (_m, v) => [
    { path: `/cart/${v.shopper.cart}/items/${v.products[0]}`, body: { quantity: 3 }, shop: 'own', expect: 'refused' },
  ],
  'POST /cart/:session_id/items/:product_id/accept-price': (_m, v) => [
    { path: `/cart/${v.shopper.cart}/items/${v.products[0]}/accept-price`, shop: 'own', expect: 'refused' },
  ],
  'DELETE /cart/:session_id/items/:product_id': (_m, v) => [
    { path: `/cart/${v.shopper.cart}/items/${v.products[0]}`, shop: 'own', expect: 'refused' },
  ],
  'DELETE /cart/:session_id': (_m, v) => [
    { label: "victim's session at my shop: my shop's cart of that id", path: `/cart/${v.shopper.cart}`, shop: 'own', expect: 'own' },
  ],
  // Customer accounts are per shop.
  'POST /auth/register': (_m, v) => [
    {
      label: "victim's customer e-mail at my shop: a customer of my shop",
      path: '/auth/register',
      body: { email: v.shopper.email, password: 'attacker-password-1', first_name: 'Eve' },
      shop: 'own',
      expect: 'own',
    },
  ],
  'POST /auth/login': (_m, v) => [
    {
      label: "victim's customer credentials at my shop",
      path: '/auth/login',
      body: { email: v.shopper.email, password: v.shopper.password },
      shop: 'own',
      expect: 'refused',
    },
  ],
  'POST /auth/logout': () => [
    { label: "victim's customer token at my shop", path: '/auth/logout', shop: 'own', as: 'victim', expect: 'own' },
  ],
  'POST /auth/forgot-password': (_m, v) => [
    {
      label: "victim's customer e-mail at my shop",
      path: '/auth/forgot-password',
      body: { email: v.shopper.email },
      shop: 'own',
      expect: 'own',
    },
  ],
  'POST /auth/reset-password': () => [
    { path: '/auth/reset-password', body: { token: 'x'.repeat(43), new_password: 'attacker-password-2' }, shop: 'own', expect: 'refused' },
  ],
  'GET /profile': () => [
    { label: "my customer token at the victim's shop", path: '/profile', shop: 'victim', as: 'customer', expect: 'refused' },
    { label: "victim's customer token at my shop", path: '/profile', shop: 'own', as: 'victim', expect: 'refused' },
  ],
  'PUT /profile': () => [
    {
      label: "my customer token at the victim's shop",
      path: '/profile',
      body: { first_name: 'Eve' },
      shop: 'victim',
      as: 'customer',
      expect: 'refused',
    },
  ],
  'PUT /profile/password': (m) => [
    {
      label: "my customer token at the victim's shop",
      path: '/profile/password',
      body: { current_password: m.shopper.password, new_password: 'attacker-password-3' },
      shop: 'victim',
      as: 'customer',
      expect: 'refused',
    },
  ],
  // Addresses: another customer's, at this shop or another, are unknown.
  'GET /addresses': () => [
    { label: 'my customer at my shop', path: '/addresses', shop: 'own', as: 'customer', expect: 'own' },
    { label: "the sibling at the victim's shop", path: '/addresses', shop: 'victim', as: 'sibling', expect: 'own' },
    { label: "my customer token at the victim's shop", path: '/addresses', shop: 'victim', as: 'customer', expect: 'refused' },
  ],
  'POST /addresses': () => [
    {
      label: "my customer token at the victim's shop",
      path: '/addresses',
      body: address('evil street 1'),
      shop: 'victim',
      as: 'customer',
      expect: 'refused',
    },
  ],
  'PUT /addresses/:id': (_m, v) => [
    {
      label: "victim's address, my shop",
      path: `/addresses/${v.shopper.address}`,
      body: address('evil street 2'),
      shop: 'own',
      as: 'customer',
      expect: 'refused',
    },
    {
      label: "the sibling on the customer's address",
      path: `/addresses/${v.shopper.address}`,
      body: address('evil street 3'),
      shop: 'victim',
      as: 'sibling',
      expect: 'refused',
    },
  ],
  'DELETE /addresses/:id': (_m, v) => [
    { label: "victim's address, my shop", path: `/addresses/${v.shopper.address}`, shop: 'own', as: 'customer', expect: 'refused' },
    {
      label: "the sibling on the customer's address",
      path: `/addresses/${v.shopper.address}`,
      shop: 'victim',
      as: 'sibling',
      expect: 'refused',
    },
  ],
  'PUT /addresses/:id/default': (_m, v) => [
    { label: "victim's address, my shop", path: `/addresses/${v.shopper.address}/default`, shop: 'own', as: 'customer', expect: 'refused' },
    {
      label: "the sibling on the customer's address",
      path: `/addresses/${v.shopper.address}/default`,
      shop: 'victim',
      as: 'sibling',
      expect: 'refused',
    },
  ],
  // Orders: placed from this shop's carts only; the history is the customer's own.
  'POST /orders': (_m, v) => [
    {
      label: "victim's cart session at my shop",
      path: '/orders',
      body: { session_id: v.shopper.cart },
      shop: 'own',
      as: 'customer',
      expect: 'refused',
    },
    {
      label: "the sibling ordering with the customer's address",
      path: '/orders',
      body: { session_id: v.shopper.cart, shipping_address_id: v.shopper.address },
      shop: 'victim',
      as: 'sibling',
      expect: 'refused',
    },
  ],
  'GET /orders': () => [
    { label: 'my customer at my shop', path: '/orders', shop: 'own', as: 'customer', expect: 'own' },
    { label: "the sibling at the victim's shop", path: '/orders', shop: 'victim', as: 'sibling', expect: 'own' },
  ],
  'GET /orders/:id': (_m, v) => [
    { label: "victim's order, my shop", path: `/orders/${v.shopper.order}`, shop: 'own', as: 'customer', expect: 'refused' },
    { label: "the sibling on the customer's order", path: `/orders/${v.shopper.order}`, shop: 'victim', as: 'sibling', expect: 'refused' },
    { label: "victim's extmarket order, my shop", path: `/orders/${v.confirmedOrder}`, shop: 'own', as: 'customer', expect: 'refused' },
  ],
  // Messages: a customer's conversations and their files are theirs alone, at their own shop only.
  'GET /messages': () => [
    { label: 'my customer at my shop', path: '/messages', shop: 'own', as: 'customer', expect: 'own' },
    { label: "the sibling at the victim's shop", path: '/messages', shop: 'victim', as: 'sibling', expect: 'empty' },
    { label: "my customer token at the victim's shop", path: '/messages', shop: 'victim', as: 'customer', expect: 'refused' },
  ],
  'POST /messages': (m, v) => [
    {
      label: "my customer token at the victim's shop",
      path: '/messages',
      body: { subject: `From ${m.tag}`, body: 'hi' },
      shop: 'victim',
      as: 'customer',
      expect: 'refused',
    },
    {
      label: "naming the victim's vendor at my shop",
      path: '/messages',
      body: { subject: `From ${m.tag}`, body: 'hi', vendor_id: v.vendorId },
      shop: 'own',
      as: 'customer',
      expect: 'refused',
    },
  ],
  'GET /messages/stream': () => [
    { label: "my customer token at the victim's shop", path: '/messages/stream', shop: 'victim', as: 'customer', expect: 'refused' },
    { label: "the sibling at the victim's shop: their own stream", path: '/messages/stream', shop: 'victim', as: 'sibling', expect: 'own' },
  ],
  'GET /messages/unread-count': () => [
    { label: 'my customer at my shop', path: '/messages/unread-count', shop: 'own', as: 'customer', expect: 'own' },
    { label: "the sibling at the victim's shop", path: '/messages/unread-count', shop: 'victim', as: 'sibling', expect: 'own' },
  ],
  'GET /messages/:conversation_id': (_m, v) => conversationCases(v, (id) => `/messages/${id}`),
  'POST /messages/:conversation_id': (m, v) => conversationCases(v, (id) => `/messages/${id}`, { body: `from ${m.tag}` }),
  'POST /messages/:conversation_id/read': (_m, v) => conversationCases(v, (id) => `/messages/${id}/read`),
  'GET /messages/:conversation_id/attachments/:attachment_id': (m, v) => [
    ...conversationCases(v, (id) => `/messages/${id}/attachments/${v.conversations.attachment}`),
    {
      label: "my conversation, the victim's attachment",
      path: `/messages/${m.conversations.shop}/attachments/${v.conversations.attachment}`,
      shop: 'own',
      as: 'customer',
      expect: 'refused',
    },
  ],
};

/** The victim customer's conversation: refused to my customer at my shop and to the sibling at the victim's shop. */
function conversationCases(v: Tenant, path: (id: string) => string, body?: unknown): ShopReq[] {
  return [
    { label: "victim's conversation, my shop", path: path(v.conversations.shop), body, shop: 'own', as: 'customer', expect: 'refused' },
    {
      label: "the sibling on the customer's conversation",
      path: path(v.conversations.shop),
      body,
      shop: 'victim',
      as: 'sibling',
      expect: 'refused',
    },
    {
      label: "victim's admin conversation, my shop",
      path: path(v.conversations.admin),
      body,
      shop: 'own',
      as: 'customer',
      expect: 'refused',
    },
  ];
}
