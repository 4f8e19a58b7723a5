/**
 * A content page in both back offices: the editor for it (a vendor's own pages only; any page
 * for an admin) with the outdated flag of an override older than its default, the page on the
 * shop and the history tab, or the page read-only for a member who may not edit; and its save,
 * publish, unpublish and delete forms.
 */
import type { Context } from 'koa';
import type { PageLanguage } from '../../../commands/content-pages/events.ts';
import { deleteContentPage, updateContentPage, type PageAuthor } from '../../../commands/content-pages/handlers.ts';
import { getContentPage } from '../../../queries/content-pages/listContentPages.ts';
import { getPageWithDefault, getVendorPage, type VendorPageRow } from '../../../queries/content-pages/listVendorPages.ts';
import { ContentPageNotFoundException } from '../../../commands/content-pages/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { renderMarkdown } from '../../core/markdown.ts';
import type { Api } from '../../http/api.ts';
import { pageUpdate } from '../../http/contentPageInput.ts';
import { withHistoryTab } from '../../modules/history.ts';
import type { Services } from '../../runtime/services.ts';
import { card, postButton } from '../backOffice/components.ts';
import { act, formViewer, orNotFound, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, type Viewer } from '../backOffice/registry.ts';
import { html, raw, type Html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { commandDeps, FEATURE, FORM, Params } from './contentPageRouting.ts';
import { draftOf, editedLanguage, editor, pageAsOf, pageTitleOf, postedDraft, shopLink, updateBody, type Draft } from './editor.ts';
import { cpt } from './texts.ts';

/** A page's editor and forms (`/{area}/content/:id…`) of one back office. */
export function contentPageEditing(api: Api, services: Services, area: 'vendor' | 'admin') {
  const knex = services.db.knex;
  const deps = () => commandDeps(services);
  const author = (viewer: Viewer): PageAuthor =>
    viewer.area === 'vendor' ? { kind: 'vendor', vendorId: viewer.vendor!.id } : { kind: 'admin' };
  /** The page as its editor may see it: the vendor's own only; any page for an admin. */
  const pageFor = async (viewer: Viewer, id: number): Promise<VendorPageRow> => {
    const page = viewer.area === 'vendor' ? await getVendorPage(knex, viewer.vendor!.id, id) : await getPageWithDefault(knex, id);
    if (!page) throw new ContentPageNotFoundException(`Content page ${id} not found`);
    return page;
  };
  const vendorCodeOf = async (vendorId: number | null): Promise<string | null> =>
    vendorId === null ? null : ((await knex('vendor_list').where('id', vendorId).first('vendor_code'))?.vendor_code ?? null);
  const base = `/${area}/content`;

  api.get(
    `${base}/:id`,
    {
      summary:
        'Back-office page: a content page in the editor (`lang`), with the outdated-override flag and its history tab (`tab=history`, `as_of`)',
      params: Params,
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, area, 'content.view', area === 'vendor' ? FEATURE : undefined);
      if (!viewer) return;
      const page = await orNotFound(ctx, services, viewer, () => pageFor(viewer, params.id));
      if (!page) return;
      await renderEdit(ctx, viewer, page, draftOf(page as Draft), editedLanguage(ctx, page.default_language as PageLanguage), false);
    },
  );

  api.post(
    `${base}/:id`,
    {
      summary:
        "Back-office form: save a page (the editor's fields; `remove_language` drops the edited language; `action`: `draft`, `publish`, or `preview`)",
      params: Params,
      ...FORM,
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, area, 'content.edit', area === 'vendor' ? FEATURE : undefined);
      if (!viewer) return;
      const page = await orNotFound(ctx, services, viewer, () => pageFor(viewer, params.id));
      if (!page) return;
      const posted = postedDraft(ctx, draftOf(page as Draft));
      if (posted.action === 'preview') return renderEdit(ctx, viewer, page, posted.draft, posted.language, true);
      await act(ctx, `${base}/${page.id}?lang=${posted.language}`, async () => {
        await services.settle(await updateContentPage(deps(), page.id, pageUpdate(updateBody(posted)), author(viewer), viewer.context));
        return cpt(viewer.language, posted.action === 'publish' ? 'published_done' : 'saved');
      });
    },
  );

  for (const [path, publish] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    api.post(
      `${base}/:id/${path}`,
      {
        summary: publish ? 'Back-office form: publish a page' : 'Back-office form: make a page a draft again',
        params: Params,
        responses: { 303: SEE_OTHER, 403: HTML, 404: HTML },
      },
      async (ctx, { params }) => {
        const viewer = await formViewer(services, ctx, area, 'content.edit', area === 'vendor' ? FEATURE : undefined);
        if (!viewer) return;
        await act(ctx, `${base}/${params.id}`, async () => {
          const page = await pageFor(viewer, params.id);
          await services.settle(
            await updateContentPage(deps(), page.id, pageUpdate({ is_published: publish }), author(viewer), viewer.context),
          );
          return cpt(viewer.language, publish ? 'published_done' : 'unpublished_done');
        });
      },
    );
  }

  api.post(
    `${base}/:id/delete`,
    {
      summary: 'Back-office form: delete a page (an override gone, the shop shows the platform default again)',
      params: Params,
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, area, 'content.edit', area === 'vendor' ? FEATURE : undefined);
      if (!viewer) return;
      await act(
        ctx,
        `${base}/${params.id}`,
        async () => {
          const page = await pageFor(viewer, params.id);
          await services.settle(await deleteContentPage(deps(), page.id, author(viewer), viewer.context));
          return cpt(viewer.language, 'deleted', { slug: page.slug });
        },
        { done: base },
      );
    },
  );

  async function renderEdit(ctx: Context, viewer: Viewer, page: VendorPageRow, draft: Draft, language: PageLanguage, preview: boolean) {
    const l: LanguageCode = viewer.language;
    const base = `/${viewer.area}/content`;
    const editable = can(viewer, 'content.edit');
    const stream = `content_page-${page.id}`;
    const outdated =
      page.default_changed_since_override && page.default_page_id
        ? { at: page.default_changed_at!, text: (await getContentPage(knex, page.default_page_id)).translations[language] ?? null }
        : null;
    const code = await vendorCodeOf(page.vendor_id);
    const actions = html`${page.is_published && code ? shopLink(l, code, page.slug) : ''}
${editable ? postButton(ctx, `${base}/${page.id}/${page.is_published ? 'unpublish' : 'publish'}`, cpt(l, page.is_published ? 'unpublish' : 'publish'), { tone: page.is_published ? 'ghost' : 'primary' }) : ''}
${editable ? postButton(ctx, `${base}/${page.id}/delete`, cpt(l, 'delete'), { tone: 'danger', confirm: cpt(l, 'delete_confirm') }) : ''}`;
    await renderBackOffice(ctx, services, viewer, {
      title: pageTitleOf(page as never, l),
      nav: 'content',
      subtitle: html`<code>/${page.slug}</code>`,
      crumbs: [{ label: cpt(l, 'pages'), href: base }],
      actions,
      body: await withHistoryTab(
        services,
        ctx,
        l,
        stream,
        () =>
          editable
            ? editor(ctx, viewer, {
                action: `${base}/${page.id}`,
                href: `${base}/${page.id}`,
                draft,
                language,
                published: page.is_published,
                preview,
                outdated,
              })
            : readOnly(viewer, draft, language),
        {
          renderState: pageAsOf(l),
          exportHref: viewer.area === 'admin' ? `/admin/history/export?stream=${stream}` : undefined,
        },
      ),
    });
  }

  function readOnly(viewer: Viewer, draft: Draft, language: PageLanguage): Html {
    const text = draft.translations[language] ?? draft.translations[draft.default_language];
    return card(text?.title ?? draft.slug, html`<article class="content-preview">${raw(renderMarkdown(text?.body ?? ''))}</article>`);
  }
}
