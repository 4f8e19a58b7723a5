import type Router from '@koa/router';
import { Type, type Static } from '@sinclair/typebox';
import { activeAdminExists, HOW_TO_CREATE_ADMIN } from '../bootstrap.ts';
import { Api } from '../http/api.ts';
import { FAVICON } from './backOffice/assets.ts';
import { docsLink, OPENAPI_PATH, SERVICE_VERSION } from '../http/openapiDocument.ts';
import { shopFrameOf } from '../modules/registry.ts';
import { listShops, type ShopLink } from '../modules/vendors.ts';
import type { Services } from '../runtime/services.ts';
import { html, page, raw } from './html.ts';

/**
 * GET /: what a newcomer opens first. The service, its version, the admin's and the vendor
 * team's sign-in pages, the shops, where its API reference, its OpenAPI document, its health
 * probe and the API's admin sign-in are, and whether a first admin exists (how to create one
 * when not). An HTML page, or JSON when the client asks for it.
 */

/** How many shops the home page lists by name (the rest are counted). */
export const HOME_SHOPS = 20;

export const SERVICE_NAME = 'Commerce back-office';
export const ADMIN_LOGIN_PATH = '/api/v1/admin/auth/login';

export const HomeJson = Type.Object(
  {
    service: Type.String(),
    version: Type.String(),
    docs: Type.String({ description: 'The API reference (Swagger UI)' }),
    openapi: Type.String({ description: 'The OpenAPI 3.1 document' }),
    health: Type.String({ description: 'The liveness probe' }),
    admin_sign_in_page: Type.String({ description: "The admins' back-office sign-in page" }),
    vendor_sign_in_page: Type.String({ description: "The vendor teams' back-office sign-in page" }),
    shops: Type.Object(
      {
        total: Type.Integer({ minimum: 0, description: 'The open shops' }),
        items: Type.Array(
          Type.Object({ vendor_code: Type.String(), name: Type.String(), url: Type.String() }, { additionalProperties: false }),
          { description: `The first ${HOME_SHOPS} by name` },
        ),
      },
      { additionalProperties: false },
    ),
    admin_login: Type.Object(
      {
        method: Type.Literal('POST'),
        url: Type.String(),
        docs: Type.String({ description: 'Its section of the API reference' }),
        body: Type.Object({ email_or_username: Type.String(), password: Type.String() }, { additionalProperties: false }),
      },
      { additionalProperties: false },
    ),
    first_admin_exists: Type.Boolean({ description: 'An active user with the admin role exists' }),
    how_to_create_admin: Type.Optional(Type.String({ description: 'Only while no admin exists' })),
  },
  { $id: 'ServiceHome', additionalProperties: false },
);
export type HomeInfo = Static<typeof HomeJson>;

const HomeHtml = Type.String({ contentMediaType: 'text/html', description: 'The HTML page (the answer unless the client asks for JSON)' });

const STYLE = `body{font-family:system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em;line-height:1.5;color:#1b1b1b}
code,pre{background:#f3f3f3;border-radius:4px}pre{padding:.7em;overflow-x:auto}code{padding:0 .25em}
.missing{border-left:4px solid #c60;padding:.2em 1em;background:#fff6ec}.ok{color:#176b2c}`;

export const HOME_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function homeInfo(
  origin: string,
  loginDocs: string,
  firstAdminExists: boolean,
  shops: { shops: ShopLink[]; total: number },
): HomeInfo {
  return {
    service: SERVICE_NAME,
    version: SERVICE_VERSION,
    docs: `${origin}/docs`,
    openapi: `${origin}${OPENAPI_PATH}`,
    health: `${origin}/health`,
    admin_sign_in_page: `${origin}/admin/login`,
    vendor_sign_in_page: `${origin}/vendor/login`,
    shops: {
      total: shops.total,
      items: shops.shops.map((s) => ({ ...s, url: `${origin}/vendors/${encodeURIComponent(s.vendor_code)}/shop/` })),
    },
    admin_login: {
      method: 'POST',
      url: `${origin}${ADMIN_LOGIN_PATH}`,
      docs: `${origin}${loginDocs}`,
      body: { email_or_username: '…', password: '…' },
    },
    first_admin_exists: firstAdminExists,
    ...(firstAdminExists ? {} : { how_to_create_admin: HOW_TO_CREATE_ADMIN }),
  };
}

