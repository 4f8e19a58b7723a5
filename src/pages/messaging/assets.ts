import type Router from '@koa/router';
import { readFileSync } from 'node:fs';
import { Api } from '../../http/api.ts';
import { contentEtag, sendStaticFile } from '../../http/staticFile.ts';
import type { Services } from '../../runtime/services.ts';

/** Where the messages pages' script is served: a root path, so the shop's own host serves it too (CSP script-src 'self'). */
export const MESSAGES_SCRIPT = '/assets/messages.js';

/**
 * The messages pages' one script (static/messages.js), served as written: it subscribes to the
 * page's live stream and adds arriving messages and the unread badge. The pages work without it.
 */
export function messagesAssetRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const body = readFileSync(new URL('./static/messages.js', import.meta.url));
  const etag = contentEtag(body);
  api.get(
    MESSAGES_SCRIPT,
    {
      summary: "Messages pages' script: live messages and unread badges from the page's event stream",
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
  return api.router;
}
