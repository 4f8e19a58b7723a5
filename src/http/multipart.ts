import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { KindGuard, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { PayloadTooLargeException, ValidationException } from '../core/errors.ts';
import { input } from './validation.ts';

/**
 * Multipart uploads, per route (the app-wide body parser reads JSON and forms only), so each
 * route has its own size limit: an image route refuses 11 MB while an import route takes a large
 * CSV. Files go to the OS temporary folder under generated names and are removed after the
 * request; routes move what they keep to a name of their own. Formidable's errors carry
 * `httpCode`, which the error handler does not read: they become a 413 or a 422 here.
 */
export interface UploadLimits {
  maxFileBytes: number;
  /** Files per request (default 1). */
  maxFiles?: number;
  /** All files of the request together (default maxFileBytes). */
  maxTotalBytes?: number;
  /** Text fields per request (default 20). */
  maxFields?: number;
}

export interface UploadedFile {
  filepath: string;
  originalFilename: string | null;
  mimetype: string | null;
  size: number;
}

type JsonBody = NonNullable<Context['request']['body']>;

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const env = (name: string, fallback: number) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : fallback);

/** Upload limits read at request time (SPEC.md part 8 leaves the values open; docs/catalogue.md). */
export const uploadLimits = {
  imageBytes: env('MEDIA_MAX_BYTES', 10 * 1024 * 1024),
  inventoryImportBytes: env('INVENTORY_IMPORT_MAX_BYTES', 10 * 1024 * 1024),
};

export function multipart(limits: () => UploadLimits) {
  return async function multipartBody(ctx: Context, next: Next) {
    if (!ctx.is('multipart')) {
      await next();
      return;
    }
    const { maxFileBytes, maxFiles = 1, maxTotalBytes = maxFileBytes, maxFields = 20 } = limits();
    const declared = Number(ctx.get('content-length'));
    if (Number.isFinite(declared) && declared > maxTotalBytes + 1024 * 1024) {
      throw new PayloadTooLargeException(`The upload is larger than the limit of ${mb(maxTotalBytes)}`, { max_bytes: maxTotalBytes });
    }
    const parse = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir: tmpdir(),
        maxFiles,
        maxFileSize: maxFileBytes,
        maxTotalFileSize: maxTotalBytes,
        maxFields,
        maxFieldsSize: 64 * 1024,
        allowEmptyFiles: true,
        minFileSize: 0,
      },
    });
    try {
      await parse(ctx, async () => {});
    } catch (err) {
      // Formidable's errors carry the HTTP status they stand for as httpCode.
      const { httpCode, message } = (err ?? {}) as { httpCode?: unknown; message?: unknown };
      if (httpCode === 413)
        throw new PayloadTooLargeException(`The upload is larger than the limit of ${mb(maxFileBytes)}`, { max_bytes: maxFileBytes });
      throw new ValidationException('The multipart body could not be read', [
        { pointer: '/body', message: String(message ?? 'malformed').slice(0, 200) },
      ]);
    }
    try {
      await next();
    } finally {
      for (const f of allFiles(ctx)) await rm(f.filepath, { force: true }).catch(() => {});
    }
  };
}

/** Every file of the request, whatever its field. */
export function allFiles(ctx: Context): UploadedFile[] {
  return Object.values(ctx.request.files ?? {}).flat();
}

/** The one file of field `name`, or null; several files in the field are a 422. */
export function uploadedFile(ctx: Context, name: string): UploadedFile | null {
  const value = ctx.request.files?.[name];
  if (!value) return null;
  if (Array.isArray(value)) {
    if (value.length !== 1)
      throw new ValidationException('Send one file', [{ pointer: `/body/${name}`, message: 'exactly one file expected' }]);
    return value[0];
  }
  return value;
}

/**
 * Form fields arrive as strings: turn the integer, number and boolean fields of `schema` into
 * values, so the route validates a multipart body with the same TypeBox schema as a JSON one.
 */
export function coerceFormFields(fields: object, schema: TSchema): Record<string, unknown> {
  const props: Record<string, TSchema | undefined> = KindGuard.IsObject(schema) ? schema.properties : {};
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(fields)) {
    const value: unknown = Array.isArray(raw) ? raw[0] : raw;
    const prop = props[key];
    const type: unknown = KindGuard.IsUnion(prop) ? prop.anyOf.find((s) => s.type !== 'null')?.type : prop?.type;
    if (typeof value !== 'string') out[key] = value;
    else if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value.trim())) out[key] = Number(value);
    else if (type === 'boolean' && (value === 'true' || value === 'false')) out[key] = value === 'true';
    else if (value === '' && props[key] === undefined) continue;
    else out[key] = value;
  }
  return out;
}

/**
 * The fields of an upload route's body, validated against `schema`. A route declared with
 * `bodyType: 'multipart'` (src/http/api.ts) documents its form fields but leaves them to the
 * handler, since they arrive as text: a multipart body's fields are coerced first
 * (coerceFormFields), a JSON or form body is validated as it is. A failure is a 422.
 */
export function formBody<S extends TObject>(ctx: Context, schema: S): Static<S> {
  if (ctx.is('multipart')) {
    const fields = ctx.request.body;
    // koa-body declares a body JSON; formidable's text fields stay JSON once coerced to numbers and booleans.
    ctx.request.body = coerceFormFields(fields && typeof fields === 'object' ? fields : {}, schema) as JsonBody;
  }
  const generic: TSchema = schema;
  return (input(ctx, { body: generic }) as { body: unknown }).body as Static<S>;
}
