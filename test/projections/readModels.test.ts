import type { TSchema } from '@sinclair/typebox';
import { expect } from 'chai';
import { consumers } from '../../src/modules/index.ts';
import type { ReadModel } from '../../src/core/readModel.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { sql } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { isRowProjection } from '../../src/runtime/rowProjection.ts';
import { testDatabase } from '../support/database.ts';

const projections = consumers.filter((c): c is Projection => c.kind === 'projection');

interface Column {
  name: string;
  type: string;
  nullable: boolean;
  generated: boolean;
}

/** What the driver gives back for each PostgreSQL type, as the row declarations name it. */
const DRIVER_TYPE: Record<string, string> = {
  integer: 'integer',
  smallint: 'integer',
  bigint: 'exact',
  numeric: 'exact',
  'double precision': 'number',
  real: 'number',
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  tsvector: 'string',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
  date: 'Date',
  jsonb: 'json',
  json: 'json',
  ARRAY: 'array',
};

/** The type a declared column says the driver gives, and whether it allows null. */
function declared(schema: TSchema): { type: string; nullable: boolean } {
  const anyOf = Array.isArray(schema.anyOf) ? (schema.anyOf as TSchema[]) : null;
  if (anyOf && anyOf.some((s) => s.type === 'null')) {
    const rest = anyOf.filter((s) => s.type !== 'null');
    return { type: rest.length === 1 ? declared(rest[0]!).type : 'union', nullable: true };
  }
  if (schema.$comment === 'jsonb') return { type: 'json', nullable: false };
  if (schema.type === 'string' && typeof schema.pattern === 'string' && schema.pattern.startsWith('^-?[0-9]+'))
    return { type: 'exact', nullable: false };
  return { type: String(schema.type ?? 'unknown'), nullable: false };
}

/**
 * A read model's row is declared once (src/core/readModel.ts) and typed for its projector, its
 * queries and its response. The declaration is only worth that if it is the table: here every
 * declared row is compared with its migrated table, column by column, on the suite's database.
 */
describe('read models: each row declared once, and the same as its table', function () {
  this.timeout(120_000);
  const columns = new Map<string, Column[]>();

  before(async () => {
    const db = await testDatabase();
    await migrate(db.knex);
    const rows = await sql<Column & { t: string }>(
      db.knex,
      `SELECT table_name AS t, column_name AS name, data_type AS type, is_nullable = 'YES' AS nullable, is_generated <> 'NEVER' AS generated
         FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
    );
    for (const r of rows) columns.set(r.t, [...(columns.get(r.t) ?? []), r]);
  });

  it('every projection declares the row of each table it builds', () => {
    const missing = projections.flatMap((p) =>
      p.tables.filter((t) => !(p.readModels ?? []).some((m) => m.table === t)).map((t) => `${p.name}: ${t}`),
    );
    expect(missing, 'tables without a declared row').to.deep.equal([]);
    for (const p of projections) {
      const extra = (p.readModels ?? []).filter((m) => !p.tables.includes(m.table)).map((m) => m.table);
      expect(extra, `${p.name} declares rows of tables it does not build`).to.deep.equal([]);
    }
  });

  it("a row projection writes exactly its declared row's columns (but the generated ones)", () => {
    for (const p of projections.filter(isRowProjection)) {
      const model = (p.readModels ?? []).find((m) => m.table === p.fold.table);
      if (!model) continue;
      const written = Object.entries(model.schema.properties)
        .filter(([, s]) => s.readOnly !== true)
        .map(([n]) => n);
      const folded = p.fold.insertOnly ? [...p.fold.columns] : [p.fold.key, ...p.fold.columns];
      expect([...folded].sort(), p.fold.table).to.deep.equal(written.sort());
    }
  });

  const models = projections.flatMap((p) => (p.readModels ?? []).map((m): [string, ReadModel] => [p.name, m]));
  for (const [projection, model] of models) {
    it(`${model.table} (${projection}): the declared columns are the table's, with the driver's types and nullability`, () => {
      const table = columns.get(model.table);
      expect(table, `${model.table} is not a migrated table`).to.be.an('array');
      const properties = model.schema.properties as Record<string, TSchema>;
      expect(Object.keys(properties).sort(), 'column names').to.deep.equal(table!.map((c) => c.name).sort());
      for (const c of table!) {
        const schema = properties[c.name]!;
        const { type, nullable } = declared(schema);
        expect(type, `${model.table}.${c.name} is ${c.type}`).to.equal(DRIVER_TYPE[c.type] ?? c.type);
        if (c.nullable) expect(nullable, `${model.table}.${c.name} may be null: the row must say so`).to.equal(true);
        expect(schema.readOnly === true, `${model.table}.${c.name}: declared generated exactly when PostgreSQL computes it`).to.equal(
          c.generated,
        );
      }
    });
  }
});
