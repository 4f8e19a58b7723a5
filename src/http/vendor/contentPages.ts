import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { createContentPage, deleteContentPage, updateContentPage } from '../../../commands/content-pages/handlers.ts';
import { getVendorPage, listVendorOverrides, listVendorPages } from '../../../queries/content-pages/listVendorPages.ts';
import { ConflictException, ValidationException } from '../../core/errors.ts';
import { ContentPageNotFoundException, UnauthorizedContentPageAccessException } from '../../../commands/content-pages/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { newPageContent, pageUpdate } from '../contentPageInput.ts';
import { Message, Page } from '../responses.ts';
import { ContentPageUpdate, VendorContentPage, VendorContentPageCreate } from '../schemas/contentPages.ts';
import { IdParams, PageQuery } from '../validation.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

/**
 * The vendor's content pages (SPEC.md 4.2): the pages its shop works with (its own, and the
 * platform defaults it has not overridden), its own pages with a flag when the default they
 * override was rewritten since, and writes on its own pages only: a platform default or another
 * vendor's page is UnauthorizedContentPageAccessException, which shows nothing of that page.
 */
export function vendorContentPageRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const knex = services.db.knex;
  const deps = { store: services.store, db: knex, clock: services.clock };
  const me = (ctx: { state: unknown }) => vendorCaller(ctx).id;
  const pageOf = (query: { page?: number; limit?: number }) => ({ page: query.page ?? 1, limit: query.limit ?? 20 });
  const own = async (vendorId: number, id: number) => {
    const page = await getVendorPage(knex, vendorId, id);
    if (!page) throw new ContentPageNotFoundException(`Content page ${id} not found`);
    return page;
  };

  api.get(
    '/content-pages',
    {
      feature: 'content_pages',
      summary: "The pages of the vendor's shop: its own, and the platform defaults it has not overridden",
      permission: 'content.view',
      query: Type.Object(PageQuery),
      responses: { 200: Page(VendorContentPage) },
    },
    async (ctx, { query }) => {
      ctx.body = await listVendorPages(knex, me(ctx), pageOf(query));
    },
  );

  api.get(
    '/content-pages/overrides',
    {
      feature: 'content_pages',
      summary: "The vendor's own pages only (overrides and custom pages), flagged when the overridden default changed since",
      permission: 'content.view',
      query: Type.Object(PageQuery),
      responses: { 200: Page(VendorContentPage) },
    },
    async (ctx, { query }) => {
      ctx.body = await listVendorOverrides(knex, me(ctx), pageOf(query));
    },
  );

  api.post(
    '/content-pages',
    {
      feature: 'content_pages',
      summary: "Create an override (the slug of a platform default) or a page of the vendor's own",
      permission: 'content.edit',
      body: VendorContentPageCreate,
      responses: { 201: VendorContentPage },
      errors: [ConflictException, ValidationException],
    },
    async (ctx, { body }) => {
      const vendorId = me(ctx);
      const { id, done } = await createContentPage(deps, { ...newPageContent(body), vendor_id: vendorId }, vendorCommandContext(ctx));
      await services.settle(done);
      ctx.status = 201;
      ctx.body = await own(vendorId, id);
    },
  );

  api.put(
    '/content-pages/:id',
    {
      feature: 'content_pages',
      summary: "Update one of the vendor's pages; is_published set publishes it, cleared makes it a draft",
      permission: 'content.edit',
      params: IdParams,
      body: ContentPageUpdate,
      responses: { 200: VendorContentPage },
      errors: [ContentPageNotFoundException, UnauthorizedContentPageAccessException, ConflictException, ValidationException],
    },
    async (ctx, { params, body }) => {
      const vendorId = me(ctx);
      await services.settle(
        await updateContentPage(deps, params.id, pageUpdate(body), { kind: 'vendor', vendorId }, vendorCommandContext(ctx)),
      );
      ctx.body = await own(vendorId, params.id);
    },
  );

  api.delete(
    '/content-pages/:id',
    {
      feature: 'content_pages',
      summary: "Delete one of the vendor's pages (an override gone, the shop shows the platform default again)",
      permission: 'content.edit',
      params: IdParams,
      responses: { 200: Message },
      errors: [ContentPageNotFoundException, UnauthorizedContentPageAccessException],
    },
    async (ctx, { params }) => {
      await services.settle(await deleteContentPage(deps, params.id, { kind: 'vendor', vendorId: me(ctx) }, vendorCommandContext(ctx)));
      ctx.body = { message: `Content page ${params.id} deleted`, id: params.id };
    },
  );

  return api.router;
}
