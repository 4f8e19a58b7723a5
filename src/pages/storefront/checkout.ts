import type Router from '@koa/router';
import type { Context } from 'koa';
import { loadCart } from '../../../commands/carts/checkout.ts';
import { loadCustomer } from '../../../commands/customers/index.ts';
import { getCustomerOrder } from '../../../queries/orders/customerOrders.ts';
import { DomainException, OrderNotFoundException, ValidationException } from '../../core/errors.ts';
import { t, type MessageKey } from '../../core/i18n.ts';
import { formatMoney } from '../../core/money.ts';
import { Api } from '../../http/api.ts';
import { placeOrderFromCart } from '../../http/shop/placeOrder.ts';
import { cartView } from '../../http/shop/cartView.ts';
import { PlaceOrderBody } from '../../http/schemas/shopOrders.ts';
import { input } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { html } from '../html.ts';
import type { Storefront } from './context.ts';
import { cartSession } from './cookies.ts';
import { csrfField, renderNotFound, renderPage } from './layout.ts';
import { field, FORM_REFUSED, HTML_PAGE, NOT_FOUND, positiveInt, SEE_OTHER, seeOther, shopPage } from './routing.ts';
import { signedInCustomer } from './session.ts';

/** The countries the address form offers: the EU member states (the platform's VAT territory). */
export const CHECKOUT_COUNTRIES = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT',
  'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];
const ADDRESS_FIELDS = ['first_name', 'last_name', 'street', 'postal_code', 'city', 'country_iso'] as const;

/**
 * Checkout and the order pages. Checkout needs a signed-in customer (else sign-in and back) and a
 * cart; its form gives the delivery address (filled from the customer's default delivery address)
 * and places the order in-process through the shop API's own placement (placeOrderFromCart:
 * prices from the cart, stock reserved, VAT by destination; the unchanged cart cannot be ordered
 * twice, so a form sent twice places one order). The order page is the confirmation.
 */
