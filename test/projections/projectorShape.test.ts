import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every projector folds its rows on the shared helper (src/runtime/rowProjection.ts), unless its
 * doc comment says why not, in a sentence starting "Not a row projection:" (a key of two columns,
 * counts added to in SQL, several tables written by set-based statements…). A projector written
 * by hand without that sentence is the fold-and-upsert loop the helper already is.
 */

// Projectors written before the helper, still a hand-made fold-and-upsert over rows keyed by one
// column: each moves onto the helper (or states its reason). The list only shrinks.
const NOT_ON_THE_HELPER_YET = ['inventory/inventoryList.ts', 'inventory/inventoryTransactions.ts', 'media/mediaList.ts'];

const ROOT = 'projections';

/** The projector files written by hand: they declare a projection themselves instead of calling rowProjection. */
function handWritten(): string[] {
  const out: string[] = [];
  for (const area of readdirSync(ROOT, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(ROOT, area.name)).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(ROOT, area.name, file), 'utf8');
      if (/kind: 'projection'/.test(source)) out.push(`${area.name}/${file}`);
    }
  }
  return out.sort();
}

describe('projector shape', () => {
  it('every hand-written projector says why it is not a row projection, or is listed as not on the helper yet', () => {
    const silent = handWritten().filter(
      (f) => !/\* Not a row projection:/.test(readFileSync(join(ROOT, f), 'utf8')) && !NOT_ON_THE_HELPER_YET.includes(f),
    );
    expect(silent, 'projectors neither on the row projection helper nor saying why not').to.deep.equal([]);
  });

  it('lists as not on the helper yet only projectors that are still written by hand and say nothing (the list only shrinks)', () => {
    const files = handWritten();
    const stale = NOT_ON_THE_HELPER_YET.filter(
      (f) => !files.includes(f) || /\* Not a row projection:/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(stale, 'remove these from NOT_ON_THE_HELPER_YET').to.deep.equal([]);
  });
});
