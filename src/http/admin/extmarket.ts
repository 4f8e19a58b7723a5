import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { removeExtmarketCredentials, requestExtmarketSync } from '../../../commands/extmarket/handlers.ts';
import { getExtmarketCredentials } from '../../../queries/extmarket/getCredentials.ts';
import { getSyncJob, listJobs } from '../../../queries/extmarket/listJobs.ts';
import { resolveVendorId } from '../../modules/vendors.ts';
import { ExtmarketCredentialsException, VendorNotFoundException } from '../../core/errors.ts';
import { ExtmarketSyncJobNotFoundException } from '../../../commands/extmarket/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { runExtmarketSync } from '../../workers/extmarket/runExtmarketSync.ts';
import type { ExportFileInfo } from '../../workers/extmarket/runProductExport.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { CredentialsBody, FeedQuery, requireCredentials, saveCredentials, sendFeed, testConnection } from '../extmarketShared.ts';
import { Nullable, Page } from '../responses.ts';
import { ConnectionTest, ExtmarketCredentials, FeedDownload, JobListQuery, JobStatus, SyncJob, SyncStarted } from '../schemas/extmarket.ts';
import { Id } from '../validation.ts';

const VendorParams = Type.Object({ vendor_id: Id });
const Language = Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('de')]);
/** ExtmarketExportRequest (SPEC.md 4.1). */
const ExtmarketExportRequest = Type.Object(
  {
    include_inactive: Type.Optional(Type.Boolean()),
    languages: Type.Optional(Type.Array(Language, { minItems: 1, maxItems: 3, uniqueItems: true })),
  },
  { $id: 'ExtmarketExportRequest', additionalProperties: false },
);
/** ExtmarketExportResponse (SPEC.md 4.1): the files written, one per language. */
const ExtmarketExportResponse = Type.Object(
  {
    success: Type.Boolean({ description: 'The job completed and no file failed' }),
    job_id: Type.Integer(),
    vendor_id: Type.Integer(),
    vendor_code: Nullable(Type.String()),
    export_directory: Nullable(Type.String()),
    total_products: Type.Integer(),
    files: Type.Array(
      Type.Object({
        language: Language,
        filename: Type.String(),
        path: Type.String(),
        size_bytes: Type.Integer(),
        products: Type.Integer(),
        error: Nullable(Type.String()),
      }),
    ),
    files_processed: Type.Integer(),
    files_succeeded: Type.Integer(),
    files_failed: Type.Integer(),
    record_count: Type.String({ description: 'files_succeeded/files_processed' }),
    message: Nullable(Type.String()),
  },
  { $id: 'ExtmarketExportResponse' },
);

/**
 * Admin side of the extmarket (SPEC.md 4.1): jobs across vendors with a job-type filter, one
 * vendor's unified job list, the product export (files written at once, answered with
 * ExtmarketExportResponse) and the feed download, and the vendor's credential endpoints.
 */
