import { rm } from 'node:fs/promises';
import type { Context } from 'koa';
import { Type, type TObject } from '@sinclair/typebox';
import { importRequestOf, requestMarketplaceImport } from '../../commands/marketplace-imports/handlers.ts';
import type { ImportSource, Language as ImportLanguage } from '../../commands/marketplace-imports/events.ts';
import { getImportJob } from '../../queries/marketplace-imports/listImportJobs.ts';
import { copyImportUpload, storeImportUpload, uploadedImportPath } from '../adapters/importUploads.ts';
import { isHttpUrl } from '../adapters/sourceStream.ts';
import { ConflictException, ValidationException } from '../core/errors.ts';
import { MarketplaceImportJobNotFoundException } from '../../commands/marketplace-imports/errors.ts';
import type { CommandContext } from '../runtime/commandHandler.ts';
import type { Services } from '../runtime/services.ts';
import { importSettings } from '../workers/importSettings.ts';
import { formBody, multipart, uploadedFile } from './multipart.ts';
import { Id, Language } from './validation.ts';

/**
 * Starting a marketplace import, shared by the admin route (any vendor) and the vendor route (the
 * token's vendor). The source is `source_url` (http/https) in a JSON or form body, or a `file`
 * part of a multipart body, not both. The answer is 202 with the job at once; the worker does the
 * rest and the client polls GET …/marketplace-import-jobs/{job_id}.
 */
const DELIMITERS: Record<string, string> = { ',': ',', ';': ';', '\t': '\t', '|': '|', comma: ',', semicolon: ';', tab: '\t', pipe: '|' };

const fields = {
  language: Type.Optional(Language),
  source_url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  marketplace: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f]+$' })),
  delimiter: Type.Optional(Type.Union(Object.keys(DELIMITERS).map((d) => Type.Literal(d)))),
};
/** AdminMarketplaceImportJobRequest (SPEC.md 4.1). */
export const AdminMarketplaceImportJobRequest = Type.Object(
  { vendor_id: Id, ...fields },
  { $id: 'AdminMarketplaceImportJobRequest', additionalProperties: false },
);
/** The vendor's request: the vendor comes from the token, never from the body. */
export const VendorMarketplaceImportJobRequest = Type.Object(fields, {
  $id: 'VendorMarketplaceImportJobRequest',
  additionalProperties: false,
});

/** The form as documented, named after its fields (`<fields>Form`): the request's fields and the CSV file (read by the handler). */
export const ImportForm = (fields: TObject) =>
  Type.Intersect(
    [
      fields,
      Type.Object({
        file: Type.Optional(Type.String({ format: 'binary', description: 'The CSV, unless source_url names it' })),
      }),
    ],
    fields.$id ? { $id: `${fields.$id}Form` } : {},
  );

export const importUpload = multipart(() => ({ maxFileBytes: importSettings.maxBytes }));

/** Validates a JSON, form or multipart body against `schema` (form values coerced first). */
export const importBody = formBody;

export async function actorName(services: Services, userId: number): Promise<string | null> {
  const u = await services.db.knex('user_list').select('username', 'first_name', 'last_name').where('id', userId).first();
  if (!u) return null;
  return [u.first_name, u.last_name].filter(Boolean).join(' ') || u.username;
}

export async function startMarketplaceImport(
  services: Services,
  ctx: Context,
  vendorId: number,
  body: { language?: ImportLanguage; source_url?: string; marketplace?: string; delimiter?: string },
  actor: { userId: number; context: CommandContext },
) {
  const file = uploadedFile(ctx, 'file');
  if (!file === !body.source_url) {
    throw new ValidationException('Give the CSV either as source_url or as an uploaded file, not both', [
      { pointer: '/body/source_url', message: 'exactly one of source_url and file is required' },
    ]);
  }
  let source: ImportSource;
  if (body.source_url) {
    if (!isHttpUrl(body.source_url))
      throw new ValidationException('The request is not valid', [{ pointer: '/body/source_url', message: 'must be an http or https URL' }]);
    source = { kind: 'url', url: body.source_url };
  } else {
    const stored = await storeImportUpload(services.config.dataDir, file!.filepath);
    source = { kind: 'upload', file: stored, original_name: (file!.originalFilename ?? 'upload.csv').slice(0, 200), bytes: file!.size };
  }
  const { id, done } = await requestMarketplaceImport(
    { store: services.store, db: services.db.knex, clock: services.clock },
    {
      vendor_id: vendorId,
      language: body.language ?? 'en',
      marketplace: body.marketplace?.trim() || 'extmarket',
      delimiter: body.delimiter ? DELIMITERS[body.delimiter] : null,
      source,
      requested_by: actor.userId,
      created_by_name: await actorName(services, actor.userId),
    },
    actor.context,
  );
  await services.settle([done]);
  ctx.status = 202;
  ctx.body = await getImportJob(services.db.knex, id, null);
}

/**
 * A new import like a failed one (the task monitor's retry), through the same command as any
 * import: the same vendor, language, marketplace, delimiter and source. A URL is fetched again;
 * an uploaded file is read again from a copy while it is still kept (a job whose worker stopped
 * before reading it to the end), else the retry is refused: a job removes its file once read.
 */
export async function retryMarketplaceImport(
  services: Services,
  jobId: number,
  actor: { context: CommandContext; name: string | null },
): Promise<{ type: string; task_id: string }> {
  const failed = await importRequestOf(services.store, jobId);
  if (!failed) throw new MarketplaceImportJobNotFoundException(`Import job ${jobId} not found`);
  let source: ImportSource = failed.source;
  if (failed.source.kind === 'upload') {
    const copy = await copyImportUpload(services.config.dataDir, failed.source.file);
    if (!copy)
      throw new ConflictException(
        `The file uploaded for import ${jobId} is no longer kept (an import removes its file once it has read it): upload it again`,
      );
    source = { ...failed.source, file: copy };
  }
  const { id, done } = await requestMarketplaceImport(
    { store: services.store, db: services.db.knex, clock: services.clock },
    {
      vendor_id: failed.vendor_id,
      language: failed.language,
      marketplace: failed.marketplace,
      delimiter: failed.delimiter,
      source,
      requested_by: actor.context.userId ?? 'unknown',
      created_by_name: actor.name,
    },
    actor.context,
  );
  await services.settle([done]);
  // The failed job's own copy is no longer needed: the new job reads its copy.
  if (failed.source.kind === 'upload') await rm(uploadedImportPath(services.config.dataDir, failed.source.file), { force: true });
  return { type: 'marketplace_import', task_id: String(id) };
}
