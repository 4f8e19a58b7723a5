import type Router from '@koa/router';
import { readFileSync } from 'node:fs';
import { Api } from '../../http/api.ts';
import { contentEtag, sendStaticFile } from '../../http/staticFile.ts';
import type { Services } from '../../runtime/services.ts';
import { PRODUCT_PLACEHOLDER, STOREFRONT_SCRIPT } from './layout.ts';

/** The picture of a product without one: a neutral frame with a photo glyph, in the shop's border grey. */
const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="No picture">
<rect width="200" height="200" fill="#f2f3f5"/>
<rect x="62" y="70" width="76" height="60" rx="6" fill="none" stroke="#b9bec7" stroke-width="5"/>
<circle cx="84" cy="90" r="7" fill="#b9bec7"/>
<path d="M66 126l24-22 14 12 12-9 18 19" fill="none" stroke="#b9bec7" stroke-width="5" stroke-linejoin="round"/>
</svg>
`;

/**
 * The storefront's one script file, served as written (no build step): the little progressive
 * JavaScript of the pages (static/storefront.js). Every page works without it. It is a root
 * path, so a shop's path form and its own host both load it from themselves (CSP script-src 'self').
 */
export function storefrontAssetRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const body = readFileSync(new URL('./static/storefront.js', import.meta.url));
  const etag = contentEtag(body);
  api.get(
    STOREFRONT_SCRIPT,
    {
      summary: "Storefront script: the pages' progressive JavaScript (add to cart without leaving the page, the header's cart counter)",
      responses: {
        200: {
          description: 'The file (application/javascript); fresh for an hour, then revalidated by its ETag',
          contentType: 'application/javascript',
        },
        304: { description: 'Not modified: the ETag given in If-None-Match is current' },
      },
    },
    (ctx) => sendStaticFile(ctx, { body, etag, type: 'application/javascript; charset=utf-8' }),
  );
  const placeholder = { body: PLACEHOLDER_SVG, etag: contentEtag(PLACEHOLDER_SVG, 'ph-'), type: 'image/svg+xml' };
  api.get(
    PRODUCT_PLACEHOLDER,
    {
      summary: 'Storefront picture: the placeholder of a product without an image',
      responses: {
        200: { description: 'The picture (image/svg+xml); fresh for an hour, then revalidated by its ETag', contentType: 'image/svg+xml' },
        304: { description: 'Not modified: the ETag given in If-None-Match is current' },
      },
    },
    (ctx) => sendStaticFile(ctx, placeholder),
  );
  return api.router;
}
