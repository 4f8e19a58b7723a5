import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import type { PageLanguage } from '../../../commands/content-pages/events.ts';
import { createContentPage } from '../../../commands/content-pages/handlers.ts';
import { getContentPage } from '../../../queries/content-pages/listContentPages.ts';
import { listPagesWithDefaults, listVendorPages } from '../../../queries/content-pages/listVendorPages.ts';
import { ValidationException } from '../../core/errors.ts';
import { Api } from '../../http/api.ts';
import { newPageContent } from '../../http/contentPageInput.ts';
import { vendorChoices } from '../../modules/vendors.ts';
import type { Services } from '../../runtime/services.ts';
import { card, filters, linkButton, pager, type FilterField } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, type BackOfficeContribution, type Viewer } from '../backOffice/registry.ts';
import { field, seeOther } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryId, queryText } from '../pageRoutes.ts';
import { contentPageEditing } from './contentPageEditing.ts';
import { commandDeps, FEATURE, FORM } from './contentPageRouting.ts';
import { createBody, draftOf, editedLanguage, editor, emptyDraft, pageTable, postedDraft, type Draft } from './editor.ts';
import { cpt } from './texts.ts';

const PAGE_SIZE = 25;

const label = { en: 'Content pages', fr: 'Pages de contenu', de: 'Inhaltsseiten', lb: 'Inhaltssäiten' };
export const contentPagesNavigation: BackOfficeContribution['navigation'] = [
  {
    area: 'vendor',
    key: 'content',
    href: '/vendor/content',
    section: 'content',
    icon: 'page',
    order: 10,
    permission: 'content.view',
    feature: FEATURE,
    label,
  },
  { area: 'admin', key: 'content', href: '/admin/content', section: 'content', icon: 'page', order: 10, label },
];

/**
 * The content pages of both back offices. Vendor: the shop's pages (its own, and the platform
 * defaults it has not overridden, each with "override"), the editor (Markdown with a preview,
 * one language version at a time, draft or published, navigation placement), the outdated flag of
 * an override older than its default with the default's text beside it, the page on the shop,
 * the history tab. Admin: platform defaults and every vendor's pages (owner filter), the same
 * editor for any page, the history with its export. Every write is the content page command the
 * API runs; a vendor only ever reaches its own pages.
 */
