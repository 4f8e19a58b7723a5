import type Router from '@koa/router';
import type { Context } from 'koa';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { html, page, raw } from '../pages/html.ts';
import type { Services } from '../runtime/services.ts';
import { Api } from './api.ts';
import { OPENAPI_PATH, SERVICE_VERSION } from './openapiDocument.ts';
import { contentEtag, sendStaticFile } from './staticFile.ts';
import { FAVICON } from '../pages/backOffice/assets.ts';

/**
 * The API reference at /docs: Swagger UI from the swagger-ui-dist package, served by the service
 * itself (no CDN; works offline), rendering /api/v1/openapi.json. The page loads only files of
 * this service: the bundle and its stylesheet from the package's folder (by name, one route per
 * file: nothing else of the folder is reachable) and the initializer below, so the page's
 * Content-Security-Policy allows no inline script. The Authorize button takes a bearer token
 * (POST /api/v1/admin/auth/login answers one) and keeps it across reloads (persistAuthorization).
 */

/** swagger-ui-dist's own folder (its getAbsoluteFSPath, without loading the 1.5 MB bundle into Node). */
const require = createRequire(import.meta.url);
// The package's CommonJS module answers its folder; its package.json names its version.
const DIST_DIR = (require('swagger-ui-dist/absolute-path.js') as () => string)();
const DIST_VERSION = (require('swagger-ui-dist/package.json') as { version: string }).version;

export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The initializer: a served file, not an inline script (the CSP above forbids those). */
const INIT_JS = `'use strict';
// Swagger UI for this service's OpenAPI document (served by src/http/apiReference.ts).
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: true,
    displayRequestDuration: true,
    filter: true,
    tryItOutEnabled: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

const PAGE_CSS = `body { margin: 0; font-family: system-ui, sans-serif; }
.docs-bar { display: flex; gap: 1.5em; align-items: baseline; padding: .6em 1.2em; background: #1b1b1b; color: #eee; font-size: 14px; }
.docs-bar a { color: #9cf; }
.docs-bar strong { font-size: 16px; }
`;

interface Asset {
  /** The file in swagger-ui-dist's folder, or the service's own content. */
  file?: string;
  content?: string;
  contentType: string;
  /** The documented media type (without parameters). */
  mediaType: string;
  summary: string;
}

const ASSETS: Record<string, Asset> = {
  'swagger-ui-bundle.js': {
    file: 'swagger-ui-bundle.js',
    contentType: 'application/javascript; charset=utf-8',
    mediaType: 'application/javascript',
    summary: 'API reference: the Swagger UI bundle (swagger-ui-dist)',
  },
  'swagger-ui.css': {
    file: 'swagger-ui.css',
    contentType: 'text/css; charset=utf-8',
    mediaType: 'text/css',
    summary: 'API reference: the Swagger UI stylesheet (swagger-ui-dist)',
  },
  'favicon-32x32.png': {
    file: 'favicon-32x32.png',
    contentType: 'image/png',
    mediaType: 'image/png',
    summary: 'API reference: its icon (swagger-ui-dist)',
  },
  'init.js': {
    content: INIT_JS,
    contentType: 'application/javascript; charset=utf-8',
    mediaType: 'application/javascript',
    summary: "API reference: the initializer that points Swagger UI at this service's OpenAPI document",
  },
  'docs.css': {
    content: PAGE_CSS,
    contentType: 'text/css; charset=utf-8',
    mediaType: 'text/css',
    summary: 'API reference: the stylesheet of the page around Swagger UI',
  },
};

export const ASSET_NAMES = Object.keys(ASSETS);

interface Loaded {
  body: Buffer;
  etag: string;
}
const loaded = new Map<string, Loaded>();

/** An asset's bytes, read once per process (a file of the package is read only when first asked for). */
function load(name: string): Loaded {
  let known = loaded.get(name);
  if (!known) {
    const asset = ASSETS[name];
    const body = asset.file ? readFileSync(join(DIST_DIR, asset.file)) : Buffer.from(asset.content!, 'utf8');
    const etag = contentEtag(body, `${asset.file ? `swagger-ui-dist-${DIST_VERSION}` : `v${SERVICE_VERSION}`}-`);
    known = { body, etag };
    loaded.set(name, known);
  }
  return known;
}

function serve(ctx: Context, name: string): void {
  const { body, etag } = load(name);
  sendStaticFile(ctx, { body, etag, type: ASSETS[name].contentType });
}

export function renderApiReference(): string {
  return page({
    lang: 'en',
    title: 'API reference · Commerce back-office',
    head: html`
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"><link rel="stylesheet" href="/docs/assets/docs.css">
<link rel="icon" type="image/svg+xml" href="${FAVICON}">`,
    body: html`<header class="docs-bar"><strong>Commerce back-office API</strong><span>version ${SERVICE_VERSION}</span>
<a href="/">Home</a><a href="${OPENAPI_PATH}">OpenAPI document</a>
<span>Sign in with POST /api/v1/admin/auth/login, then paste its access_token under “Authorize”.</span></header>
<div id="swagger-ui"></div>
${raw('<script src="/docs/assets/swagger-ui-bundle.js" charset="utf-8"></script><script src="/docs/assets/init.js" charset="utf-8"></script>')}`,
  });
}

/** GET /docs (and /docs/) and its assets, each file its own route. */
export function apiReferenceRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  let document: string | undefined;
  api.get(
    '/docs',
    {
      summary: 'The API reference (Swagger UI) of this document',
      description:
        'An HTML page (also at /docs/) rendering /api/v1/openapi.json with Swagger UI from swagger-ui-dist, served by the service: ' +
        "no CDN, works offline. Its Content-Security-Policy allows only this service's scripts.",
      responses: { 200: { description: 'The HTML page', contentType: 'text/html' } },
    },
    (ctx) => {
      document ??= renderApiReference();
      ctx.set('Content-Security-Policy', DOCS_CSP);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = document;
    },
  );
  for (const [name, asset] of Object.entries(ASSETS)) {
    api.get(
      `/docs/assets/${name}`,
      {
        summary: asset.summary,
        responses: {
          200: {
            description: `The file (${asset.mediaType}); fresh for an hour, then revalidated by its ETag`,
            contentType: asset.mediaType,
          },
          304: { description: 'Not modified: the ETag given in If-None-Match is current' },
        },
      },
      (ctx) => serve(ctx, name),
    );
  }
  return api.router;
}
