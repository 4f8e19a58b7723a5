import type Router from '@koa/router';
import { numberFormat } from '../../core/intlFormats.ts';
import type { Context } from 'koa';
import { acceptCartItemPrice, addToCart, changeCartItemQuantity, loadCart, removeFromCart, type CartRef } from '../../modules/carts.ts';
import { InsufficientInventoryForCartException } from '../../core/errors.ts';
import {
  CartItemNotFoundException,
  InvalidCartQuantityException,
  ProductNotAvailableForCartException,
} from '../../../commands/carts/errors.ts';
import { t } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { cartView } from '../../modules/carts.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { html } from '../html.ts';
import type { Storefront } from './context.ts';
import { cartSession, ensureCartSession } from './cookies.ts';
import { csrfField, renderPage } from './layout.ts';
import { errorMessage, noticeMessage } from './messages.ts';
import { field, FORM_REFUSED, HTML_PAGE, NOT_FOUND, positiveInt, routeParam, SEE_OTHER, seeOther, shopPage } from './routing.ts';

/**
 * The cart page and its forms. The cart is the session's (SPEC.md part 5 rule 6): its id lives
 * in the HttpOnly `sf_cart` cookie (src/pages/storefront/cookies.ts), issued on the first add.
 * Each form calls the cart's command handlers in-process and redirects (Post/Redirect/Get); a
 * refusal the shopper can act on (stock, availability, quantity) comes back as a message.
 */
