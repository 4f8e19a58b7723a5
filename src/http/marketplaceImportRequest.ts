import type { Context } from 'koa';
import { Type, type TObject } from '@sinclair/typebox';
import { requestMarketplaceImport } from '../../commands/marketplace-imports/requestMarketplaceImport.ts';
import type { ImportSource } from '../../commands/marketplace-imports/events.ts';
import { getImportJob } from '../../queries/marketplace-imports/listImportJobs.ts';
import { storeImportUpload } from '../adapters/importUploads.ts';
import { isHttpUrl } from '../adapters/sourceStream.ts';
import { ValidationException } from '../core/errors.ts';
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
export const AdminMarketplaceImportJobRequest = Type.Object({ vendor_id: Id, ...fields }, { $id: 'AdminMarketplaceImportJobRequest', additionalProperties: false });
/** The vendor's request: the vendor comes from the token, never from the body. */
export const VendorMarketplaceImportJobRequest = Type.Object(fields, { $id: 'VendorMarketplaceImportJobRequest', additionalProperties: false });

/** The form as documented, named after its fields (`<fields>Form`): the request's fields and the CSV file (read by the handler). */
export const ImportForm = (fields: TObject) => Type.Intersect([fields, Type.Object({
  file: Type.Optional(Type.String({ format: 'binary', description: 'The CSV, unless source_url names it' })),
})], fields.$id ? { $id: `${fields.$id}Form` } : {});

export const importUpload = multipart(() => ({ maxFileBytes: importSettings.maxBytes }));

/** Validates a JSON, form or multipart body against `schema` (form values coerced first). */
export const importBody = formBody;

export async function actorName(services: Services, userId: number): Promise<string | null> {
  const u = await services.db.knex('user_list').select('username', 'first_name', 'last_name').where('id', userId).first();
  if (!u) return null;
  return [u.first_name, u.last_name].filter(Boolean).join(' ') || u.username;
}

export async function startMarketplaceImport(
  services: Services, ctx: Context, vendorId: number,
  body: { language?: string; source_url?: string; marketplace?: string; delimiter?: string },
  actor: { userId: number; context: CommandContext },
) {
  const file = uploadedFile(ctx, 'file');
  if (!file === !body.source_url) {
    throw new ValidationException('Give the CSV either as source_url or as an uploaded file, not both', [{ pointer: '/body/source_url', message: 'exactly one of source_url and file is required' }]);
  }
  let source: ImportSource;
  if (body.source_url) {
    if (!isHttpUrl(body.source_url)) throw new ValidationException('The request is not valid', [{ pointer: '/body/source_url', message: 'must be an http or https URL' }]);
    source = { kind: 'url', url: body.source_url };
  } else {
    const stored = await storeImportUpload(services.config.dataDir, file!.filepath);
    source = { kind: 'upload', file: stored, original_name: (file!.originalFilename ?? 'upload.csv').slice(0, 200), bytes: file!.size };
  }
  const { id, done } = await requestMarketplaceImport({ store: services.store, db: services.db.knex }, {
    vendor_id: vendorId, language: (body.language ?? 'en') as any, marketplace: body.marketplace?.trim() || 'extmarket',
    delimiter: body.delimiter ? DELIMITERS[body.delimiter] : null, source, requested_by: actor.userId,
    created_by_name: await actorName(services, actor.userId),
  }, actor.context);
  await services.settle([done]);
  ctx.status = 202;
  ctx.body = await getImportJob(services.db.knex, id, null);
}
