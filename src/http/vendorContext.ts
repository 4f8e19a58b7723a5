import type { Context, Next } from 'koa';
import { isIP } from 'node:net';
import { VendorNotFoundException } from '../core/errors.ts';
import type { Services } from '../runtime/services.ts';

/**
 * The vendor of a shop request (SPEC.md part 5 rule 2). A shop request names its vendor in one of
 * three forms: the path /vendors/{code}/shop/*, a subdomain <sub>.<PLATFORM_DOMAIN>, or a verified
 * and active custom domain. The request's own Host and path are read first; a shop API call made
 * from a storefront page on the platform host carries the form in its Referer instead. A form that
 * names no active vendor, or a request with no form at all, is VendorNotFoundException (404).
 * Routes read the result from `ctx.state.vendorContext`.
 */
export type DetectedBy = 'path' | 'subdomain' | 'custom_domain';

/** The shop's vendor: the columns of an active vendor anyone may see, contact values the effective ones (its own, else its company's). */
export interface ShopVendor {
  id: number;
  vendor_code: string;
  subdomain: string;
  name: string;
  description: string | null;
  is_verified: boolean;
  contact_email: string | null;
  contact_phone: string | null;
  website: string | null;
  business_address: string | null;
  storefront_language: string;
  storefront_languages: string[];
  storefront_locale: string | null;
}

/** The active vendor a request names, by its code, its subdomain or a verified custom domain; null for none. */
export type ShopVendorLookup = (by: { vendor_code: string } | { subdomain: string } | { domain: string }) => Promise<ShopVendor | null>;

/** The lookup each service's app was given by the module that keeps the vendors (src/http/app.ts). */
const fromModules = new WeakMap<Services, ShopVendorLookup>();

export function registerShopVendor(services: Services, lookup: ShopVendorLookup): void {
  fromModules.set(services, lookup);
}

export interface VendorContext extends ShopVendor {
  detected_by: DetectedBy;
  /** Where the form was found: the request itself or its Referer header. */
  source: 'request' | 'referer';
}

/** The shop's vendor the vendor context (vendorContext) set on this request. */
export function shopVendorOf(ctx: { state: unknown }): VendorContext {
  const vendor = (ctx.state as { vendorContext?: VendorContext }).vendorContext;
  if (!vendor) throw new Error("no shop vendor on this request: the route is not behind the shop's vendor context");
  return vendor;
}

const PATH_FORM = /^\/vendors\/([A-Za-z0-9_-]{2,50})\/shop(?:\/|$)/;

type Form = { kind: 'path'; code: string } | { kind: 'subdomain'; subdomain: string } | { kind: 'custom_domain'; domain: string };

/** The forms a URL (host and path) names, strongest first: the path, then the host. */
export function formsOf(host: string, path: string, platformDomain: string): Form[] {
  const forms: Form[] = [];
  const m = PATH_FORM.exec(path);
  if (m) forms.push({ kind: 'path', code: m[1] });
  const name = hostName(host);
  if (!name || isIP(name) || name === platformDomain || name === `www.${platformDomain}`) return forms;
  if (name.endsWith(`.${platformDomain}`)) {
    const sub = name.slice(0, -platformDomain.length - 1);
    if (!sub.includes('.')) forms.push({ kind: 'subdomain', subdomain: sub });
    return forms;
  }
  forms.push({ kind: 'custom_domain', domain: name });
  return forms;
}

/** A Host header value without its port, lower case; IPv6 brackets removed. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  return h.replace(/:\d+$/, '').replace(/\.$/, '');
}

async function lookup(services: Services, form: Form): Promise<ShopVendor | null> {
  const find = fromModules.get(services);
  if (!find) throw new Error("no module provides the shop's vendor (shopVendor): the shop cannot find its vendor");
  switch (form.kind) {
    case 'path':
      return find({ vendor_code: form.code });
    case 'subdomain':
      return find({ subdomain: form.subdomain });
    case 'custom_domain':
      return find({ domain: form.domain });
  }
}

const describe = (f: Form) =>
  f.kind === 'path' ? `vendor code '${f.code}'` : f.kind === 'subdomain' ? `subdomain '${f.subdomain}'` : `domain '${f.domain}'`;

/**
 * Resolves the vendor of a request, or null when the request names none. Throws
 * VendorNotFoundException when a path, subdomain or Referer names an unknown vendor. An unknown
 * custom domain in the Host alone is not conclusive (a proxy or an IP may stand there): the
 * Referer is consulted, and if that names nothing either, the request has no vendor.
 */
export async function resolveVendorContext(services: Services, ctx: Context): Promise<VendorContext | null> {
  const platform = services.config.platformDomain;
  let unresolved: Form | null = null;
  for (const form of formsOf(ctx.host, ctx.path, platform)) {
    const vendor = await lookup(services, form);
    if (vendor) return { ...vendor, detected_by: form.kind, source: 'request' };
    if (form.kind !== 'custom_domain') throw new VendorNotFoundException(`No shop for ${describe(form)}`);
    unresolved = form;
  }
  const referer = ctx.get('Referer');
  if (referer) {
    let url: URL | null = null;
    try {
      url = new URL(referer);
    } catch {
      url = null;
    }
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
      const forms = formsOf(url.host, url.pathname, platform);
      for (const form of forms) {
        const vendor = await lookup(services, form);
        if (vendor) return { ...vendor, detected_by: form.kind, source: 'referer' };
      }
      if (forms.length > 0) throw new VendorNotFoundException(`No shop for ${describe(forms[0])} (from the Referer)`);
    }
  }
  if (unresolved) throw new VendorNotFoundException(`No shop for ${describe(unresolved)}`);
  return null;
}

/** Shop middleware: every shop request needs its vendor. */
export function vendorContext(services: Services) {
  return async function shopVendorContext(ctx: Context, next: Next) {
    const found = await resolveVendorContext(services, ctx);
    if (!found) throw new VendorNotFoundException('No shop could be determined from the request (path, subdomain, domain or Referer)');
    ctx.state.vendorContext = found;
    await next();
  };
}

/** For routes that serve with or without a shop (language): sets the context only when one is named and known. */
export function optionalVendorContext(services: Services) {
  return async function maybeVendorContext(ctx: Context, next: Next) {
    try {
      const found = await resolveVendorContext(services, ctx);
      if (found) ctx.state.vendorContext = found;
    } catch (err) {
      if (!(err instanceof VendorNotFoundException)) throw err;
    }
    await next();
  };
}

/**
 * The storefront's base URL in the form the visitor came with (SPEC.md part 5 rule 2): the path
 * form lives on the platform's own host, a subdomain or a custom domain is its own origin. For an
 * API call made from a storefront page, the page (the Referer) is where the visitor is.
 */
export function storefrontUrl(ctx: Context, shop: VendorContext, publicUrl: string): string {
  if (shop.detected_by === 'path') {
    const origin = shop.source === 'referer' ? (refererOrigin(ctx) ?? publicUrl) : ctx.origin;
    return `${origin}/vendors/${shop.vendor_code}/shop`;
  }
  return (shop.source === 'referer' ? refererOrigin(ctx) : null) ?? ctx.origin;
}

function refererOrigin(ctx: Context): string | null {
  try {
    const url = new URL(ctx.get('Referer'));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
