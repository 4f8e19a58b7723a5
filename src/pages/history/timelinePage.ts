import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { searchEvents, usersNamed, type EventSearch, type TimelineEvent } from '../../../queries/history/searchEvents.ts';
import { ResourceNotFoundException } from '../../core/errors.ts';
import { Api } from '../../http/api.ts';
import { historyFileName, historyJsonLines } from '../../http/admin/events.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, filters, formatDateTime, linkButton, withQuery } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { bt } from '../backOffice/texts.ts';
import { html } from '../html.ts';
import { eventInWords, recordHistory } from './recordHistory.ts';
import { ht } from './texts.ts';
import { HTML, pageNumber } from '../pageRoutes.ts';

const SEE_OTHER = { description: 'The sign-in page for a visitor without an admin session (Location)' };
const PAGE_SIZE = 50;
const STREAM = /^[a-z][a-z0-9_]*-[^\u0000-\u001f]{1,190}$/;

/** The auditors' pages in the admin back office's navigation. */
export const historyBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'history',
      href: '/admin/history',
      section: 'operations',
      icon: 'history',
      order: 90,
      label: { en: 'Audit time line', fr: 'Journal d’audit', de: 'Prüfprotokoll', lb: 'Audit-Protokoll' },
    },
  ],
};

const text = (ctx: Context, name: string, max = 200) => {
  const v = ctx.query[name];
  return typeof v === 'string' && v.trim() && v.length <= max && !/[\u0000-\u001f]/.test(v) ? v.trim() : undefined;
};
const time = (ctx: Context, name: string) => {
  const v = text(ctx, name, 40);
  const d = v ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`) : null;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
};
const streamOf = (ctx: Context) => {
  const s = text(ctx, 'stream');
  return s && STREAM.test(s) ? s : undefined;
};

/** "By user" takes an id, `system:<name>`, or a user's name or e-mail (looked up). */
async function userOf(services: Services, ctx: Context): Promise<{ user?: string; unknown?: string }> {
  const given = text(ctx, 'user', 120);
  if (!given) return {};
  if (/^\d+$/.test(given) || given.startsWith('system:')) return { user: given };
  const found = await usersNamed(services.db.knex, given);
  return found[0] ? { user: String(found[0].id) } : { unknown: given };
}

async function actorNames(services: Services, rows: TimelineEvent[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.user_id).filter((u): u is string => !!u && /^\d+$/.test(u)))].map(Number);
  const found = ids.length === 0 ? [] : await services.db.knex('user_list').whereIn('id', ids).select('id', 'username');
  return new Map(found.map((r: { id: number; username: string }) => [String(r.id), r.username]));
}

function table(ctx: Context, viewer: Viewer, rows: TimelineEvent[], names: Map<string, string>) {
  const l = viewer.language;
  const who = (u: string | null) => (u === null ? ht(l, 'system') : (names.get(u) ?? u));
  return dataTable(
    ctx,
    l,
    [
      {
        label: ht(l, 'c_when'),
        cell: (e) => html`<time class="nowrap" datetime="${e.recorded_at}">${formatDateTime(e.recorded_at, l)}</time>`,
      },
      {
        label: ht(l, 'c_who'),
        cell: (e) =>
          e.user_id ? html`<a href="${withQuery(ctx, { user: e.user_id, page: undefined })}">${who(e.user_id)}</a>` : who(e.user_id),
      },
      {
        label: ht(l, 'c_record'),
        cell: (e) =>
          html`<a href="${withQuery(ctx, { stream: e.stream, page: undefined })}"><code>${e.stream}</code></a> <span class="muted">v${e.version}</span>`,
      },
      { label: ht(l, 'c_event'), cell: (e) => html`${eventInWords(e.type)} <code class="muted hide-narrow">${e.type}</code>` },
      {
        label: ht(l, 'open_history'),
        cell: (e) =>
          html`<a href="/admin/history/record?stream=${encodeURIComponent(e.stream)}&amp;as_of=${encodeURIComponent(e.recorded_at)}#history">${ht(l, 'show_as_of')}</a>`,
        narrowHide: true,
      },
    ],
    rows,
  );
}

/**
 * The auditor's pages (admins only): the time line across streams by record, user and time range
 * ("who changed this and when"), any record's history card with its state as of a time, and the
 * export of one record's history as JSON Lines.
 */
export function timelinePageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  api.get(
    '/admin/history',
    {
      summary:
        'Back-office page: the audit time line across streams, by record (`stream`), user (`user`), event type (`type`) and time range (`from`, `to`, UTC)',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const { user, unknown } = await userOf(services, ctx);
      const search: EventSearch = {
        stream: streamOf(ctx),
        user,
        type: text(ctx, 'type', 80),
        from: time(ctx, 'from'),
        to: time(ctx, 'to'),
      };
      const postgres = services.store.kind !== 'eventstoredb';
      const found =
        unknown || !postgres
          ? { items: [], more: false, page: 1, limit: PAGE_SIZE }
          : await searchEvents(services.db.knex, search, { page: pageNumber(ctx), limit: PAGE_SIZE });
      const names = await actorNames(services, found.items);
      const p = found.page;
      const pager = html`<div class="pager"><span>${found.items.length === 0 ? '' : `${(p - 1) * PAGE_SIZE + 1}–${(p - 1) * PAGE_SIZE + found.items.length}`}</span><nav aria-label="${bt(l, 'page_of', { page: p, pages: found.more ? p + 1 : p })}">
${p > 1 ? html`<a class="button small" rel="prev" href="${withQuery(ctx, { page: p - 1 })}">${bt(l, 'previous')}</a>` : ''}${found.more ? html`<a class="button small" rel="next" href="${withQuery(ctx, { page: p + 1 })}">${bt(l, 'next')}</a>` : ''}</nav></div>`;
      const note = unknown
        ? html`<p class="problem" role="status">${ht(l, 'unknown_user', { name: unknown })}</p>`
        : !postgres
          ? html`<p class="muted">${ht(l, 'store_elsewhere')}</p>`
          : '';
      await renderBackOffice(ctx, services, viewer, {
        title: ht(l, 'timeline'),
        nav: 'history',
        subtitle: ht(l, 'timeline_lead'),
        actions: search.stream
          ? linkButton(`/admin/history/export?stream=${encodeURIComponent(search.stream)}`, ht(l, 'export'), '', 'download')
          : undefined,
        body: card(
          null,
          html`${filters(ctx, l, [
            { name: 'stream', label: ht(l, 'f_record'), type: 'search', placeholder: 'order-12' },
            { name: 'user', label: ht(l, 'f_user'), type: 'search' },
            { name: 'type', label: ht(l, 'f_type'), type: 'text', placeholder: 'OrderConfirmed' },
            { name: 'from', label: ht(l, 'f_from'), type: 'datetime-local' },
            { name: 'to', label: ht(l, 'f_to'), type: 'datetime-local' },
          ])}${note}${table(ctx, viewer, found.items, names)}${pager}`,
          { flush: true },
        ),
      });
    },
  );

  api.get(
    '/admin/history/record',
    {
      summary:
        "Back-office page: one record's history (any stream): its events with who, when and what changed, and the record as of a time (`as_of`)",
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const stream = streamOf(ctx);
      const exists = stream ? (await services.store.readStream(stream, { limit: 1 })).length > 0 : false;
      if (!stream || !exists) {
        await renderBackOffice(
          ctx,
          services,
          viewer,
          { title: bt(l, 'not_found_title'), nav: 'history', body: card(null, html`<p>${bt(l, 'not_found_text')}</p>`) },
          404,
        );
        return;
      }
      await renderBackOffice(ctx, services, viewer, {
        title: stream,
        nav: 'history',
        crumbs: [{ label: ht(l, 'timeline'), href: '/admin/history' }],
        body: await recordHistory(services, ctx, l, stream, { exportHref: `/admin/history/export?stream=${encodeURIComponent(stream)}` }),
      });
    },
  );

  api.get(
    '/admin/history/export',
    {
      summary: "Back-office download: one record's history as JSON Lines (`stream`), for an outside auditor",
      query: Type.Object({ stream: Type.String({ minLength: 3, maxLength: 200, pattern: STREAM.source }) }),
      responses: {
        200: { description: 'One JSON object a line (application/x-ndjson)', contentType: 'application/x-ndjson' },
        303: SEE_OTHER,
      },
      errors: [ResourceNotFoundException],
    },
    async (ctx, { query }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const lines = await historyJsonLines(services, query.stream);
      if (lines === null) throw new ResourceNotFoundException(`Stream ${query.stream} has no events`);
      ctx.set('Content-Disposition', `attachment; filename="${historyFileName(query.stream)}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/x-ndjson; charset=utf-8';
      ctx.body = lines;
    },
  );

  return api.router;
}