export function adminExtmarketRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;
  const deps = () => ({ store: services.store, db: knex, clock: services.clock });
  const vendorExists = async (id: number) => {
    if (!(await knex('vendor_list').where('id', id).first('id'))) throw new VendorNotFoundException(`Vendor ${id} not found`);
    return id;
  };
  const admin = (ctx: Context, vendorId: number) => commandContext(ctx, adminCaller(ctx).id, vendorId);

  api.get(
    '/extmarket/jobs',
    {
      summary: 'Jobs of every vendor (marketplace imports, product exports, historical imports, order syncs), filtered and sorted',
      query: Type.Object({ ...JobListQuery, vendor_id: Type.Optional(Id), status: Type.Optional(JobStatus) }),
      responses: { 200: Page(SyncJob) },
    },
    async (ctx, { query }) => {
      ctx.body = await listJobs(
        knex,
        { job_type: query.job_type, vendor_id: query.vendor_id, status: query.status },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );
  api.get(
    '/extmarket/jobs/:job_id',
    {
      summary: 'One extmarket sync log record (a sync, historical import or product export)',
      params: Type.Object({ job_id: Id }),
      responses: { 200: SyncJob },
      errors: [ExtmarketSyncJobNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getSyncJob(knex, params.job_id);
    },
  );
  api.get(
    '/vendors/:vendor_id/jobs',
    {
      summary: "One vendor's jobs in one list, by job type, sorted",
      params: VendorParams,
      query: Type.Object(JobListQuery),
      responses: { 200: Page(SyncJob) },
      errors: [VendorNotFoundException],
    },
    async (ctx, { params, query }) => {
      ctx.body = await listJobs(
        knex,
        { vendor_id: await vendorExists(params.vendor_id), job_type: query.job_type },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );

  api.post(
    '/vendors/:vendor_id/export/extmarket',
    {
      summary: "Export the vendor's product feed now, one file per language under exports/extmarket/{vendor_code}/",
      params: VendorParams,
      body: ExtmarketExportRequest,
      responses: { 200: ExtmarketExportResponse },
      errors: [VendorNotFoundException],
    },
    async (ctx, { params, body }) => {
      const vendorId = await vendorExists(params.vendor_id);
      const { jobId, done } = await requestExtmarketSync(
        deps(),
        vendorId,
        'product_export',
        adminCaller(ctx).claims.username ?? null,
        admin(ctx, vendorId),
        { include_inactive: body.include_inactive ?? false, languages: body.languages },
      );
      await services.settle([done]);
      // Run now (or by this process's worker, whichever starts it first): the answer lists the files.
      await runExtmarketSync(
        { knex, store: services.store, dataDir: services.config.dataDir, logger: services.logger, clock: services.clock },
        jobId,
      );
      let job = await getSyncJob(knex, jobId);
      for (let waited = 0; job.status !== 'completed' && job.status !== 'failed' && waited < 60_000; waited += 25) {
        await new Promise((r) => setTimeout(r, 25));
        job = await getSyncJob(knex, jobId);
      }
      const details = (job.error_details ?? {}) as { files?: ExportFileInfo[]; products?: number; export_directory?: string };
      ctx.body = {
        success: job.status === 'completed' && job.files_failed === 0,
        job_id: jobId,
        vendor_id: vendorId,
        vendor_code: job.vendor_code,
        export_directory: details.export_directory ?? null,
        total_products: details.products ?? 0,
        files: (details.files ?? []).map((f) => ({
          language: f.language,
          filename: f.filename,
          path: f.path,
          size_bytes: f.size_bytes,
          products: f.products,
          error: f.error,
        })),
        files_processed: job.files_processed,
        files_succeeded: job.files_succeeded,
        files_failed: job.files_failed,
        record_count: job.record_count,
        message: job.status === 'completed' ? `Exported ${job.record_count} file(s)` : job.error_message,
      };
    },
  );

  // The same path as the export above: {vendor_id} here is the vendor's id or its vendor code.
  api.get(
    '/vendors/:vendor_id/export/extmarket',
    {
      summary: "Download a vendor's product feed (by id or vendor code) in one language",
      params: Type.Object({
        vendor_id: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$', description: "The vendor's id or vendor code" }),
      }),
      query: FeedQuery,
      responses: { 200: FeedDownload },
      errors: [VendorNotFoundException],
    },
    async (ctx, { params, query }) => {
      await sendFeed(ctx, services, await resolveVendorId(knex, params.vendor_id), query);
    },
  );

  api.get(
    '/vendors/:vendor_id/extmarket/credentials',
    {
      summary: "A vendor's extmarket credentials: the key's hint, never the key",
      params: VendorParams,
      responses: { 200: ExtmarketCredentials },
      errors: [VendorNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getExtmarketCredentials(knex, await vendorExists(params.vendor_id));
    },
  );
  api.put(
    '/vendors/:vendor_id/extmarket/credentials',
    {
      summary: "Store a vendor's extmarket key (sealed), endpoint or auto-sync flag",
      params: VendorParams,
      body: CredentialsBody,
      responses: { 200: ExtmarketCredentials },
      errors: [VendorNotFoundException, ExtmarketCredentialsException],
    },
    async (ctx, { params, body }) => {
      const vendorId = await vendorExists(params.vendor_id);
      ctx.body = await saveCredentials(services, vendorId, body, admin(ctx, vendorId));
    },
  );
  api.delete(
    '/vendors/:vendor_id/extmarket/credentials',
    {
      summary: "Remove a vendor's stored extmarket key; answers the credentials (configured false)",
      params: VendorParams,
      responses: { 200: ExtmarketCredentials },
      errors: [VendorNotFoundException, ExtmarketCredentialsException],
    },
    async (ctx, { params }) => {
      const vendorId = await vendorExists(params.vendor_id);
      await services.settle([
        await removeExtmarketCredentials(
          { store: services.store, db: services.db.knex, clock: services.clock },
          vendorId,
          admin(ctx, vendorId),
        ),
      ]);
      ctx.body = await getExtmarketCredentials(knex, vendorId);
    },
  );
  api.post(
    '/vendors/:vendor_id/extmarket/credentials/test',
    {
      summary: "Test the connection with a vendor's stored key; the outcome is recorded on the credentials",
      params: VendorParams,
      responses: { 200: ConnectionTest },
      errors: [VendorNotFoundException],
    },
    async (ctx, { params }) => {
      const vendorId = await vendorExists(params.vendor_id);
      ctx.body = await testConnection(services, vendorId, admin(ctx, vendorId));
    },
  );
  for (const [path, jobType] of [
    ['sync', 'order_sync'],
    ['historical-import', 'historical_import'],
  ] as const) {
    api.post(
      `/vendors/:vendor_id/extmarket/${path}`,
      {
        summary:
          jobType === 'order_sync'
            ? 'Queue an order sync for a vendor (202 with the job id; poll the job)'
            : "Queue a historical import of a vendor's past orders (202 with the job id; poll the job)",
        params: VendorParams,
        responses: { 202: SyncStarted },
        errors: [VendorNotFoundException, ExtmarketCredentialsException],
      },
      async (ctx, { params }) => {
        const vendorId = await vendorExists(params.vendor_id);
        await requireCredentials(services, vendorId);
        const { jobId, done } = await requestExtmarketSync(
          deps(),
          vendorId,
          jobType,
          adminCaller(ctx).claims.username ?? null,
          admin(ctx, vendorId),
        );
        await services.settle([done]);
        ctx.status = 202;
        ctx.body = {
          job_id: jobId,
          job_type: jobType,
          status: 'pending',
          message: 'Poll GET /api/v1/admin/extmarket/jobs/{job_id} for progress',
        };
      },
    );
  }
  return api.router;
}
