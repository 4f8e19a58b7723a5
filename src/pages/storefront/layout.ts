import type { Context } from 'koa';
import type { ShownPage } from '../../modules/contentPages.ts';
import { LANGUAGE_INFO, t, type LanguageCode } from '../../core/i18n.ts';
import { THEME_PRESETS, type ThemeConfig } from '../../core/themePresets.ts';
import { safeReturn } from '../forms.ts';
import { html, page, raw, type Html } from '../html.ts';
import type { Storefront } from './context.ts';
import { CSRF_FIELD, csrfToken } from './cookies.ts';
import { FAVICON } from '../backOffice/assets.ts';

/**
 * The frame of every storefront page: the shop's theme as CSS variables, the header (logo or
 * name, header pages, cart, language switch), the footer (footer pages and legal links). The
 * language switch is a form of plain buttons, so it works without JavaScript.
 */

/**
 * What pages may load: their own inline style, images of the shop or of https sites, forms to
 * this site, and the service's own script file (src/pages/storefront/static/storefront.js, which
 * sends its forms to this site only); no inline script, so an injected one never runs.
 */
export const STOREFRONT_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' https: data:; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Where the storefront's script is served (src/pages/storefront/assets.ts); a root path, so both forms of a shop load it from their own host. */
/** The picture a product without an image shows, in the list and on its page. */
export const PRODUCT_PLACEHOLDER = '/assets/product-placeholder.svg';
export const STOREFRONT_SCRIPT = '/assets/storefront.js';

const COLOR = /^#[0-9a-fA-F]{3,8}$/;
const FONT = /^[A-Za-z0-9 ,_-]{1,100}$/;

/**
 * The theme's values as CSS custom properties. A value a stylesheet could be steered with
 * (anything but a hex colour, or a font list of names) falls back to the default preset's.
 */
