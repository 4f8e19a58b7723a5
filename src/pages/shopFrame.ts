import type { Context } from 'koa';
import type { LanguageCode } from '../core/i18n.ts';
import type { Api, RouteDecl } from '../http/api.ts';
import type { CustomerCaller } from '../http/customerAuth.ts';
import type { Html } from './html.ts';

/**
 * The frame of the server-rendered shop, for an area that adds a page to it (the customer's
 * messages) or hands a vendor host's root to it (the service's home page): one module provides it (the storefront, through `shopFrame` in
 * src/modules/module.ts), so that such an area draws its page in the shop, for the shop's signed-in
 * customer, without importing the storefront and without the storefront knowing the area.
 */

/** What a page drawn in the frame knows of its shop. */
export interface ShopView {
  language: LanguageCode;
  /** A path of the shop in the visitor's form: shopPath('/cart') → /vendors/ACME/shop/cart or /shop/cart. */
  shopPath(rest?: string): string;
}

export type ShopPageHandler = (ctx: Context, shop: ShopView) => Promise<void>;

/** A page's content within the shop's layout. */
export interface ShopPageContent {
  title: string;
  body: Html;
  /** A message shown above the page (after a form was sent). */
  notice?: string | null;
  error?: string | null;
}

export interface ShopFrame {
  /**
   * Declares a page at `/vendors/:vendor_code/shop{path}` and `/shop{path}`: run for the shop its
   * URL names (the service's 404 when it names none), a POST only with the visitor's form token.
   */
  page(api: Api, method: 'get' | 'post', path: string, decl: RouteDecl, handler: ShopPageHandler): void;
  /** Renders the page in the shop's layout and sets its headers. */
  render(ctx: Context, shop: ShopView, content: ShopPageContent, status?: number): void;
  /** The shop's "not found" page. */
  renderNotFound(ctx: Context, shop: ShopView): void;
  /** The hidden form-token field every form of a shop page carries. */
  formToken(ctx: Context): Html;
  /** The customer signed in to this shop's pages, or null. */
  signedInCustomer(ctx: Context, shop: ShopView): Promise<CustomerCaller | null>;
  /**
   * GET / on a vendor's host, which the service's home route hands over: the shop's landing page
   * or a redirect to /shop/. False when the host names no shop (the service's home page answers).
   */
  serveHostRoot(ctx: Context): Promise<boolean>;
}

/** The answers of a shop page, as its OpenAPI entry documents them. */
export const HTML_PAGE = { description: 'The HTML page (text/html)', contentType: 'text/html' };
export const NOT_FOUND = {
  description: 'No such shop (the service\'s problem answer), or the shop\'s "not found" page (text/html)',
  contentType: 'text/html',
};
export const SEE_OTHER = { description: 'Post/Redirect/Get: the page to show next (Location)' };
export const FORM_REFUSED = {
  description: 'The form token (cookie and `_csrf` field) is missing or does not match: an HTML page',
  contentType: 'text/html',
};
