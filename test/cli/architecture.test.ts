import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import type { AreaDeclaration } from '../../src/cli/areaBoundaries.ts';
import { checkArchitecture } from '../../src/cli/architecture.ts';
import type { RouteClaim } from '../../src/http/routePrecedence.ts';

/**
 * npm run arch on a fixture tree of two areas: `stock` depends on `shelf`. Each case adds one
 * file (or one declaration) to the clean tree and expects the check to refuse it, naming both areas.
 */
const clean: Record<string, string> = {
  'src/modules/shelf.ts': `import { shelfRoutes } from '../http/admin/shelf.ts';\n`,
  'src/modules/stock.ts': `import { shelfPlaced } from '../../commands/shelf/events.ts';\nimport { stockRoutes } from '../http/admin/stock.ts';\n`,
  'src/http/admin/shelf.ts': `import { listShelves } from '../../../queries/shelf/listShelves.ts';\n`,
  'src/http/admin/stock.ts': `import { ShelfFullException } from '../../../commands/shelf/errors.ts';\nimport { shelfModule } from '../../modules/shelf.ts';\n`,
  'src/core/dates.ts': `export const isoDate = (d: Date) => d.toISOString().slice(0, 10);\n`,
  'commands/shelf/events.ts': `export const shelfPlaced = 'ShelfPlaced';\n`,
  'commands/shelf/errors.ts': `export class ShelfFullException extends Error {}\n`,
  'commands/shelf/handlers.ts': `import { shelfPlaced } from './events.ts';\n`,
  'commands/stock/events.ts': `export const stockCounted = 'StockCounted';\n`,
  'commands/stock/handlers.ts': `import { shelfPlaced } from '../shelf/events.ts';\nimport { isoDate } from '../../src/core/dates.ts';\n`,
  'projections/shelf/shelfList.ts': `import { shelfPlaced } from '../../commands/shelf/events.ts';\n`,
  'projections/stock/stockList.ts': `import { shelfPlaced } from '../../commands/shelf/events.ts';\n`,
  'queries/shelf/listShelves.ts': `export const listShelves = () => [];\n`,
  'queries/stock/listStock.ts': `import { isoDate } from '../../src/core/dates.ts';\n`,
};
const areas: AreaDeclaration[] = [
  { name: 'shelf', dependsOn: [], moduleFile: 'src/modules/shelf.ts' },
  { name: 'stock', dependsOn: ['shelf'], moduleFile: 'src/modules/stock.ts' },
];
const routes: RouteClaim[] = [
  { method: 'GET', path: '/api/v1/admin/shelves/:id', owner: 'shelf' },
  { method: 'GET', path: '/api/v1/admin/shelves/stats', owner: 'stock' },
  { method: 'POST', path: '/api/v1/admin/shelves/:shelf_id', owner: 'stock' },
];