export function storefrontCartRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const deps = { store: services.store };
  const ref = (sf: Storefront, sessionId: string): CartRef => ({
    vendor_id: sf.vendor.id,
    session_id: sessionId,
    at: services.clock.now().toISOString(),
  });
  const commandContext = (ctx: Context, sf: Storefront): CommandContext => ({
    userId: null,
    vendorId: sf.vendor.id,
    correlationId: ctx.state.requestId as string,
  });
  const formDecl = (summary: string) => ({ summary, responses: { 303: SEE_OTHER, 403: FORM_REFUSED, 404: NOT_FOUND } });

  /** Runs a cart change, then redirects: to `done` with its notice, or to `back` with the refusal's message. */
  const change = async (ctx: Context, run: () => Promise<{ position?: any; eventTypes: string[] }>, done: string, back: string) => {
    try {
      await services.settle([await run()]);
      seeOther(ctx, done);
    } catch (err) {
      const error =
        err instanceof InsufficientInventoryForCartException
          ? 'stock'
          : err instanceof ProductNotAvailableForCartException
            ? 'unavailable'
            : err instanceof InvalidCartQuantityException
              ? 'quantity'
              : err instanceof CartItemNotFoundException
                ? null
                : undefined;
      if (error === undefined) throw err;
      seeOther(ctx, error ? `${back}${back.includes('?') ? '&' : '?'}error=${error}` : back);
    }
  };

  shopPage(
    services,
    api,
    'get',
    '/cart',
    {
      summary: 'Storefront page: the cart with its lines, quantity and remove forms, price rises to accept, and totals',
      responses: { 200: HTML_PAGE, 404: NOT_FOUND },
    },
    async (ctx, sf) => {
      const L = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => t(sf.language, key, params);
      const session = cartSession(ctx);
      const cart = session
        ? await cartView(services, sf.vendor.id, session, await loadCart(services.store, sf.vendor.id, session), sf.language)
        : null;
      const items = cart?.items ?? [];
      const line = (path: string) => sf.shopPath(`/cart/items/${path}`);
      renderPage(ctx, sf, {
        title: L('storefront.cart'),
        notice: noticeMessage(sf.language, ctx.query.notice),
        error: errorMessage(sf.language, ctx.query.error),
        body: html`<h1>${L('storefront.cart')}</h1>
${
  items.length === 0 || !cart
    ? html`<p id="cart-empty">${L('storefront.cart_empty')}</p>`
    : html`<table class="cart"><thead><tr><th>${L('storefront.product')}</th>
<th>${L('storefront.unit_price')}</th><th>${L('storefront.quantity')}</th><th>${L('storefront.line_total')}</th><th></th></tr></thead><tbody>
${items.map(
  (
    it,
  ) => html`<tr class="line" data-product="${it.product_id}"><td><a href="${sf.shopPath(`/products/${it.product_id}`)}">${it.title ?? it.sku ?? `#${it.product_id}`}</a>
${
  it.price_increased && it.current_price_cents !== null
    ? html`<p class="error">${L('storefront.price_rose', { old: it.formatted.price_at_add, new: it.formatted.current_price ?? '' })}
<form method="post" action="${line(`${it.product_id}/accept-price`)}">${csrfField(ctx)}<button type="submit">${L('storefront.accept_price')}</button></form></p>`
    : ''
}
${it.available ? '' : html`<p class="error">${L('storefront.unavailable')}</p>`}</td>
<td>${it.formatted.unit_price}</td>
<td><form method="post" action="${line(String(it.product_id))}">${csrfField(ctx)}
<input type="number" name="quantity" value="${it.quantity}" min="1" max="999" aria-label="${L('storefront.quantity')}"> <button type="submit">${L('storefront.update')}</button></form></td>
<td>${it.formatted.line_total}</td>
<td><form method="post" action="${line(`${it.product_id}/remove`)}">${csrfField(ctx)}<button type="submit">${L('storefront.remove')}</button></form></td></tr>`,
)}
</tbody></table>
<p>${L('storefront.subtotal')}: <span class="price">${cart.totals.formatted.subtotal}</span></p>
<p>${L('storefront.total')}: <span class="price" id="cart-total">${cart.totals.formatted.total}</span></p>
<ul class="vat muted" id="cart-vat">${cart.totals.vat.map((v) => html`<li>${t(sf.language, 'storefront.vat_included_rate', { rate: numberFormat(sf.locale).format(v.rate), amount: v.formatted })}</li>`)}</ul>
<p><a class="button" id="to-checkout" href="${sf.shopPath('/checkout')}">${L('storefront.checkout')}</a></p>`
}
<p><a href="${sf.shopPath('/')}">${L('storefront.continue_shopping')}</a></p>`,
      });
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/cart/items',
    formDecl('Storefront form: add a product to the cart (`product_id`, `quantity`), then the cart page'),
    async (ctx, sf) => {
      const productId = positiveInt(field(ctx, 'product_id'));
      if (productId === null) return seeOther(ctx, sf.shopPath('/'));
      const back = sf.shopPath(`/products/${productId}`);
      const quantity = positiveInt(field(ctx, 'quantity') || '1', 999);
      if (quantity === null) return seeOther(ctx, `${back}?error=quantity`);
      const session = ensureCartSession(ctx);
      await change(
        ctx,
        () => addToCart(deps, ref(sf, session), productId, quantity, commandContext(ctx, sf)),
        sf.shopPath('/cart?notice=added'),
        back,
      );
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/cart/items/:product_id',
    formDecl('Storefront form: set the quantity of a cart line (`quantity`, 1 to 999), then the cart page'),
    async (ctx, sf) => {
      const cartPage = sf.shopPath('/cart');
      const productId = positiveInt(routeParam(ctx, 'product_id'));
      const session = cartSession(ctx);
      if (productId === null || session === null) return seeOther(ctx, cartPage);
      const quantity = positiveInt(field(ctx, 'quantity'), 999);
      if (quantity === null) return seeOther(ctx, `${cartPage}?error=quantity`);
      await change(
        ctx,
        () => changeCartItemQuantity(deps, ref(sf, session), productId, quantity, commandContext(ctx, sf)),
        `${cartPage}?notice=updated`,
        cartPage,
      );
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/cart/items/:product_id/remove',
    formDecl('Storefront form: take a line out of the cart, then the cart page'),
    async (ctx, sf) => {
      const cartPage = sf.shopPath('/cart');
      const productId = positiveInt(routeParam(ctx, 'product_id'));
      const session = cartSession(ctx);
      if (productId === null || session === null) return seeOther(ctx, cartPage);
      await change(
        ctx,
        () => removeFromCart(deps, ref(sf, session), productId, commandContext(ctx, sf)),
        `${cartPage}?notice=removed`,
        cartPage,
      );
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/cart/items/:product_id/accept-price',
    formDecl('Storefront form: accept the current price of a line whose price rose, then the cart page'),
    async (ctx, sf) => {
      const cartPage = sf.shopPath('/cart');
      const productId = positiveInt(routeParam(ctx, 'product_id'));
      const session = cartSession(ctx);
      if (productId === null || session === null) return seeOther(ctx, cartPage);
      await change(
        ctx,
        () => acceptCartItemPrice(deps, ref(sf, session), productId, commandContext(ctx, sf)),
        `${cartPage}?notice=accepted`,
        cartPage,
      );
    },
  );

  return api.router;
}
