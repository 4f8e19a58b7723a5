import { quoteIdent, sql, type Executor } from './database.ts';
import { copyIn } from './pgCopy.ts';
import type { RowFold, RowKey } from './rowFold.ts';

/**
 * The statements of a fold, each with one parameter. On node-postgres a rebuild writes with COPY
 * instead: new rows straight into the table, changed stored rows into a temporary table that
 * one upsert then applies (`copy`, `stage`).
 */
export interface RowStatements {
  /** `name`: a prepared statement's, on the live table only (see rowStatements). */
  load: { text: string; name?: string } | null;
  upsert: { text: string; name?: string };
  remove: { text: string; name?: string } | null;
  copy: { text: string; columns: readonly string[] };
  stage: { create: string; copy: string; apply: string } | null;
}

/**
 * `table`: another table of the same columns to write (a rebuild's shadow table,
 * src/runtime/shadowTable.ts). A shadow's statements are not prepared: a prepared statement
 * outlives the table (each rebuild creates a new shadow under the same name), and with prepared
 * statements a process's third and later rebuilds of a projection slowed down as they went
 * (measured: vendor_product_list from 5 s to 13–14 s, its write chunks from 0.03 to 0.1–0.2 ms
 * per row): by then the plan cache had a generic plan for the statement, planned for a new and
 * empty shadow, where `key = ANY($1)` reads the whole table.
 */
export function rowStatements(fold: RowFold<any>, table = fold.table): RowStatements {
  const named = (prefix: string) => (table === fold.table ? `${prefix}_${table}` : undefined);
  const { t, key, all, conflict } = shape(fold, table);
  return {
    load: fold.insertOnly
      ? null
      : { text: `SELECT to_jsonb(t) AS r FROM ${t} t WHERE ${key} = ANY($1::${fold.keyType}[])`, name: named('rp_load') },
    upsert: { text: upsertText(fold, table, 1), name: named('rp_upsert') },
    remove: fold.insertOnly ? null : { text: `DELETE FROM ${t} WHERE ${key} = ANY($1::${fold.keyType}[])`, name: named('rp_delete') },
    copy: { text: `COPY ${t} (${all.join(', ')}) FROM STDIN`, columns: fold.insertOnly ? fold.columns : [fold.key, ...fold.columns] },
    stage: fold.insertOnly
      ? null
      : {
          create: `CREATE TEMPORARY TABLE IF NOT EXISTS ${quoteIdent(`rp_stage_${table}`)} (LIKE ${t}) ON COMMIT DELETE ROWS`,
          copy: `COPY ${quoteIdent(`rp_stage_${table}`)} (${all.join(', ')}) FROM STDIN`,
          apply: `INSERT INTO ${t} (${all.join(', ')}) SELECT ${all.join(', ')} FROM ${quoteIdent(`rp_stage_${table}`)} ${conflict}`,
        },
  };
}

/** The quoted table, key and columns of a fold's statements, and what an upsert does on a stored key. */
function shape(fold: RowFold<any>, table: string) {
  const t = quoteIdent(table);
  const key = quoteIdent(fold.key);
  const cols = fold.columns.map((c) => quoteIdent(c));
  const all = fold.insertOnly ? cols : [key, ...cols];
  const conflict = fold.insertOnly
    ? `ON CONFLICT (${fold.insertOnly.conflict.map((c) => quoteIdent(c)).join(', ')}) DO NOTHING`
    : `ON CONFLICT (${key}) DO UPDATE SET (${cols.join(', ')}) = ROW(${cols.map((c) => `excluded.${c}`).join(', ')})${newerOnly(fold, t)}`;
  return { t, key, all, conflict };
}

/** An inline read model's row is replaced only by one folded to the same or a later stream version. */
function newerOnly(fold: RowFold<any>, table: string): string {
  if (!fold.inline?.version) return '';
  const version = quoteIdent(fold.inline.version);
  return ` WHERE ${table}.${version} <= excluded.${version}`;
}

/**
 * The upsert of rows given as the JSON parameter `$<param>`, in the order given: a unique index
 * other than the key (user_list's e-mail) sees the rows in the order the batch first changed
 * them. `guard`: a condition the rows are written under (an inline write: the append stored its
 * events).
 */
function upsertText(fold: RowFold<any>, table: string, param: number, guard?: string): string {
  const { t, all, conflict } = shape(fold, table);
  const where = guard ? ` WHERE ${guard}` : '';
  return `INSERT INTO ${t} (${all.join(', ')}) SELECT ${all.join(', ')} FROM json_populate_recordset(NULL::${t}, $${param}::json) WITH ORDINALITY AS r${where} ORDER BY r.ordinality ${conflict}`;
}

/** The upsert of an inline read model's rows as a part of the append's statement (src/runtime/inlineProjection.ts). */
export function inlineUpsert(fold: RowFold<any>, param: number, guard: string): string {
  return upsertText(fold, fold.table, param, guard);
}

/** What a batch or a window writes: upserts (JSON documents), new rows (COPY text), deletes. */
export interface RowChanges {
  upserts: string[];
  /** Stored rows that changed, as COPY text for the temporary table. */
  staged: string[];
  /** New rows as COPY text. */
  copies: string[];
  deletes: RowKey[];
  count: number;
  /** Rows in each element of upserts, staged and copies. */
  sizes: { upserts: number[]; staged: number[]; copies: number[] };
}

/** Writes `changes` with `statements` in `trx`: deletes, changed stored rows, upserts, new rows. */
export async function writeChanges(trx: Executor, statements: RowStatements, changes: RowChanges): Promise<void> {
  // Deletes first: a key deleted and created again in one batch is in upserts only.
  if (changes.deletes.length > 0 && statements.remove) await sql(trx, statements.remove.text, [changes.deletes], statements.remove.name);
  if (changes.staged.length > 0 && statements.stage) {
    await sql(trx, statements.stage.create);
    for (const text of changes.staged) await copyIn(trx, statements.stage.copy, text);
    await sql(trx, statements.stage.apply);
  }
  for (const json of changes.upserts) await sql(trx, statements.upsert.text, [json], statements.upsert.name);
  for (const text of changes.copies) await copyIn(trx, statements.copy.text, text);
}
