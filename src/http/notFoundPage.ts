import type { Context } from 'koa';
import { html, page, raw } from '../pages/html.ts';
import { FAVICON } from '../pages/backOffice/assets.ts';

/**
 * What a browser gets for a page that does not exist: an HTML page, where an API client gets its
 * problem body. A module may answer it in its own style for the paths it serves (the shop's, in
 * the shop's frame: Module.notFoundPage); elsewhere it is this plain page of the service.
 */
export type NotFoundPage = (ctx: Context) => Promise<boolean>;

/** A browser's request for a page: not the API, and HTML preferred over JSON (Accept). */
export function wantsHtmlPage(ctx: Context): boolean {
  return !ctx.path.startsWith('/api/') && ctx.accepts('json', 'html') === 'html';
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40em;margin:4em auto;padding:0 1em;line-height:1.5;color:#1b1b1b}
h1{font-size:1.6em}a{color:#1f4e79}code{background:#f3f3f3;border-radius:4px;padding:0 .25em}`;

export const NOT_FOUND_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The service's own "not found" page. */
export function renderServiceNotFound(ctx: Context): void {
  ctx.status = 404;
  ctx.set('Content-Security-Policy', NOT_FOUND_CSP);
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page({
    lang: 'en',
    title: 'Page not found',
    head: html`<style>${raw(STYLE)}</style><link rel="icon" type="image/svg+xml" href="${FAVICON}">`,
    body: html`<main><h1>Page not found</h1><p>There is no page at <code>${ctx.path}</code>.</p>
<p><a href="/">The service's home page</a> links the sign-in pages, the API reference and the shops.</p></main>`,
  });
}
