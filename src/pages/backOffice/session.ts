import type { Context } from 'koa';
import { isLanguage, type LanguageCode } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { seeOther } from '../forms.ts';
import { backOfficeOf, type BackOfficeArea, type Viewer } from './registry.ts';

/** The back offices' language switch: a cookie of both areas, over the account's own language. */
export const LANGUAGE_COOKIE = 'bo_lang';

/** The language a visitor chose with the switch, if any. */
export function chosenLanguage(ctx: Context): LanguageCode | null {
  const lang = ctx.cookies.get(LANGUAGE_COOKIE) ?? '';
  return isLanguage(lang) ? lang : null;
}

/** The signed-in viewer of the area (cached for the request), or null. */
export async function signedInViewer(services: Services, ctx: Context, area: BackOfficeArea): Promise<Viewer | null> {
  const key = `viewer:${area}`;
  if (key in ctx.state) return ctx.state[key] as Viewer | null;
  const source = backOfficeOf(services).viewer(area);
  const viewer = source ? await source(services, ctx) : null;
  if (viewer) viewer.language = chosenLanguage(ctx) ?? viewer.language;
  ctx.state[key] = viewer;
  return viewer;
}

/**
 * The signed-in viewer of a page, or null after answering the sign-in page's redirect (303, with
 * the page to come back to): a page handler returns at once on null.
 */
export async function requireViewer(services: Services, ctx: Context, area: BackOfficeArea): Promise<Viewer | null> {
  const viewer = await signedInViewer(services, ctx, area);
  if (!viewer) seeOther(ctx, `/${area}/login?return=${encodeURIComponent(ctx.originalUrl)}`);
  return viewer;
}
