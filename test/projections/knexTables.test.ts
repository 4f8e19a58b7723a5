import { expect } from 'chai';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { consumers } from '../../src/modules/index.ts';
import type { Projection } from '../../src/runtime/consumer.ts';

/**
 * A declared row types every query that names its table: each area names its read models' tables
 * in knex's `Tables` (projections/<area>/tables.ts, `<table>: TableOf<Row>`), so `knex('<table>')`
 * reads and writes the declared row without the query saying so. A table declared and not named
 * there would be read as `any` again.
 */
describe("knex's tables: every declared read model is named with its row", () => {
  it("names each declared table in its area's tables.ts, and names nothing else", () => {
    const named = new Set<string>();
    for (const area of readdirSync('projections')) {
      const file = join('projections', area, 'tables.ts');
      if (!existsSync(file)) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/^\s+(\w+): TableOf<\w+>;$/gm)) named.add(m[1]!);
    }
    const declared = consumers
      .filter((c): c is Projection => c.kind === 'projection')
      .flatMap((p) => (p.readModels ?? []).map((m) => m.table));
    expect(
      declared.filter((t) => !named.has(t)),
      "declared read models missing from their area's tables.ts",
    ).to.deep.equal([]);
    expect(
      [...named].filter((t) => !declared.includes(t)),
      'tables.ts names tables no projection declares',
    ).to.deep.equal([]);
  });
});
