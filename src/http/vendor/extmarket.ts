import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { removeExtmarketCredentials, requestExtmarketSync } from '../../../commands/extmarket/handlers.ts';
import { getExtmarketCredentials } from '../../../queries/extmarket/getCredentials.ts';
import { getSyncJob, listJobs } from '../../../queries/extmarket/listJobs.ts';
import { ExtmarketCredentialsException } from '../../core/errors.ts';
import { ExtmarketSyncJobNotFoundException } from '../../../commands/extmarket/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { CredentialsBody, FeedQuery, requireCredentials, saveCredentials, sendFeed, testConnection } from '../extmarketShared.ts';
import { Page } from '../responses.ts';
import { ConnectionTest, ExtmarketCredentials, FeedDownload, JobListQuery, SyncJob, SyncStarted } from '../schemas/extmarket.ts';
import { Id } from '../validation.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

/**
 * The token's vendor and the extmarket (SPEC.md 4.2): credential endpoints (the key is
 * write-only: answers carry its last four characters), a connection test, an order sync and a
 * historical import (202 with the job id; poll the job), the job list, and the feed export.
 */
export function vendorExtmarketRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const vendorOf = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  api.get(
    '/extmarket/credentials',
    {
      feature: 'extmarket_connection',
      summary: "The vendor's extmarket credentials: the key's hint, never the key",
      permission: 'settings.view',
      responses: { 200: ExtmarketCredentials },
    },
    async (ctx) => {
      ctx.body = await getExtmarketCredentials(services.db.knex, vendorOf(ctx));
    },
  );
  api.put(
    '/extmarket/credentials',
    {
      feature: 'extmarket_connection',
      summary: 'Store the extmarket key (sealed), endpoint or auto-sync flag',
      permission: 'settings.edit',
      body: CredentialsBody,
      responses: { 200: ExtmarketCredentials },
      errors: [ExtmarketCredentialsException],
    },
    async (ctx, { body }) => {
      ctx.body = await saveCredentials(services, vendorOf(ctx), body, vendorCommandContext(ctx));
    },
  );
  api.delete(
    '/extmarket/credentials',
    {
      feature: 'extmarket_connection',
      summary: 'Remove the stored extmarket key; answers the credentials (configured false)',
      permission: 'settings.edit',
      responses: { 200: ExtmarketCredentials },
      errors: [ExtmarketCredentialsException],
    },
    async (ctx) => {
      await services.settle([
        await removeExtmarketCredentials(
          { store: services.store, db: services.db.knex, clock: services.clock },
          vendorOf(ctx),
          vendorCommandContext(ctx),
        ),
      ]);
      ctx.body = await getExtmarketCredentials(services.db.knex, vendorOf(ctx));
    },
  );
  api.post(
    '/extmarket/credentials/test',
    {
      feature: 'extmarket_connection',
      summary: 'Test the connection with the stored key; the outcome is recorded on the credentials',
      permission: 'settings.edit',
      responses: { 200: ConnectionTest },
    },
    async (ctx) => {
      ctx.body = await testConnection(services, vendorOf(ctx), vendorCommandContext(ctx));
    },
  );

  for (const [path, jobType] of [
    ['sync', 'order_sync'],
    ['historical-import', 'historical_import'],
  ] as const) {
    api.post(
      `/extmarket/${path}`,
      {
        feature: jobType === 'order_sync' ? 'extmarket_order_sync' : 'extmarket_historical_import',
        summary:
          jobType === 'order_sync'
            ? 'Queue an order sync (202 with the job id; poll GET /extmarket/jobs/{job_id})'
            : 'Queue a historical import of past orders (202 with the job id; poll GET /extmarket/jobs/{job_id})',
        permission: 'orders.edit',
        responses: { 202: SyncStarted },
        errors: [ExtmarketCredentialsException],
      },
      async (ctx) => {
        const vendor = vendorCaller(ctx);
        await requireCredentials(services, vendor.id);
        const { jobId, done } = await requestExtmarketSync(
          { store: services.store, db: services.db.knex, clock: services.clock },
          vendor.id,
          jobType,
          null,
          vendorCommandContext(ctx),
        );
        await services.settle([done]);
        ctx.status = 202;
        ctx.body = {
          job_id: jobId,
          job_type: jobType,
          status: 'pending',
          message: 'Poll GET /api/v1/vendor/extmarket/jobs/{job_id} for progress',
        };
      },
    );
  }

  api.get(
    '/extmarket/jobs',
    {
      summary: "The vendor's jobs (marketplace imports, product exports, historical imports, order syncs), by job type, sorted",
      permission: 'orders.view',
      query: Type.Object(JobListQuery),
      responses: { 200: Page(SyncJob) },
    },
    async (ctx, { query }) => {
      ctx.body = await listJobs(
        services.db.knex,
        { vendor_id: vendorOf(ctx), job_type: query.job_type },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );
  api.get(
    '/extmarket/jobs/:job_id',
    {
      summary: "One of the vendor's extmarket sync jobs, to poll its progress",
      permission: 'orders.view',
      params: Type.Object({ job_id: Id }),
      responses: { 200: SyncJob },
      errors: [ExtmarketSyncJobNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getSyncJob(services.db.knex, params.job_id, vendorOf(ctx));
    },
  );

  api.get(
    '/extmarket/export',
    {
      feature: 'extmarket_product_feed',
      summary: "Download the vendor's product feed in one language",
      permission: 'products.export',
      query: FeedQuery,
      responses: { 200: FeedDownload },
    },
    async (ctx, { query }) => {
      await sendFeed(ctx, services, vendorOf(ctx), query);
    },
  );
  return api.router;
}
