import { type TDate, type TNull, type TProperties, type TSchema, type TString, type TUnion, Type } from '@sinclair/typebox';
import type { ReadModel } from '../core/readModel.ts';

/**
 * Response schemas every area shares: the list form of SPEC.md part 2 and the problem body of
 * src/http/errorHandler.ts. Routes name them in their declarations (src/http/api.ts).
 */

/**
 * SPEC.md part 2 Conventions: every list answers {items, total, page, limit}. The list is named
 * in the OpenAPI document (src/http/openapiSchemas.ts) by `name`, or else `<item's name>List`
 * when the item is named and the list has no extra fields.
 */
/** What a bounded list adds to its page (src/core/pagination.ts "Bounded totals"). */
export const BoundedTotal = {
  total_exact: Type.Boolean({ description: "False when total is the planner's estimate: over 1,000 matches, and not the last page" }),
};

export function Page<T extends TSchema>(item: T, extra: Record<string, TSchema> = {}, name?: string) {
  const $id = name ?? (item.$id && Object.keys(extra).length === 0 ? `${item.$id}List` : undefined);
  return Type.Object(
    {
      items: Type.Array(item),
      total: Type.Integer({ minimum: 0, description: 'Rows that match, over every page' }),
      page: Type.Integer({ minimum: 1 }),
      limit: Type.Integer({ minimum: 1 }),
      ...extra,
    },
    $id ? { $id } : {},
  );
}

/** RFC 9457 problem body with the exception's name in `code` and, on a 422, the field errors. */
export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.String(),
    code: Type.String({ description: 'The domain exception, for example UserNotFoundException' }),
    instance: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ pointer: Type.String(), message: Type.String() }))),
  },
  { $id: 'Problem', additionalProperties: true },
);

/** The answer of a delete or a command with nothing else to show. */
export const Message = Type.Object(
  { message: Type.String(), id: Type.Optional(Type.Union([Type.Integer(), Type.String()])) },
  { $id: 'MessageResponse' },
);

/** Timestamps as they leave the service (JSON of a Date or of a timestamptz string). */
export const Timestamp = Type.String({ format: 'date-time' });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A row's column as it leaves the service: a Date becomes its ISO text, the rest stays. */
type ApiColumn<S> = S extends TDate ? TString : S extends TUnion<[TDate, TNull]> ? TUnion<[TString, TNull]> : S;

/**
 * Response fields picked from a read model's row (src/core/readModel.ts), so an item's schema
 * says what its table holds: the same names, types and nullability, times as ISO text.
 */
export function rowFields<P extends TProperties, const K extends keyof P & string>(
  model: ReadModel<P>,
  keys: readonly K[],
): { [N in K]: ApiColumn<P[N]> } {
  const fields: Record<string, TSchema> = {};
  for (const key of keys) fields[key] = apiColumn(model.schema.properties[key]);
  // The loop builds, key by key, the mapped type the signature states; TypeScript cannot follow it.
  return fields as { [N in K]: ApiColumn<P[N]> };
}

function apiColumn(schema: TSchema): TSchema {
  if (schema.type === 'Date') return Timestamp;
  if (Array.isArray(schema.anyOf) && schema.anyOf.some((s: TSchema) => s.type === 'Date')) return NullableTimestamp;
  const { readOnly: _generated, $comment: _columnType, ...rest } = schema;
  return rest;
}
