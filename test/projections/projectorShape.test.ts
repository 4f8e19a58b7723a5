import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every projector folds its rows on the shared helper (src/runtime/rowProjection.ts), unless its
 * doc comment says why not, in a sentence starting "Not a row projection:" (a key of two columns,
 * counts added to in SQL, several tables written by set-based statements…). A projector written
 * by hand without that sentence is the fold-and-upsert loop the helper already is.
 */

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
  it('every hand-written projector says why it is not a row projection', () => {
    const silent = handWritten().filter((f) => !/\* Not a row projection:/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(silent, 'projectors neither on the row projection helper nor saying why not').to.deep.equal([]);
  });
});
