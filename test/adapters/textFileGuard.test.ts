import { expect } from 'chai';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TextFileError, TextFileGuard } from '../../src/adapters/textFileGuard.ts';

async function run(
  chunks: Buffer[],
  limits = { maxBytes: 1000, maxLineBytes: 100, idleMs: 1000 },
): Promise<{ out: Buffer; error: TextFileError | null }> {
  const guard = new TextFileGuard(limits);
  const parts: Buffer[] = [];
  try {
    await pipeline(Readable.from(chunks), guard, async (source) => {
      for await (const c of source) parts.push(c as Buffer);
    });
    return { out: Buffer.concat(parts), error: null };
  } catch (err) {
    return { out: Buffer.concat(parts), error: err as TextFileError };
  }
}

describe('text file guard in front of the CSV parser', () => {
  it('passes UTF-8 text through, without a byte-order mark, even with a character split across chunks', async () => {
    const euro = Buffer.from('a,€\n');
    const { out, error } = await run([Buffer.from([0xef, 0xbb, 0xbf]), euro.subarray(0, 3), euro.subarray(3)]);
    expect(error).to.equal(null);
    expect(out.toString()).to.equal('a,€\n');
  });

  const failures: [string, Buffer[], string][] = [
    ['an empty file', [], 'empty_file'],
    ['a binary file', [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])], 'binary_file'],
    ['Latin-1 text', [Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])], 'bad_encoding'],
    [
      'UTF-16 text (a spreadsheet\'s "Unicode text")',
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\n', 'utf16le')])],
      'bad_encoding',
    ],
    ['a file ending inside a character', [Buffer.from([0x61, 0xe2, 0x82])], 'bad_encoding'],
    ['a file over the size limit', [Buffer.from('a\n'.repeat(300)), Buffer.from('a\n'.repeat(300))], 'file_too_large'],
    ['a line over the line limit', [Buffer.alloc(60, 0x61), Buffer.alloc(60, 0x61)], 'line_too_long'],
  ];
  for (const [what, chunks, code] of failures) {
    it(`stops ${what} (${code})`, async () => {
      const { error } = await run(chunks);
      expect(error).to.be.instanceOf(TextFileError);
      expect(error!.code).to.equal(code);
    });
  }

  it('stops a source that stalls', async () => {
    const guard = new TextFileGuard({ maxBytes: 1000, maxLineBytes: 100, idleMs: 50 });
    const stalled = new Readable({
      read() {
        /* never pushes */
      },
    });
    const err = await pipeline(stalled, guard, async (s) => {
      for await (const _ of s) {
        /* drain */
      }
    }).catch((e) => e);
    expect(err.code).to.equal('timeout');
  });
});
