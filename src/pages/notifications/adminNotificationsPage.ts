import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { markAllNotificationsRead, markNotificationRead } from '../../../commands/notifications/handlers.ts';
import {
  countUnreadNotifications,
  getNotification,
  listNotifications,
  newestNotificationPosition,
  type NotificationFilter,
  type NotificationView,
} from '../../../queries/notifications/listNotifications.ts';
import type { AdminNotificationRow } from '../../../projections/notifications/adminNotifications.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, filters, formatDateTime, pager, pill, postButton, type Tone } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { field, safeReturn } from '../forms.ts';
import { html } from '../html.ts';
import { nt } from './texts.ts';
import { HTML, SEE_OTHER, pageNumber, queryId } from '../pageRoutes.ts';

const PAGE_SIZE = 25;

const TONE: Record<string, Tone> = { error: 'bad', warning: 'warn', info: 'info' };

/** The admins' notifications in the admin back office: a navigation entry and the header's unread count. */
export const notificationsBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'notifications',
      href: '/admin/notifications',
      section: 'communication',
      icon: 'bell',
      order: 20,
      label: { en: 'Notifications', fr: 'Notifications', de: 'Benachrichtigungen', lb: 'Notifikatiounen' },
    },
  ],
  counts: [
    {
      area: 'admin',
      key: 'notifications',
      href: '/admin/notifications?unread=true',
      label: {
        en: 'Unread notifications',
        fr: 'Notifications non lues',
        de: 'Ungelesene Benachrichtigungen',
        lb: 'Ongeliese Notifikatiounen',
      },
      count: (services, viewer) => countUnreadNotifications(services.db.knex, viewer.userId),
    },
  ],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day of the filter (YYYY-MM-DD, UTC) as the instant it starts, `days` later; undefined for anything else. */
function dayStart(value: unknown, days = 0): string | undefined {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(t) ? undefined : new Date(t + days * 86_400_000).toISOString();
}

/** The list's filters from the query, leniently: a value the page does not offer is no filter. `to` includes its whole day. */
function filterOf(ctx: Context): NotificationFilter {
  const q = ctx.query;
  return {
    unread: q.unread === 'true' ? true : q.unread === 'false' ? false : undefined,
    kind: typeof q.kind === 'string' && /^[a-z][a-z0-9_]{0,59}$/.test(q.kind) ? q.kind : undefined,
    severity: typeof q.severity === 'string' && ['info', 'warning', 'error'].includes(q.severity) ? q.severity : undefined,
    vendor_id: queryId(ctx, 'vendor_id'),
    from: dayStart(q.from),
    to: dayStart(q.to, 1),
  };
}

function table(ctx: Context, viewer: Viewer, rows: NotificationView[], vendors: Map<number, string>) {
  const l = viewer.language;
  return dataTable(
    ctx,
    l,
    [
      { label: nt(l, 'severity'), cell: (n) => pill(nt(l, `severity_${n.severity}` as 'severity_info'), TONE[n.severity] ?? 'neutral') },
      {
        label: nt(l, 'notification'),
        cell: (n) => html`<div${n.is_read ? '' : html` style="font-weight:600"`}>${n.title}</div><div class="muted">${n.body}</div>`,
      },
      { label: nt(l, 'kind'), cell: (n) => html`<code>${n.kind}</code>`, narrowHide: true },
      {
        label: nt(l, 'vendor'),
        cell: (n) =>
          n.vendor_id === null ? '' : html`<a href="/admin/vendors/${n.vendor_id}">${vendors.get(n.vendor_id) ?? `#${n.vendor_id}`}</a>`,
        narrowHide: true,
      },
      { label: nt(l, 'raised'), cell: (n) => html`<span class="nowrap">${formatDateTime(n.created_at, l)}</span>` },
      {
        label: nt(l, 'state'),
        cell: (n) =>
          n.is_read
            ? pill(nt(l, 'read'), 'neutral')
            : postButton(ctx, `/admin/notifications/${n.id}/read`, nt(l, 'mark_read'), {
                tone: 'small',
                fields: { return: ctx.originalUrl },
              }),
      },
    ],
    rows,
  );
}