export function contentPagePageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const deps = () => commandDeps(services);

  for (const area of ['vendor', 'admin'] as const) {
    const base = `/${area}/content`;

    api.get(
      base,
      {
        summary:
          area === 'vendor'
            ? "Back-office page: the shop's content pages (its own and the platform defaults it has not overridden), `page`"
            : 'Back-office page: platform defaults and vendor pages with the outdated-override flag (`owner`: `platform` or a vendor id, `slug`, `page`)',
        responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
      },
      async (ctx) => {
        const viewer = await pageViewer(services, ctx, area, 'content.view', area === 'vendor' ? FEATURE : undefined);
        if (!viewer) return;
        const l = viewer.language;
        const editable = can(viewer, 'content.edit');
        let body: Html;
        if (area === 'vendor') {
          const page = await listVendorPages(knex, viewer.vendor!.id, { page: pageNumber(ctx), limit: PAGE_SIZE });
          const table = pageTable(ctx, viewer, page.items, (p) => (p.source === 'vendor' ? `${base}/${p.id}` : null), [
            {
              label: '',
              cell: (p) => (p.source === 'platform' && editable ? linkButton(`${base}/new?from=${p.id}`, cpt(l, 'override'), 'small') : ''),
            },
          ]);
          body = card(null, html`${table}${pager(ctx, l, page)}`, { flush: true });
        } else {
          const owner = queryText(ctx, 'owner', /^(platform|\d{1,10})$/);
          const slug = queryText(ctx, 'slug', /^[a-z0-9-]{1,100}$/);
          const page = await listPagesWithDefaults(
            knex,
            { platform: owner === 'platform', vendor_id: owner && owner !== 'platform' ? Number(owner) : undefined, slug },
            { page: pageNumber(ctx), limit: PAGE_SIZE },
          );
          const vendors = await vendorChoices(knex);
          const names = new Map(vendors);
          const fields: FilterField[] = [
            { name: 'owner', label: cpt(l, 'owner'), type: 'select', options: [['platform', cpt(l, 'platform')], ...vendors] },
            { name: 'slug', label: cpt(l, 'slug'), type: 'text' },
          ];
          const table = pageTable(ctx, viewer, page.items, (p) => `${base}/${p.id}`, [
            {
              label: cpt(l, 'owner'),
              narrowHide: true,
              cell: (p) => (p.vendor_id === null ? cpt(l, 'platform') : (names.get(String(p.vendor_id)) ?? `#${p.vendor_id}`)),
            },
          ]);
          body = card(null, html`${filters(ctx, l, fields)}${table}${pager(ctx, l, page)}`, { flush: true });
        }
        await renderBackOffice(ctx, services, viewer, {
          title: cpt(l, 'pages'),
          nav: 'content',
          subtitle: cpt(l, area === 'vendor' ? 'lead' : 'lead_admin'),
          actions: editable
            ? linkButton(`${base}/new`, cpt(l, area === 'vendor' ? 'new_page' : 'new_default'), 'primary', 'plus')
            : undefined,
          body,
        });
      },
    );

    api.get(
      `${base}/new`,
      {
        summary:
          area === 'vendor'
            ? 'Back-office page: a new page, or an override of a platform default (`from`), in the editor (`lang`)'
            : 'Back-office page: a new platform default, or a page of a vendor (`vendor_id`), in the editor (`lang`)',
        responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
      },
      async (ctx) => {
        const viewer = await pageViewer(services, ctx, area, 'content.edit', area === 'vendor' ? FEATURE : undefined);
        if (!viewer) return;
        const from = queryId(ctx, 'from');
        const original = from ? await getContentPage(knex, from).catch(() => null) : null;
        const draft = original && original.vendor_id === null ? draftOf(original as Draft) : emptyDraft(viewer.language as PageLanguage);
        const vendorId = area === 'admin' ? queryId(ctx, 'vendor_id') : undefined;
        await renderNew(ctx, viewer, draft, editedLanguage(ctx, draft.default_language), false, {
          ...(from ? { from: String(from) } : {}),
          ...(vendorId ? { vendor_id: String(vendorId) } : {}),
        });
      },
    );

    api.post(
      base,
      {
        summary:
          'Back-office form: create a page (`title`, `body` of `lang`, `slug`, `template`, `sort_order`, `default_language`, `show_in_header`, `show_in_footer`, `show_in_legal`; `action`: `draft`, `publish`, or `preview` to see it without saving)' +
          (area === 'admin' ? "; `vendor_id` makes it a vendor's page" : ''),
        ...FORM,
      },
      async (ctx) => {
        const viewer = await formViewer(services, ctx, area, 'content.edit', area === 'vendor' ? FEATURE : undefined);
        if (!viewer) return;
        const posted = postedDraft(ctx, emptyDraft(viewer.language as PageLanguage));
        const vendorId =
          area === 'vendor' ? viewer.vendor!.id : /^\d{1,10}$/.test(field(ctx, 'vendor_id')) ? Number(field(ctx, 'vendor_id')) : null;
        const hidden = {
          ...(field(ctx, 'from') ? { from: field(ctx, 'from') } : {}),
          ...(vendorId && area === 'admin' ? { vendor_id: String(vendorId) } : {}),
        };
        if (posted.action === 'preview') return renderNew(ctx, viewer, posted.draft, posted.language, true, hidden);
        let created: number | null = null;
        await act(ctx, `${base}/new`, async () => {
          const body = createBody(posted);
          if (vendorId !== null && area === 'admin' && !(await knex('vendor_list').where('id', vendorId).first('id'))) {
            throw new ValidationException('Choose a vendor', [{ pointer: '/body/vendor_id', message: 'no such vendor' }]);
          }
          const { id, done } = await createContentPage(deps(), { ...newPageContent(body), vendor_id: vendorId }, viewer.context);
          await services.settle(done);
          created = id;
          return cpt(viewer.language, 'created', { slug: body.slug });
        });
        if (created) seeOther(ctx, `${base}/${created}?lang=${posted.language}`);
      },
    );

    contentPageEditing(api, services, area);
  }

  async function renderNew(
    ctx: Context,
    viewer: Viewer,
    draft: Draft,
    language: PageLanguage,
    preview: boolean,
    hidden: Record<string, string>,
  ) {
    const l = viewer.language;
    const base = `/${viewer.area}/content`;
    const query = new URLSearchParams(hidden).toString();
    await renderBackOffice(ctx, services, viewer, {
      title: cpt(l, hidden.vendor_id || viewer.area === 'vendor' ? 'new_page' : 'new_default'),
      nav: 'content',
      crumbs: [{ label: cpt(l, 'pages'), href: base }],
      body: editor(ctx, viewer, {
        action: base,
        href: `${base}/new${query ? `?${query}` : ''}`,
        draft,
        language,
        published: null,
        preview,
        hidden,
      }),
    });
  }

  return api.router;
}