export function storefrontCheckoutRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const L = (sf: Storefront, key: MessageKey, params?: Record<string, string | number>) => t(sf.language, key, params);
  const toLogin = (ctx: Context, sf: Storefront, back: string) => seeOther(ctx, sf.shopPath(`/login?return=${encodeURIComponent(back)}`));

  async function checkoutPage(ctx: Context, sf: Storefront, values: Record<string, string> | null, error: string | null, status = 200) {
    const customer = await signedInCustomer(services, ctx, sf);
    if (!customer) return toLogin(ctx, sf, sf.shopPath('/checkout'));
    const session = cartSession(ctx);
    const cart = session ? await cartView({ store: services.store, knex: services.db.knex }, sf.vendor.id, session,
      await loadCart(services.store, sf.vendor.id, session), sf.language) : null;
    if (!cart || cart.items.length === 0) return seeOther(ctx, sf.shopPath('/cart'));
    let v = values;
    if (!v) {
      const account = await loadCustomer(services.store, customer.id);
      const saved = account.addresses.find((a) => a.type === 'shipping' && a.is_default);
      v = { first_name: saved?.first_name ?? customer.firstName ?? '', last_name: saved?.last_name ?? customer.lastName ?? '', street: saved?.street ?? '',
        postal_code: saved?.postal_code ?? '', city: saved?.city ?? '', country_iso: saved?.country_iso ?? 'LU' };
    }
    const names = new Intl.DisplayNames([sf.language], { type: 'region' });
    const textField = (name: string, label: MessageKey, autocomplete: string, max: number) =>
      html`<p><label>${L(sf, label)}<br><input name="${name}" value="${v![name] ?? ''}" required maxlength="${max}" autocomplete="${autocomplete}"></label></p>`;
    renderPage(ctx, sf, {
      title: L(sf, 'storefront.checkout'),
      error,
      body: html`<h1>${L(sf, 'storefront.checkout')}</h1>
<ul class="checkout-lines">${cart.items.map((it) => html`<li>${it.quantity} × ${it.title ?? it.sku ?? `#${it.product_id}`} — ${it.formatted.line_total}</li>`)}</ul>
<p>${L(sf, 'storefront.total')}: <span class="price">${cart.totals.formatted.total}</span></p>
<form method="post" action="${sf.shopPath('/checkout')}" class="checkout">${csrfField(ctx)}
<h2>${L(sf, 'storefront.shipping_address')}</h2>
${textField('first_name', 'storefront.first_name', 'given-name', 100)}${textField('last_name', 'storefront.last_name', 'family-name', 100)}
${textField('street', 'storefront.street', 'address-line1', 200)}${textField('postal_code', 'storefront.postal_code', 'postal-code', 20)}${textField('city', 'storefront.city', 'address-level2', 100)}
<p><label>${L(sf, 'storefront.country')}<br><select name="country_iso">${CHECKOUT_COUNTRIES.map((c) => [c, names.of(c) ?? c] as const)
  .sort((a, b) => a[1].localeCompare(b[1], sf.language)).map(([c, name]) => html`<option value="${c}"${c === v!.country_iso ? html` selected` : ''}>${name}</option>`)}</select></label></p>
<p><button type="submit" class="primary">${L(sf, 'storefront.place_order')}</button></p></form>`,
    }, status);
  }

  shopPage(services, api, 'get', '/checkout', {
    summary: 'Storefront page: checkout (the cart\'s lines and total, the delivery address form); sign-in first, an empty cart goes back to the cart',
    responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
  }, (ctx, sf) => checkoutPage(ctx, sf, null, null));

  shopPage(services, api, 'post', '/checkout', {
    summary: 'Storefront form: place the order from the cart with the delivery address, then its confirmation page',
    responses: {
      303: SEE_OTHER, 403: FORM_REFUSED, 404: NOT_FOUND,
      422: { ...HTML_PAGE, description: 'An address field is missing or invalid: the form again' },
    },
  }, async (ctx, sf) => {
    const customer = await signedInCustomer(services, ctx, sf);
    if (!customer) return toLogin(ctx, sf, sf.shopPath('/checkout'));
    const session = cartSession(ctx);
    if (!session) return seeOther(ctx, sf.shopPath('/cart'));
    const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, field(ctx, f).trim()]));
    try {
      const body = input({ params: {}, query: {}, request: { body: { session_id: session, shipping_address: values } } } as unknown as Context,
        { body: PlaceOrderBody }).body;
      ctx.state.customer = customer;
      const placed = await placeOrderFromCart(services, ctx, body, null, sf.language);
      await services.settle(placed.done);
      seeOther(ctx, sf.shopPath(`/orders/${placed.order_id}?notice=placed`));
    } catch (err) {
      if (err instanceof ValidationException) {
        const fields = [...new Set(err.errors.map((e) => e.pointer.split('/').pop() ?? ''))].join(', ');
        return checkoutPage(ctx, sf, values, L(sf, 'storefront.error_form', { fields }), 422);
      }
      // Stock, a price rise not accepted, a product gone, an empty cart: the cart page shows which line.
      if (err instanceof DomainException && err.status < 500) return seeOther(ctx, sf.shopPath('/cart?error=checkout'));
      throw err;
    }
  });

  shopPage(services, api, 'get', '/orders/:order_id', {
    summary: 'Storefront page: one of the signed-in customer\'s orders (the confirmation after checkout)',
    responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
  }, async (ctx, sf) => {
    const customer = await signedInCustomer(services, ctx, sf);
    if (!customer) return toLogin(ctx, sf, ctx.url);
    const id = positiveInt(ctx.params.order_id);
    let order: Awaited<ReturnType<typeof getCustomerOrder>>;
    try {
      if (id === null) throw new OrderNotFoundException('not an order id');
      order = await getCustomerOrder(services.db.knex, sf.vendor.id, customer.id, id, sf.locale);
    } catch (err) {
      if (err instanceof OrderNotFoundException) return renderNotFound(ctx, sf);
      throw err;
    }
    const money = (cents: number) => formatMoney(cents, order.currency, sf.locale);
    const a = order.shipping_address as Record<string, string | null> | null;
    renderPage(ctx, sf, {
      title: L(sf, 'storefront.order', { number: order.order_number }),
      notice: ctx.query.notice === 'placed' ? L(sf, 'storefront.order_placed', { number: order.order_number }) : null,
      body: html`<h1>${L(sf, 'storefront.order', { number: order.order_number })}</h1>
<p>${L(sf, 'storefront.order_date')}: ${new Date(order.order_date).toLocaleDateString(sf.locale)} · ${L(sf, 'storefront.status')}: ${order.status}</p>
<table class="cart"><tbody>${order.items.map((i) => html`<tr class="line"><td>${i.product_name}</td><td>${i.quantity} × ${money(i.unit_price_cents)}</td><td>${money(i.line_total_cents)}</td></tr>`)}</tbody></table>
<p>${L(sf, 'storefront.total')}: <span class="price" id="order-total">${order.formatted.total}</span></p>
${a ? html`<h2>${L(sf, 'storefront.shipping_address')}</h2><address>${a.first_name} ${a.last_name}<br>${a.street}<br>${a.postal_code} ${a.city}<br>${a.country_iso ? new Intl.DisplayNames([sf.language], { type: 'region' }).of(a.country_iso) : ''}</address>` : ''}
<p><a href="${sf.shopPath('/account')}">${L(sf, 'storefront.account')}</a></p>`,
    });
  });

  return api.router;
}