/**
 * The admins' notifications page (/admin/notifications): the API's list with its filters (unread,
 * kind, severity), newest first, each admin's own read state; marking one or all read goes through
 * the same commands as the API's POST …/read and …/read-all.
 */
export function adminNotificationsPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  api.get(
    '/admin/notifications',
    {
      summary:
        "Back-office page: the admins' notifications with the filters of the API (`unread`, `kind`, `severity`, `vendor_id`, `page`) and days `from`/`to`",
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const page = await listNotifications(knex, viewer.userId, filterOf(ctx), { page: pageNumber(ctx), limit: PAGE_SIZE });
      const kinds = await knex<AdminNotificationRow>('admin_notifications').distinct('kind').orderBy('kind').limit(100);
      // The vendors the notifications are about (the filter's choices and the column's names).
      const vendorRows: { id: number; name: string }[] = await knex('vendor_list')
        .whereIn('id', knex('admin_notifications').whereNotNull('vendor_id').distinct('vendor_id'))
        .orderBy('name')
        .limit(500)
        .select('id', 'name');
      const vendors = new Map(vendorRows.map((v) => [Number(v.id), v.name]));
      const unread = await countUnreadNotifications(knex, viewer.userId);
      await renderBackOffice(ctx, services, viewer, {
        title: nt(l, 'title'),
        nav: 'notifications',
        subtitle: nt(l, 'unread_count', { count: unread }),
        actions:
          unread > 0
            ? postButton(ctx, '/admin/notifications/read-all', nt(l, 'mark_all_read'), { fields: { return: ctx.originalUrl } })
            : undefined,
        body: card(
          null,
          html`${filters(ctx, l, [
            {
              name: 'unread',
              label: nt(l, 'state'),
              type: 'select',
              options: [
                ['true', nt(l, 'unread')],
                ['false', nt(l, 'read')],
              ],
            },
            {
              name: 'severity',
              label: nt(l, 'severity'),
              type: 'select',
              options: ['error', 'warning', 'info'].map((s) => [s, nt(l, `severity_${s}` as 'severity_info')]),
            },
            { name: 'kind', label: nt(l, 'kind'), type: 'select', options: kinds.map((k) => [k.kind, k.kind]) },
            { name: 'vendor_id', label: nt(l, 'vendor'), type: 'select', options: vendorRows.map((v) => [String(v.id), v.name]) },
            { name: 'from', label: nt(l, 'from'), type: 'date' },
            { name: 'to', label: nt(l, 'to'), type: 'date' },
          ])}${table(ctx, viewer, page.items, vendors)}${pager(ctx, l, page)}`,
          { flush: true },
        ),
      });
    },
  );

  api.post(
    '/admin/notifications/read-all',
    {
      summary: 'Back-office form: mark every notification read for the signed-in admin, then back (`return`)',
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, safeReturn(field(ctx, 'return'), '/admin/notifications'), async () => {
        const newest = await newestNotificationPosition(knex);
        if (newest)
          await services.settle([
            await markAllNotificationsRead(services.store, viewer.userId, newest, services.clock.now().toISOString(), viewer.context),
          ]);
        return nt(viewer.language, 'all_marked');
      });
    },
  );

  api.post(
    '/admin/notifications/:id/read',
    {
      summary: 'Back-office form: mark one notification read for the signed-in admin, then back (`return`)',
      params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, safeReturn(field(ctx, 'return'), '/admin/notifications'), async () => {
        await getNotification(knex, viewer.userId, params.id);
        await services.settle([
          await markNotificationRead(services.store, viewer.userId, params.id, services.clock.now().toISOString(), viewer.context),
        ]);
        return null;
      });
    },
  );

  return api.router;
}