export function renderHome(info: HomeInfo): string {
  const login = info.admin_login;
  const curl = `curl -s -X POST ${login.url} -H 'Content-Type: application/json' \\\n  -d '{"email_or_username":"admin@example.com","password":"…"}'`;
  return page({
    lang: 'en',
    title: `${info.service} ${info.version}`,
    head: html`<style>${raw(STYLE)}</style><link rel="icon" type="image/svg+xml" href="${FAVICON}">`,
    body: html`<main>
<h1>${info.service} <small>version ${info.version}</small></h1>
<p>A CQRS / event-sourced commerce back-office. Everything is an HTTP API under <code>/api/v1</code>, with pages for the back office and the shops.</p>
<h2>Sign in</h2>
<ul class="signin">
<li><a href="${info.admin_sign_in_page}" id="admin-sign-in">Admin sign-in</a>: the platform's operators</li>
<li><a href="${info.vendor_sign_in_page}" id="vendor-sign-in">Vendor sign-in</a>: a vendor's team</li>
</ul>
<h2>Shops</h2>
${
  info.shops.total === 0
    ? html`<p id="no-shops">No shop is open yet: an admin creates a company and a vendor, and its shop opens at <code>/vendors/{code}/shop/</code>.</p>`
    : html`<ul id="shops">${info.shops.items.map((s) => html`<li><a href="${s.url}">${s.name}</a> <code>${s.vendor_code}</code></li>`)}</ul>
${info.shops.total > info.shops.items.length ? html`<p>and ${info.shops.total - info.shops.items.length} more (GET /api/v1/admin/vendors).</p>` : ''}`
}
<h2>API</h2>
<ul>
<li><a href="${info.docs}">API reference</a> (Swagger UI): every route, with “Try it out” once you have authorized</li>
<li><a href="${info.openapi}">OpenAPI document</a> (<code>${OPENAPI_PATH}</code>), produced from the route declarations</li>
<li><a href="${info.health}">Health</a> (liveness; readiness at <code>/health/ready</code>)</li>
</ul>
<h3>Admin sign-in through the API</h3>
<p><a href="${login.docs}"><code>${login.method} ${ADMIN_LOGIN_PATH}</code></a> answers an <code>access_token</code>;
send it as <code>Authorization: Bearer …</code>, or paste it under “Authorize” in the API reference.</p>
<pre>${curl}</pre>
${
  info.first_admin_exists
    ? html`<p class="ok">An admin account exists.</p>`
    : html`<div class="missing"><p><strong>No admin exists yet.</strong> To create one, ${info.how_to_create_admin}.</p></div>`
}
</main>`,
  });
}

/** GET / as one declared route: JSON for a client that asks for it (Accept: application/json), the HTML page otherwise. */
export function homeRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  api.get(
    '/',
    {
      summary: 'The service: its version, where its API reference and OpenAPI document are, and whether a first admin exists',
      description:
        'An HTML page (text/html) by default; JSON (application/json, the object below) when the client asks for it with ' +
        '`Accept: application/json`. Clients that accept both get the HTML page.',
      responses: {
        200: {
          description: 'The object with `Accept: application/json`; the HTML page (text/html) otherwise',
          schema: Type.Union([HomeJson, HomeHtml], { $id: 'ServiceHomeAnswer' }),
        },
        303: { description: "On a vendor's subdomain or custom domain without a landing page: to its shop (/shop/)" },
      },
    },
    async (ctx) => {
      // On a vendor's host, / is that shop's root (its landing page), not the service's home.
      if (await shopFrameOf(services)?.serveHostRoot(ctx)) return;
      const exists = await activeAdminExists(services.db.knex);
      // Koa's ctx.origin is the Origin header; this is the address the client used (X-Forwarded-* with TRUST_PROXY=1).
      const origin = ctx.host ? `${ctx.protocol}://${ctx.host}` : '';
      const info = homeInfo(
        origin,
        docsLink(ctx.app, 'POST', ADMIN_LOGIN_PATH) ?? '/docs',
        exists,
        await listShops(services.db.knex, HOME_SHOPS),
      );
      ctx.vary('Accept');
      ctx.set('Cache-Control', 'no-cache');
      if (ctx.accepts('html', 'json') === 'json') {
        ctx.body = info;
        return;
      }
      ctx.set('Content-Security-Policy', HOME_CSP);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = renderHome(info);
    },
  );
  return api.router;
}