let root: string;
function tree(files: Record<string, string>): string {
  rmSync(root, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const check = (extra: Record<string, string> = {}, changes: { areas?: AreaDeclaration[]; routes?: RouteClaim[] } = {}) =>
  checkArchitecture({ root: tree({ ...clean, ...extra }), areas: changes.areas ?? areas, routes: changes.routes ?? routes }).problems;

describe('the architecture check derives area boundaries from the modules (npm run arch)', () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'arch-fixture-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it("passes the clean tree: events, errors and the module file are public; src/core is everyone's", () => {
    expect(check()).to.deep.equal([]);
  });

  it("refuses commands importing another area's handlers", () => {
    const problems = check({ 'commands/stock/restock.ts': `import { place } from '../shelf/handlers.ts';\n` });
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(
      /area stock imports an internal of area shelf: commands\/stock\/restock\.ts imports commands\/shelf\/handlers\.ts/,
    );
  });

  it("refuses a projection importing another area's queries", () => {
    const problems = check({ 'projections/stock/stockByShelf.ts': `import { listShelves } from '../../queries/shelf/listShelves.ts';\n` });
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(
      /area stock imports an internal of area shelf: projections\/stock\/stockByShelf\.ts imports queries\/shelf\/listShelves\.ts/,
    );
  });

  it("refuses a query importing another area's projection", () => {
    const problems = check({ 'queries/stock/getStock.ts': `import { shelfList } from '../../projections/shelf/shelfList.ts';\n` });
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(
      /area stock imports an internal of area shelf: queries\/stock\/getStock\.ts imports projections\/shelf\/shelfList\.ts/,
    );
  });

  it("refuses a query borrowing a helper from another area's queries (the date helper lives in src/core)", () => {
    const problems = check({ 'queries/stock/listMoves.ts': `import { listShelves } from '../shelf/listShelves.ts';\n` });
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(
      /area stock imports an internal of area shelf: queries\/stock\/listMoves\.ts imports queries\/shelf\/listShelves\.ts/,
    );
  });

  it("refuses a route file of one area reaching another area's queries", () => {
    const problems = check({ 'src/http/admin/stock.ts': `import { listShelves } from '../../../queries/shelf/listShelves.ts';\n` });
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(
      /area stock imports an internal of area shelf: src\/http\/admin\/stock\.ts imports queries\/shelf\/listShelves\.ts/,
    );
  });

  it('refuses an import of an area the module does not name in dependsOn, even of its events', () => {
    const problems = check({
      'commands/shelf/stack.ts': `import { x } from '../stock/events.ts';\n`,
      'commands/stock/events.ts': `export const x = 1;\n`,
    });
    expect(problems).to.have.length(2);
    expect(problems[0]).to.match(
      /area shelf imports area stock, which module shelf does not name in dependsOn: commands\/shelf\/stack\.ts imports commands\/stock\/events\.ts/,
    );
    expect(problems[1]).to.match(/^areas import one another in a cycle: shelf, stock/);
  });

  it('refuses an area cycle', () => {
    const cyclic = [{ ...areas[0]!, dependsOn: ['stock'] }, areas[1]!];
    expect(check({}, { areas: cyclic })).to.include('module dependencies form a cycle: shelf → stock → shelf');
  });

  it('refuses areas importing one another in a ring even when each import is a known crossing', () => {
    const crossing = {
      'commands/shelf/restack.ts': `import { x } from '../stock/handlers.ts';\n`,
      'commands/stock/handlers.ts': `export const x = 1;\n`,
    };
    const report = checkArchitecture({
      root: tree({ ...clean, ...crossing }),
      areas,
      routes,
      known: new Set(['commands/shelf/restack.ts -> commands/stock/handlers.ts']),
    });
    expect(report.problems).to.have.length(1);
    expect(report.problems[0]).to.match(
      /^areas import one another in a cycle: shelf, stock \(commands\/shelf\/restack\.ts -> commands\/stock\/handlers\.ts; /,
    );
    expect(report.problems[0]).to.contain('projections/stock/stockList.ts -> commands/shelf/events.ts');
  });

  it('reports a listed area cycle apart, and a listed one that is broken', () => {
    const report = checkArchitecture({
      root: tree({
        ...clean,
        'commands/shelf/restack.ts': `import { x } from '../stock/handlers.ts';\n`,
        'commands/stock/handlers.ts': `export const x = 1;\n`,
      }),
      areas,
      routes,
      known: new Set(['commands/shelf/restack.ts -> commands/stock/handlers.ts']),
      knownCycles: new Set(['shelf stock', 'bins shelf']),
    });
    expect(report.problems).to.deep.equal([]);
    expect(report.cycles).to.equal(1);
    expect(report.goneCycles).to.deep.equal(['bins shelf']);
  });

  it('refuses a generic layer importing an area', () => {
    const problems = check({ 'src/runtime/seed.ts': `import { shelfPlaced } from '../../commands/shelf/events.ts';\n` });
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(/src\/runtime\/seed\.ts, a generic layer, imports commands\/shelf\/events\.ts of area shelf/);
  });

  it('refuses two routes of one method that match the same requests, static over parameter being no overlap', () => {
    const overlapping = [...routes, { method: 'GET', path: '/api/v1/admin/shelves/:shelf_id', owner: 'stock' }];
    expect(check({}, { routes: overlapping })).to.deep.equal([
      'routes overlap: GET /api/v1/admin/shelves/:id (module shelf) and GET /api/v1/admin/shelves/:shelf_id (module stock) match the same requests',
    ]);
  });

  it('reports a listed crossing apart, and a listed one that is gone', () => {
    const report = checkArchitecture({
      root: tree({ ...clean, 'commands/stock/restock.ts': `import { place } from '../shelf/handlers.ts';\n` }),
      areas,
      routes,
      known: new Set(['commands/stock/restock.ts -> commands/shelf/handlers.ts', 'queries/stock/old.ts -> queries/shelf/listShelves.ts']),
    });
    expect(report.problems).to.deep.equal([]);
    expect(report.known).to.equal(1);
    expect(report.gone).to.deep.equal(['queries/stock/old.ts -> queries/shelf/listShelves.ts']);
  });
});
