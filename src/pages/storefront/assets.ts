import type Router from '@koa/router';
import { readFileSync } from 'node:fs';
import { Api } from '../../http/api.ts';
import { contentEtag, sendStaticFile } from '../../http/staticFile.ts';
import type { Services } from '../../runtime/services.ts';
import { STOREFRONT_SCRIPT } from './layout.ts';

/**
 * The storefront's one script file, served as written (no build step): the little progressive
 * JavaScript of the pages (static/storefront.js). Every page works without it. It is a root
 * path, so a shop's path form and its own host both load it from themselves (CSP script-src 'self').
 */
export function storefrontAssetRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const body = readFileSync(new URL('./static/storefront.js', import.meta.url));
  const etag = contentEtag(body);
  api.get(STOREFRONT_SCRIPT, {
    summary: 'Storefront script: the pages\' progressive JavaScript (add to cart without leaving the page, the header\'s cart counter)',
    responses: {
      200: { description: 'The file (application/javascript); fresh for an hour, then revalidated by its ETag', contentType: 'application/javascript' },
      304: { description: 'Not modified: the ETag given in If-None-Match is current' },
    },
  }, (ctx) => sendStaticFile(ctx, { body, etag, type: 'application/javascript; charset=utf-8' }));
  return api.router;
}