export function themeVariables(theme: ThemeConfig): string {
  const preset = THEME_PRESETS.default;
  const color = (k: keyof ThemeConfig['colors']) => (COLOR.test(theme.colors?.[k] ?? '') ? theme.colors[k] : preset.colors[k]);
  const font = (k: keyof ThemeConfig['fonts']) => (FONT.test(theme.fonts?.[k] ?? '') ? theme.fonts[k] : preset.fonts[k]);
  return (
    `:root{--primary:${color('primary')};--secondary:${color('secondary')};--accent:${color('accent')};--bg:${color('background')};` +
    `--text:${color('text')};--border:${color('border')};--font-heading:${font('heading')};--font-body:${font('body')}}`
  );
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:var(--font-body);background:var(--bg);color:var(--text);line-height:1.5}
h1,h2,h3{font-family:var(--font-heading)}a{color:var(--primary)}
header.site{display:flex;flex-wrap:wrap;gap:1em;align-items:center;justify-content:space-between;padding:.8em 1.5em;border-bottom:1px solid var(--border)}
header.site .brand{font-size:1.3em;font-weight:700;text-decoration:none;color:var(--text)}header.site img.logo{max-height:40px;vertical-align:middle}
nav ul{list-style:none;display:flex;gap:1em;margin:0;padding:0}
form.lang{display:flex;gap:.3em}form.lang button{background:none;border:1px solid var(--border);border-radius:4px;cursor:pointer;padding:.1em .5em}
form.lang button[aria-pressed=true]{background:var(--primary);color:#fff;border-color:var(--primary)}
main{max-width:72em;margin:0 auto;padding:1em 1.5em}footer.site{border-top:1px solid var(--border);padding:1em 1.5em;font-size:.9em}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14em,1fr));gap:1em;list-style:none;padding:0}
.card{border:1px solid var(--border);border-radius:6px;padding:.8em}.card .thumb img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:contain;background:#f2f3f5;border-radius:4px}
.product-image img{display:block;max-width:100%;max-height:28em;aspect-ratio:1;object-fit:contain;background:#f2f3f5;border-radius:6px}
.price{font-weight:700}.was{text-decoration:line-through;opacity:.7;margin-right:.4em}
button.primary,.button{background:var(--primary);color:#fff;border:0;border-radius:4px;padding:.5em 1em;cursor:pointer;text-decoration:none}
.notice{background:#eef8ee;border-left:4px solid #2a7a2a;padding:.5em 1em}.error{background:#fff0f0;border-left:4px solid #b00;padding:.5em 1em}
table.cart{width:100%;border-collapse:collapse}table.cart td,table.cart th{border-bottom:1px solid var(--border);padding:.5em;text-align:left}
form.search{display:flex;flex-wrap:wrap;gap:.5em;align-items:end;margin-bottom:1em}input,select{padding:.4em}
input,select,textarea,button{font:inherit}input,select,textarea{border:1px solid var(--border);border-radius:4px}
fieldset{border:1px solid var(--border);border-radius:6px;padding:.8em 1.2em;margin:0 0 1em}legend{font-weight:600;padding:0 .4em}
fieldset input:not([type=radio]):not([type=checkbox]),fieldset select{display:block;width:100%;max-width:28em}
footer.site nav{display:flex;flex-wrap:wrap;gap:.5em;align-items:baseline;margin-bottom:.4em}
.pages{display:flex;gap:1em;align-items:center}.muted{opacity:.7}form.inline{display:inline-block;margin-right:.5em}.count{display:inline-block;min-width:1.4em;padding:0 .35em;border-radius:1em;background:var(--primary);color:#fff;text-align:center;font-size:.85em}address{font-style:normal}p.choice label{display:inline-flex;gap:.5em;align-items:start}`;

/** A page's title in the shopper's language, else the page's own default language, else its slug. */
export function pageTitle(p: Pick<ShownPage, 'translations' | 'default_language' | 'slug'>, language: LanguageCode): string {
  return p.translations[language]?.title || p.translations[p.default_language]?.title || p.slug;
}

export { safeReturn };

/** The hidden field of the visitor's form token, for every form of a page. */
export const csrfField = (ctx: Context) => html`<input type="hidden" name="${CSRF_FIELD}" value="${csrfToken(ctx)}">`;

function languageSwitch(ctx: Context, sf: Storefront): Html {
  return html`<form class="lang" method="post" action="${sf.shopPath('/language')}">${csrfField(ctx)}
<input type="hidden" name="return" value="${safeReturn(ctx.url, sf.shopPath('/'))}">
<span class="muted">${t(sf.language, 'storefront.language')}:</span>
${sf.languages.map((l) => html`<button type="submit" name="language" value="${l}" lang="${l}" title="${LANGUAGE_INFO[l].native_name}" aria-pressed="${l === sf.language}">${l.toUpperCase()}</button>`)}
</form>`;
}

/** A branding image the page may load: an https address or a path of this site. */
const usableUrl = (url: string | null | undefined) => (typeof url === 'string' && /^(https:\/\/|\/(?!\/))/.test(url) ? url : null);

function brand(sf: Storefront): Html {
  const logo = usableUrl(sf.theme.branding?.logo_url);
  return html`<a class="brand" href="${sf.shopPath('/')}">${logo ? html`<img class="logo" src="${logo}" alt="${sf.vendor.name}">` : sf.vendor.name}</a>`;
}

const links = (sf: Storefront, pages: ShownPage[]) =>
  html`<ul>${pages.map((p) => html`<li><a href="${sf.rootPath(`/${p.slug}`)}">${pageTitle(p, sf.language)}</a></li>`)}</ul>`;

export interface LayoutOptions {
  title: string;
  body: Html;
  /** A message shown above the page (after a form was sent). */
  notice?: string | null;
  error?: string | null;
}

/** Renders a storefront page and sets its headers. */
export function renderPage(ctx: Context, sf: Storefront, options: LayoutOptions, status = 200): void {
  const header = sf.navigation.filter((p) => p.show_in_header);
  // A legal page flagged for the footer as well is linked once, among the legal links.
  const footer = sf.navigation.filter((p) => p.show_in_footer && !p.show_in_legal);
  const legal = sf.navigation.filter((p) => p.show_in_legal);
  const body = html`<header class="site">${brand(sf)}
<nav aria-label="main"><ul><li><a href="${sf.shopPath('/')}">${t(sf.language, 'storefront.products')}</a></li>${header.map((p) => html`<li><a href="${sf.rootPath(`/${p.slug}`)}">${pageTitle(p, sf.language)}</a></li>`)}
<li><a href="${sf.shopPath('/cart')}" id="cart-link">${t(sf.language, 'storefront.cart')} <span id="cart-count" class="count" aria-live="polite">${sf.cartCount}</span></a></li>
<li><a href="${sf.shopPath('/account')}" id="account-link">${t(sf.language, 'storefront.account')}</a></li></ul></nav>
${languageSwitch(ctx, sf)}</header>
<main>${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : ''}${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''}
${options.body}</main>
<footer class="site"><nav aria-label="footer">${links(sf, footer)}</nav>
${legal.length > 0 ? html`<nav aria-label="legal"><span class="muted">${t(sf.language, 'storefront.legal')}:</span> ${links(sf, legal)}</nav>` : ''}
<p class="muted">© ${sf.vendor.name}</p></footer>`;
  ctx.status = status;
  ctx.set('Content-Security-Policy', STOREFRONT_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Language', sf.language);
  ctx.set('Cache-Control', 'no-store');
  ctx.vary('Cookie');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page({
    lang: sf.language,
    title: `${options.title} · ${sf.vendor.name}`,
    head: html`<link rel="icon" href="${usableUrl(sf.theme.branding?.favicon_url) ?? FAVICON}"><style>${raw(themeVariables(sf.theme))}\n${raw(STYLE)}</style><script src="${STOREFRONT_SCRIPT}" defer></script>`,
    body,
  });
}

/** The storefront's "not found" page, in the shop's frame. */
export function renderNotFound(ctx: Context, sf: Storefront): void {
  renderPage(
    ctx,
    sf,
    {
      title: t(sf.language, 'storefront.not_found_title'),
      body: html`<h1>${t(sf.language, 'storefront.not_found_title')}</h1><p>${t(sf.language, 'storefront.not_found_text')}</p>
<p><a href="${sf.shopPath('/')}">${t(sf.language, 'storefront.back_to_shop')}</a></p>`,
    },
    404,
  );
}
