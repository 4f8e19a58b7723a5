import type { Context } from 'koa';

/**
 * What every server-rendered page route shares: the answers its declaration documents, and the
 * lenient reading of a list page's query (a value the page does not offer is no filter, never a 422:
 * a person typed or followed the address).
 */
export const HTML = { description: 'The HTML page (text/html)', contentType: 'text/html' };
export const SEE_OTHER = { description: 'Post/Redirect/Get, or the sign-in page for a visitor without a session (Location)' };

/** `?page=` of a list (anything else is the first page). */
export const pageNumber = (ctx: Context): number => {
  const n = Number(ctx.query.page);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

/** A text parameter the page offers, or undefined. */
export const queryText = (ctx: Context, name: string, pattern = /^[^\u0000-\u001f]{1,100}$/): string | undefined => {
  const v = ctx.query[name];
  return typeof v === 'string' && pattern.test(v) ? v : undefined;
};

/** An id parameter (a positive PostgreSQL integer), or undefined. */
export const queryId = (ctx: Context, name: string): number | undefined => {
  const n = Number(ctx.query[name]);
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};

/** A yes/no filter (`true` or `false`), or undefined. */
export const queryFlag = (ctx: Context, name: string): boolean | undefined =>
  ctx.query[name] === 'true' ? true : ctx.query[name] === 'false' ? false : undefined;
