import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import type { AreaDeclaration } from '../../src/cli/areaBoundaries.ts';
import { checkArchitecture } from '../../src/cli/architecture.ts';

/**
 * npm run arch on a fixture tree of two command folders of the one shape: `shelf` with its
 * decider in its aggregate's file and its entry points in handlers.ts, `stock` with its decider
 * beside its aggregate (stockDecider.ts) and its entry points in handlers/. Each case breaks the
 * shape once and expects the check to refuse it, naming the folder and the file.
 */
const decider = (name: string) =>
  `import type { Decider } from '../../src/core/decider.ts';\nexport const ${name}: Decider<0, 0, 0> = 0 as never;\n`;
const clean: Record<string, string> = {
  'src/modules/shelf.ts': `import { shelf } from '../../commands/shelf/shelf.ts';\n`,
  'src/modules/stock.ts': `import { stock } from '../../commands/stock/stockDecider.ts';\n`,
  'src/core/decider.ts': `export type Decider<S, C, E> = { s: S; c: C; e: E };\n`,
  'commands/shelf/events.ts': `export type ShelfPlaced = { type: 'ShelfPlaced' };\n`,
  'commands/shelf/errors.ts': `export class ShelfFullException extends Error {}\n`,
  'commands/shelf/commands.ts': `export type PlaceShelf = { type: 'PlaceShelf' };\n`,
  'commands/shelf/shelf.ts': decider('shelf'),
  'commands/shelf/handlers.ts': `import { shelf } from './shelf.ts';\n`,
  'commands/shelf/shelfLabel.ts': `export const shelfLabel = (n: number) => \`S\${n}\`;\n`,
  'commands/stock/events.ts': `export type StockCounted = { type: 'StockCounted' };\n`,
  'commands/stock/stock.ts': `export type StockState = { units: number };\n`,
  'commands/stock/stockDecider.ts': decider('stock'),
  'commands/stock/handlers/restock.ts': `import { stock } from '../stockDecider.ts';\n`,
  'commands/stock/handlers/countStock.ts': `import { stock } from '../stockDecider.ts';\n`,
};
const areas: AreaDeclaration[] = [
  { name: 'shelf', dependsOn: [], moduleFile: 'src/modules/shelf.ts' },
  { name: 'stock', dependsOn: [], moduleFile: 'src/modules/stock.ts' },
];

let root: string;
function check(changes: Record<string, string | null> = {}): string[] {
  rmSync(root, { recursive: true, force: true });
  for (const [path, text] of Object.entries({ ...clean, ...changes })) {
    if (text === null) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return checkArchitecture({ root, areas, routes: [] }).problems;
}

describe('the architecture check holds every command folder to one shape (npm run arch)', () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'command-folders-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('passes folders of the shape: events, errors, commands, aggregates named after their deciders, handlers.ts or handlers/, helpers', () => {
    expect(check()).to.deep.equal([]);
  });

  it('refuses an index.ts, even one that only re-exports', () => {
    expect(check({ 'commands/shelf/index.ts': `export { shelf } from './shelf.ts';\n` })).to.deep.equal([
      "commands/shelf/index.ts: an index.ts; a decider goes in its aggregate's file (<aggregate>.ts, or <aggregate>Decider.ts past 300 lines), the entry points in handlers.ts",
    ]);
  });

  it('refuses a command folder without events.ts', () => {
    expect(check({ 'commands/stock/events.ts': null })).to.deep.equal([
      "commands/stock: no events.ts (the area's events, its public contract)",
    ]);
  });

  it('refuses a decider declared in a file not named after it', () => {
    expect(check({ 'commands/shelf/labels.ts': decider('shelfLabelPrint') })).to.deep.equal([
      'commands/shelf/labels.ts: declares the decider shelfLabelPrint, which belongs in commands/shelf/shelfLabelPrint.ts (or shelfLabelPrintDecider.ts beside it)',
    ]);
  });

  it('refuses a decider among the handlers', () => {
    expect(check({ 'commands/stock/handlers/stockMove.ts': decider('stockMove') })).to.deep.equal([
      'commands/stock/handlers/stockMove.ts: declares the decider stockMove, which belongs in commands/stock/stockMove.ts (or stockMoveDecider.ts beside it)',
    ]);
  });

  it("refuses a decider file without its aggregate's file", () => {
    expect(check({ 'commands/stock/stock.ts': null })).to.deep.equal([
      "commands/stock/stockDecider.ts: a decider file without its aggregate's file stock.ts beside it",
    ]);
  });

  it('refuses handlers.ts beside a handlers/ folder', () => {
    expect(check({ 'commands/stock/handlers.ts': `export const noop = () => {};\n` })).to.deep.equal([
      'commands/stock/handlers.ts: beside a handlers/ folder; the entry points are in one or the other',
    ]);
  });

  it('refuses a sub-folder other than handlers/, and a file name that is not camelCase', () => {
    expect(
      check({
        'commands/shelf/decisions/placeShelf.ts': `export const x = 1;\n`,
        'commands/shelf/shelf_label.ts': `export const y = 1;\n`,
      }),
    ).to.deep.equal([
      'commands/shelf/decisions/placeShelf.ts: in a folder other than handlers/; a command folder holds its files directly, and its entry points in handlers/',
      'commands/shelf/shelf_label.ts: the file name is not camelCase',
    ]);
  });
});
