import type { Knex } from 'knex';
import { Type, type Static, type TDate, type TNull, type TObject, type TProperties, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * A read model's row, declared once: the table and a TypeBox object naming every column with its
 * type as the database driver gives it back (integers as numbers, int8 and numeric as strings,
 * timestamps as Date, jsonb as what it holds). Its projector writes rows of this type, its
 * queries read rows of this type, and its response schema is picked from it
 * (`rowFields` in src/http/responses.ts). test/projections/readModels.test.ts compares every
 * declaration with its migrated table, column by column, so a migration and its row cannot drift.
 */
export interface ReadModel<P extends TProperties = TProperties> {
  table: string;
  schema: TObject<P>;
}

export function readModel<P extends TProperties>(table: string, columns: P): ReadModel<P> {
  return { table, schema: Type.Object(columns, { $id: `row:${table}`, additionalProperties: false }) };
}

/** The row type of a read model. */
export type RowOf<M extends ReadModel> = Static<M['schema']>;

/**
 * The row as JSON carries it (an event's data, a row fold's in-memory row, a json column): times
 * as ISO strings instead of Date.
 */
export type JsonRow<R> = { [K in keyof R]: R[K] extends Date ? string : Date extends R[K] ? Exclude<R[K], Date> | string : R[K] };

/**
 * What a statement may write to a row's columns: each column's value, its JSON form (times as ISO
 * text), a json column's text (the projectors write jsonb as JSON.stringify gives it), a number
 * for a column read as text (bigint and numeric are: the driver gives their exact text), or SQL.
 */
export type WritableRow<R> = { [K in keyof R]?: R[K] | JsonRow<R>[K] | Knex.Raw | AlsoWritable<NonNullable<R[K]>> };
type AlsoWritable<V> = V extends Date ? never : V extends string ? number : V extends object ? string : never;

/**
 * A read model's table as knex types it: read as its row, written as WritableRow. Each area names
 * its tables in knex's `Tables` (projections/<area>/tables.ts), so every query that names a table
 * (`knex('user_list')`) reads and writes its declared row without saying so.
 */
export type TableOf<R> = Knex.CompositeTableType<R, WritableRow<R>, WritableRow<R>>;

/** Column types, named for the PostgreSQL types they stand for. */
export const column = {
  /** integer, smallint */
  int: (options?: { description?: string }) => Type.Integer(options),
  /** bigint and numeric: the driver gives their text, exact */
  exact: (options?: { description?: string }) => Type.String({ ...options, pattern: '^-?[0-9]+(\\.[0-9]+)?$' }),
  /** double precision, real */
  float: (options?: { description?: string }) => Type.Number(options),
  /** text, varchar, char, uuid */
  text: (options?: { description?: string }) => Type.String(options),
  /** text limited to the values the projector writes */
  oneOf: <const V extends readonly string[]>(values: V, options?: { description?: string }) =>
    Type.Unsafe<V[number]>({ ...options, type: 'string', enum: [...values] }),
  bool: (options?: { description?: string }) => Type.Boolean(options),
  /** timestamptz, timestamp, date */
  time: (): TDate => Type.Date(),
  /** jsonb, json: the schema of what the projector stores there (Type.Unknown() when it is free-form) */
  json: <S extends TSchema>(schema: S): S => ({ ...schema, $comment: 'jsonb' }),
  nullable: <S extends TSchema>(schema: S): TUnion<[S, TNull]> => Type.Union([schema, Type.Null()]),
  /** A column PostgreSQL computes (GENERATED ALWAYS … STORED): read, never written. */
  generated: <S extends TSchema>(schema: S): S => ({ ...schema, readOnly: true }),
};

/** The columns a projector writes: all but the generated ones. */
export function writtenColumns(model: ReadModel): string[] {
  return Object.entries(model.schema.properties)
    .filter(([, s]) => (s as TSchema & { readOnly?: boolean }).readOnly !== true)
    .map(([name]) => name);
}
