import type Router from '@koa/router';
import { dateTimeFormat } from '../../core/intlFormats.ts';
import type { Context } from 'koa';
import { loadCart } from '../../modules/carts.ts';
import { getCustomer } from '../../modules/customers.ts';
import { getCustomerOrder, placeOrderFromCart } from '../../modules/orders.ts';
import { DomainException, ValidationException } from '../../core/errors.ts';
import { OrderNotFoundException } from '../../../commands/orders/errors.ts';
import { t, type MessageKey } from '../../core/i18n.ts';
import { formatMoney } from '../../core/money.ts';
import { Api } from '../../http/api.ts';
import { cartView } from '../../modules/carts.ts';
import { PlaceOrderBody } from '../../http/schemas/shopOrders.ts';
import { validBody } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { html, type Html } from '../html.ts';
import { addressBlock, addressInputs, addressLines, addressValues, fieldNames, type AddressValues } from './addressForm.ts';
import type { Storefront } from './context.ts';
import { cartSession } from './cookies.ts';
import { csrfField, renderNotFound, renderPage } from './layout.ts';
import { field, FORM_REFUSED, HTML_PAGE, NOT_FOUND, positiveInt, routeParam, SEE_OTHER, seeOther, shopPage } from './routing.ts';
import { signedInCustomer } from './session.ts';
import { orderStatusText } from './messages.ts';

/**
 * Checkout and the order pages. Checkout needs a signed-in customer (else sign-in and back) and a
 * cart. Its form chooses the delivery address among the saved ones (the default preselected) or
 * takes one typed in, the billing address likewise (or the delivery address), and an optional
 * VAT number; the order is placed in-process through the shop API's own placement
 * (placeOrderFromCart: prices from the cart, stock reserved, VAT by destination and VIES for a
 * VAT number; the unchanged cart cannot be ordered twice, so a form sent twice places one order).
 * The order page is the confirmation.
 */
