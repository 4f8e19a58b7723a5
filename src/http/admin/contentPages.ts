import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { contentPage } from '../../../commands/content-pages/contentPage.ts';
import { createContentPage, deleteContentPage, updateContentPage } from '../../../commands/content-pages/handlers.ts';
import { getContentPage, listContentPages } from '../../../queries/content-pages/listContentPages.ts';
import { ConflictException, ValidationException, VendorNotFoundException } from '../../core/errors.ts';
import { ContentPageNotFoundException } from '../../../commands/content-pages/errors.ts';
import { load } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { newPageContent, pageUpdate } from '../contentPageInput.ts';
import { Message, Page } from '../responses.ts';
import { ContentPage, ContentPageCreate, ContentPageHistory, ContentPageUpdate, Slug } from '../schemas/contentPages.ts';
import { pageHistoryAt } from '../contentPageHistory.ts';
import { Id, IdParams, PageQuery } from '../validation.ts';

const ListQuery = Type.Object({ ...PageQuery, vendor_id: Type.Optional(Id), slug: Type.Optional(Slug) });
const HistoryQuery = Type.Object({ at: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now' })) });

/**
 * Content pages for the platform's operators (SPEC.md 4.1): the platform defaults every shop
 * shows unless it overrides them, any vendor's pages, and a page's content at any past time.
 */
export function adminContentPageRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;
  const deps = { store: services.store, db: knex, clock: services.clock };
  const admin = { kind: 'admin' } as const;
  const ctxOf = (ctx: Context) => commandContext(ctx, adminCaller(ctx).id);
  const pageOf = (query: { page?: number; limit?: number }) => ({ page: query.page ?? 1, limit: query.limit ?? 20 });

  const create = async (ctx: Context, body: typeof ContentPageCreate.static, vendorId: number | null) => {
    const { id, done } = await createContentPage(deps, { ...newPageContent(body), vendor_id: vendorId }, ctxOf(ctx));
    await services.settle(done);
    ctx.status = 201;
    ctx.body = await getContentPage(knex, id);
  };

  api.post(
    '/content-pages/platform',
    {
      summary: 'Create a platform default page (vendor_id is forced to null)',
      body: ContentPageCreate,
      responses: { 201: ContentPage },
      errors: [ConflictException, ValidationException],
    },
    async (ctx, { body }) => create(ctx, body, null),
  );

  api.post(
    '/content-pages/vendor',
    {
      summary: 'Create a page for a vendor: an override of a platform default (same slug) or a page of its own; vendor_id is required',
      body: ContentPageCreate,
      responses: { 201: ContentPage },
      errors: [VendorNotFoundException, ConflictException, ValidationException],
    },
    async (ctx, { body }) => {
      if (body.vendor_id == null)
        throw new ValidationException('vendor_id is required for a vendor page', [{ pointer: '/body/vendor_id', message: 'required' }]);
      await create(ctx, body, body.vendor_id);
    },
  );

  api.get(
    '/content-pages/platform',
    {
      summary: 'The platform default pages, in navigation order',
      query: Type.Object(PageQuery),
      responses: { 200: Page(ContentPage) },
    },
    async (ctx, { query }) => {
      ctx.body = await listContentPages(knex, { platform: true }, pageOf(query));
    },
  );

  api.get(
    '/content-pages',
    {
      summary: 'Every page (platform defaults and vendor pages), filterable by vendor and slug',
      query: ListQuery,
      responses: { 200: Page(ContentPage) },
    },
    async (ctx, { query }) => {
      ctx.body = await listContentPages(knex, { vendor_id: query.vendor_id, slug: query.slug }, pageOf(query));
    },
  );

  api.get(
    '/content-pages/:id',
    {
      summary: 'One page, with every language',
      params: IdParams,
      responses: { 200: ContentPage },
      errors: [ContentPageNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getContentPage(knex, params.id);
    },
  );

  api.get(
    '/content-pages/:id/history',
    {
      summary: 'A page as it was at a past time (its events folded up to `at`), with who changed it and when',
      params: IdParams,
      query: HistoryQuery,
      responses: { 200: ContentPageHistory },
      errors: [ContentPageNotFoundException],
    },
    async (ctx, { params, query }) => {
      const { events } = await load(services.store, contentPage, params.id);
      if (events.length === 0) throw new ContentPageNotFoundException(`Content page ${params.id} not found`);
      ctx.body = pageHistoryAt(params.id, events, query.at ? new Date(query.at) : services.clock.now());
    },
  );

  api.put(
    '/content-pages/:id',
    {
      summary: 'Update any page; is_published set publishes it, cleared makes it a draft',
      params: IdParams,
      body: ContentPageUpdate,
      responses: { 200: ContentPage },
      errors: [ContentPageNotFoundException, ConflictException, ValidationException],
    },
    async (ctx, { params, body }) => {
      await services.settle(await updateContentPage(deps, params.id, pageUpdate(body), admin, ctxOf(ctx)));
      ctx.body = await getContentPage(knex, params.id);
    },
  );

  api.delete(
    '/content-pages/:id',
    {
      summary: 'Delete any page (its slug is free again)',
      params: IdParams,
      responses: { 200: Message },
      errors: [ContentPageNotFoundException],
    },
    async (ctx, { params }) => {
      await services.settle(await deleteContentPage(deps, params.id, admin, ctxOf(ctx)));
      ctx.body = { message: `Content page ${params.id} deleted`, id: params.id };
    },
  );

  return api.router;
}
