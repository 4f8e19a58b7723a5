import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { DomainException, ValidationException } from '../core/errors.ts';
import { renderServiceNotFound, wantsHtmlPage, type NotFoundPage } from './notFoundPage.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/**
 * The one place that writes an error response (RFC 9457 problem+json). First in the chain.
 * Domain exceptions carry their status; errors of the HTTP libraries (bad JSON, too large)
 * carry `status` and `expose`; anything else is a 500 with no internals, logged once.
 * A browser asking for a page that does not exist gets an HTML page instead (notFoundPages: the
 * modules' own, for the paths they serve, else the service's).
 */
export function errorHandler(logger: Logger, notFoundPages: readonly NotFoundPage[] = []) {
  return async function problemDetails(ctx: Context, next: Next) {
    try {
      await next();
      if (ctx.body == null && ctx.status === 404 && wantsHtmlPage(ctx)) {
        for (const render of notFoundPages) if (await render(ctx)) return;
        renderServiceNotFound(ctx);
        return;
      }
      if (ctx.body == null && (ctx.status === 404 || ctx.status === 405 || ctx.status === 501)) {
        const detail =
          ctx.status === 404
            ? `No route for ${ctx.method} ${ctx.path}`
            : `${ctx.method} is not allowed on ${ctx.path}; allowed: ${ctx.response.get('Allow') || 'none'}`;
        problem(ctx, ctx.status, ctx.status === 404 ? 'RouteNotFound' : 'MethodNotAllowed', detail);
      }
    } catch (err) {
      if (err instanceof DomainException) {
        problem(ctx, err.status, err.code, err.message, err.extra);
        // Where and why, never what was sent (SPEC.md part 5 rule 7: no password value is logged).
        if (err instanceof ValidationException) {
          logger.info(
            { req_id: ctx.state.requestId, errors: err.errors.map((e) => ({ pointer: e.pointer, message: e.message })) },
            'request refused: invalid input',
          );
        }
        if (err.status === 429 && err.extra.retry_after) ctx.set('Retry-After', String(err.extra.retry_after));
        if (err.status === 401) ctx.set('WWW-Authenticate', 'Bearer');
      } else if (isRequestError(err)) {
        // koa-body / co-body / formidable: malformed JSON, bad encoding, too large, wrong type.
        const code = { 400: 'MalformedRequestBody', 413: 'PayloadTooLarge', 415: 'UnsupportedMediaType' }[err.status] ?? 'BadRequest';
        problem(ctx, err.status, code, err.status === 413 ? 'The request body is too large' : safeMessage(err));
      } else {
        logger.error({ err, method: ctx.method, path: ctx.path }, 'unhandled error');
        problem(ctx, 500, 'InternalServerError', 'An unexpected error occurred; it has been logged.');
      }
    }
  };
}

/** An HTTP library's refusal of the request: a 4xx `status`, its message shown unless `expose` is false. */
function isRequestError(err: unknown): err is { status: number; message?: unknown } {
  if (typeof err !== 'object' || err === null || !('status' in err)) return false;
  const { status } = err;
  const shown = !('expose' in err) || err.expose !== false;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500 && shown;
}

function safeMessage(err: { message?: unknown }): string {
  const msg = String(err.message ?? 'The request could not be read');
  return msg.length > 200 ? msg.slice(0, 200) : msg;
}

export function problem(ctx: Context, status: number, code: string, detail: string, extra: Record<string, unknown> = {}): void {
  ctx.status = status;
  ctx.type = 'application/problem+json';
  ctx.body = {
    type: `/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    instance: ctx.path,
    ...extra,
  };
}

export { ValidationException };
