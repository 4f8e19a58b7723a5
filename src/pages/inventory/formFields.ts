/**
 * What the inventory pages read from a request: a bin's id in the path, the vendor a viewer's
 * pages are limited to, and the whole numbers and place names (warehouse, bin) of the forms.
 */
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { ValidationException } from '../../core/errors.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { field } from '../forms.ts';

export const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** The vendor whose stock a viewer sees: the session's vendor, or null for an admin (every vendor). */
export const scope = (viewer: Viewer) => (viewer.area === 'vendor' ? viewer.vendor!.id : null);

/** A whole number from a form field, or a refusal naming the field. */
export function wholeNumber(ctx: Context, name: string, min: number, max: number, optional = false): number | undefined {
  const raw = field(ctx, name).trim();
  if (raw === '' && optional) return undefined;
  const n = Number(raw);
  if (raw === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new ValidationException(`${name} must be a whole number`, [
      { pointer: `/body/${name}`, message: `must be a whole number from ${min} to ${max}` },
    ]);
  }
  return n;
}

/** A place name (warehouse, bin) as the API's schema takes it. */
export function place(ctx: Context, name: string, fallback?: string): string {
  const v = field(ctx, name).trim() || fallback || '';
  if (!v || v.length > 100 || /[\u0000-\u001f]/.test(v))
    throw new ValidationException(`${name} is required`, [{ pointer: `/body/${name}`, message: 'from 1 to 100 characters' }]);
  return v;
}

export const note = (ctx: Context) => field(ctx, 'note').trim().slice(0, 500) || null;
