import type { Context } from 'koa';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { tabs, withQuery } from '../backOffice/components.ts';
import { html, type Html } from '../html.ts';
import { recordHistory, type HistoryOptions } from './recordHistory.ts';
import { ht } from './texts.ts';

/** Whether a record page shows its history tab: asked for, or a past time or an older page of events chosen. */
export const historyTabChosen = (ctx: Context): boolean =>
  ctx.query.tab === 'history' || typeof ctx.query.as_of === 'string' || typeof ctx.query.history_page === 'string';

/**
 * A record page's body as two tabs, the record and its history (the auditor's view), so that any
 * record page of either back office mounts its history with one line:
 *
 *   body: await withHistoryTab(services, ctx, viewer.language, `order-${id}`, () => details(order))
 *
 * `?tab=history` (or an `as_of`, or `history_page`) shows the history card; otherwise the record,
 * which is only rendered then. The caller has checked that the viewer may see the record.
 */
export async function withHistoryTab(
  services: Services,
  ctx: Context,
  language: LanguageCode,
  stream: string,
  record: () => Html | Promise<Html>,
  options: HistoryOptions = {},
): Promise<Html> {
  const history = historyTabChosen(ctx);
  const nav = tabs([
    {
      href: withQuery(ctx, { tab: undefined, as_of: undefined, history_page: undefined }),
      label: ht(language, 'tab_record'),
      current: !history,
    },
    { href: `${withQuery(ctx, { tab: 'history' })}#history`, label: ht(language, 'tab_history'), current: history },
  ]);
  return html`${nav}${history ? await recordHistory(services, ctx, language, stream, options) : await record()}`;
}
