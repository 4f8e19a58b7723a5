import type Router from '@koa/router';
import { readFileSync } from 'node:fs';
import { Api } from '../../http/api.ts';
import { contentEtag, sendStaticFile } from '../../http/staticFile.ts';
import type { Services } from '../../runtime/services.ts';

/** The back offices' stylesheet and script: root paths, fresh for an hour and then revalidated by their ETags. */
export const BACK_OFFICE_STYLE = '/assets/back-office.css';
export const BACK_OFFICE_SCRIPT = '/assets/back-office.js';
/** The service's icon, linked from every layout (the back offices', the storefront's, the service's own pages). */
export const FAVICON = '/favicon.svg';

const FILES = [
  { path: BACK_OFFICE_STYLE, file: 'back-office.css', type: 'text/css; charset=utf-8', what: 'stylesheet', contentType: 'text/css' },
  { path: FAVICON, file: 'favicon.svg', type: 'image/svg+xml', what: 'icon (favicon, SVG)', contentType: 'image/svg+xml' },
  {
    path: BACK_OFFICE_SCRIPT,
    file: 'back-office.js',
    type: 'application/javascript; charset=utf-8',
    what: 'script (live parts, confirmations, the language switch)',
    contentType: 'application/javascript',
  },
];

export function backOfficeAssetRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  for (const f of FILES) {
    const body = readFileSync(new URL(`./static/${f.file}`, import.meta.url));
    const etag = contentEtag(body);
    api.get(
      f.path,
      {
        summary: `Back offices' ${f.what}`,
        responses: {
          200: { description: `The file (${f.contentType}); fresh for an hour, then revalidated by its ETag`, contentType: f.contentType },
          304: { description: 'Not modified: the ETag given in If-None-Match is current' },
        },
      },
      (ctx) => sendStaticFile(ctx, { body, etag, type: f.type }),
    );
  }
  return api.router;
}