export function storefrontCheckoutRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const L = (sf: Storefront, key: MessageKey, params?: Record<string, string | number>) => t(sf.language, key, params);
  const toLogin = (ctx: Context, sf: Storefront, back: string) => seeOther(ctx, sf.shopPath(`/login?return=${encodeURIComponent(back)}`));

  interface Choices {
    shipping: string;
    billing: string;
    vat_number: string;
    typed: AddressValues;
    billingTyped: AddressValues;
  }

  async function checkoutPage(ctx: Context, sf: Storefront, sent: Choices | null, error: string | null, status = 200) {
    const customer = await signedInCustomer(services, ctx, sf);
    if (!customer) return toLogin(ctx, sf, sf.shopPath('/checkout'));
    const session = cartSession(ctx);
    const cart = session
      ? await cartView(services, sf.vendor.id, session, await loadCart(services.store, sf.vendor.id, session), sf.language)
      : null;
    if (!cart || cart.items.length === 0) return seeOther(ctx, sf.shopPath('/cart'));
    const { addresses } = await getCustomer(services.db.knex, customer.id, sf.vendor.id);
    const ofType = (type: string) => addresses.filter((a) => a.type === type);
    const defaultId = (type: string) => String(ofType(type).find((a) => a.is_default)?.id ?? ofType(type)[0]?.id ?? 'new');
    const billingDefault = ofType('billing').find((a) => a.is_default);
    const c: Choices = sent ?? {
      shipping: defaultId('shipping'),
      billing: billingDefault ? String(billingDefault.id) : 'same',
      vat_number: '',
      typed: { first_name: customer.firstName ?? '', last_name: customer.lastName ?? '', country_iso: 'LU' },
      billingTyped: { first_name: customer.firstName ?? '', last_name: customer.lastName ?? '', country_iso: 'LU' },
    };
    const radio = (name: string, value: string, label: Html | string) =>
      html`<p class="choice"><label><input type="radio" name="${name}" value="${value}"${c[name as 'shipping'] === value ? html` checked` : ''}> <span>${label}</span></label></p>`;
    const saved = (name: string, type: string) => ofType(type).map((a) => radio(name, String(a.id), addressLines(sf, a)));
    const shippingSaved = ofType('shipping').length > 0;
    renderPage(
      ctx,
      sf,
      {
        title: L(sf, 'storefront.checkout'),
        error,
        body: html`<h1>${L(sf, 'storefront.checkout')}</h1>
<ul class="checkout-lines">${cart.items.map((it) => html`<li>${it.quantity} × ${it.title ?? it.sku ?? `#${it.product_id}`} — ${it.formatted.line_total}</li>`)}</ul>
<p>${L(sf, 'storefront.total')}: <span class="price">${cart.totals.formatted.total}</span></p>
<form method="post" action="${sf.shopPath('/checkout')}" class="checkout">${csrfField(ctx)}
<fieldset id="shipping"><legend>${L(sf, 'storefront.shipping_address')}</legend>
${shippingSaved ? html`${saved('shipping', 'shipping')}${radio('shipping', 'new', L(sf, 'storefront.typed_address'))}` : html`<input type="hidden" name="shipping" value="new">`}
<div class="typed">${addressInputs(sf, c.typed, '', !shippingSaved, false)}</div></fieldset>
<fieldset id="billing"><legend>${L(sf, 'storefront.billing_address')}</legend>
${radio('billing', 'same', L(sf, 'storefront.same_as_shipping'))}${saved('billing', 'billing')}${radio('billing', 'new', L(sf, 'storefront.typed_address'))}
<div class="typed">${addressInputs(sf, c.billingTyped, 'billing_', false, false)}</div></fieldset>
<p><label>${L(sf, 'storefront.vat_number')}<br><input name="vat_number" value="${c.vat_number}" maxlength="20" pattern="[A-Za-z]{2}[A-Za-z0-9 .\-]{2,18}" autocomplete="off"></label></p>
<p><button type="submit" class="primary">${L(sf, 'storefront.place_order')}</button></p></form>`,
      },
      status,
    );
  }

  shopPage(
    services,
    api,
    'get',
    '/checkout',
    {
      summary:
        "Storefront page: checkout (the cart's lines and total; the delivery and billing addresses, saved or typed in; a VAT number); sign-in first, an empty cart goes back to the cart",
      responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
    },
    (ctx, sf) => checkoutPage(ctx, sf, null, null),
  );

  shopPage(
    services,
    api,
    'post',
    '/checkout',
    {
      summary:
        'Storefront form: place the order from the cart (`shipping`: a saved address id or `new` with the typed fields; `billing`: `same`, an id, or `new` ' +
        'with the `billing_` fields; `vat_number`), then its confirmation page',
      responses: {
        303: SEE_OTHER,
        403: FORM_REFUSED,
        404: NOT_FOUND,
        422: {
          ...HTML_PAGE,
          description:
            "An address field or the VAT number is missing or invalid, or the chosen address is not the customer's: the form again",
        },
      },
    },
    async (ctx, sf) => {
      const customer = await signedInCustomer(services, ctx, sf);
      if (!customer) return toLogin(ctx, sf, sf.shopPath('/checkout'));
      const session = cartSession(ctx);
      if (!session) return seeOther(ctx, sf.shopPath('/cart'));
      const withoutPhone = ({ phone: _phone, ...rest }: AddressValues) => rest;
      const c: Choices = {
        shipping: field(ctx, 'shipping') || 'new',
        billing: field(ctx, 'billing') || 'same',
        vat_number: field(ctx, 'vat_number').trim(),
        typed: withoutPhone(addressValues(ctx)),
        billingTyped: withoutPhone(addressValues(ctx, 'billing_')),
      };
      const { addresses } = await getCustomer(services.db.knex, customer.id, sf.vendor.id);
      const own = (choice: string) => addresses.find((a) => String(a.id) === choice)?.id;
      try {
        const body: Record<string, unknown> = { session_id: session };
        if (c.shipping === 'new') body.shipping_address = c.typed;
        else if (own(c.shipping) !== undefined) body.shipping_address_id = own(c.shipping);
        else
          throw new ValidationException('Not a saved address', [{ pointer: '/body/shipping', message: 'not one of the saved addresses' }]);
        if (c.billing === 'same') {
          if (body.shipping_address_id !== undefined) body.billing_address_id = body.shipping_address_id;
          else body.billing_address = c.typed;
        } else if (c.billing === 'new') body.billing_address = c.billingTyped;
        else if (own(c.billing) !== undefined) body.billing_address_id = own(c.billing);
        else
          throw new ValidationException('Not a saved address', [{ pointer: '/body/billing', message: 'not one of the saved addresses' }]);
        if (c.vat_number) body.vat_number = c.vat_number;
        const checked = validBody(PlaceOrderBody, body);
        ctx.state.customer = customer;
        const placed = await placeOrderFromCart(services, ctx, checked, null, sf.language);
        await services.settle(placed.done);
        seeOther(ctx, sf.shopPath(`/orders/${placed.order_id}?notice=placed`));
      } catch (err) {
        if (err instanceof ValidationException) {
          const pointers = err.errors.map((e) => e.pointer);
          const billing = pointers.some((p) => p.startsWith('/body/billing'));
          const names = fieldNames(
            sf,
            pointers.filter((p) => !/\/(shipping|billing)(_address)?$/.test(p)),
          );
          const where = billing ? L(sf, 'storefront.billing_address') : L(sf, 'storefront.shipping_address');
          return checkoutPage(ctx, sf, c, L(sf, 'storefront.error_form', { fields: names ? `${where}: ${names}` : where }), 422);
        }
        // Stock, a price rise not accepted, a product gone, an empty cart: the cart page shows which line.
        if (err instanceof DomainException && err.status < 500) return seeOther(ctx, sf.shopPath('/cart?error=checkout'));
        throw err;
      }
    },
  );

  shopPage(
    services,
    api,
    'get',
    '/orders/:order_id',
    {
      summary: "Storefront page: one of the signed-in customer's orders (the confirmation after checkout)",
      responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
    },
    async (ctx, sf) => {
      const customer = await signedInCustomer(services, ctx, sf);
      if (!customer) return toLogin(ctx, sf, ctx.url);
      const id = positiveInt(routeParam(ctx, 'order_id'));
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
      const b = order.billing_address as Record<string, string | null> | null;
      renderPage(ctx, sf, {
        title: L(sf, 'storefront.order', { number: order.order_number }),
        notice: ctx.query.notice === 'placed' ? L(sf, 'storefront.order_placed', { number: order.order_number }) : null,
        body: html`<h1>${L(sf, 'storefront.order', { number: order.order_number })}</h1>
<p>${L(sf, 'storefront.order_date')}: ${dateTimeFormat(sf.locale).format(new Date(order.order_date))} · ${L(sf, 'storefront.status')}: <span class="status">${orderStatusText(sf.language, order.status)}</span></p>
<table class="cart"><tbody>${order.items.map((i) => html`<tr class="line"><td>${i.product_name}</td><td>${i.quantity} × ${money(i.unit_price_cents)}</td><td>${money(i.line_total_cents)}</td></tr>`)}</tbody></table>
<p>${L(sf, 'storefront.total')}: <span class="price" id="order-total">${order.formatted.total}</span></p>
${a ? html`<h2>${L(sf, 'storefront.shipping_address')}</h2>${addressBlock(sf, a)}` : ''}
${b ? html`<h2>${L(sf, 'storefront.billing_address')}</h2>${addressBlock(sf, b)}` : ''}
${order.vat?.buyer_vat_number ? html`<p>${L(sf, 'storefront.vat_number')}: <span id="vat-number">${order.vat.buyer_vat_number}</span></p>` : ''}
<p><a href="${sf.shopPath('/account')}">${L(sf, 'storefront.account')}</a></p>`,
      });
    },
  );

  return api.router;
}
