import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { chooseDelimiter, ImportFailure } from '../../../commands/marketplace-imports/csvHeader.ts';
import { TextFileGuard } from '../../adapters/textFileGuard.ts';
import { CsvTokenizer, hasText, LF, type CsvItem, type CsvTokenizerOptions } from '../csvTokenizer.ts';

/**
 * The records of a CSV byte stream, streamed: source → TextFileGuard (size, encoding, binary,
 * line length, stall) → CsvTokenizer. The first non-blank line is read ahead to choose the
 * delimiter. Records come in the groups one chunk of the source completes (`batches`), or one
 * by one (`records`); memory stays bounded by one chunk and one record whatever the file size.
 * A problem of the guard (the file as a whole is unusable) surfaces as an error of the iteration;
 * a broken record is an item with an `error`.
 */
export interface CsvRecords {
  delimiter: string;
  batches: AsyncIterable<CsvItem[]>;
  records: AsyncIterable<CsvItem>;
  guard: TextFileGuard;
  /** Stops reading and releases the source (a download is aborted). */
  close(): void;
}

export async function openCsvRecords(
  source: Readable,
  guard: TextFileGuard,
  requestedDelimiter: string | null,
  options: CsvTokenizerOptions = {},
): Promise<CsvRecords> {
  const bytes = pipeline(source, guard);
  bytes.catch(() => {
    /* surfaces through the iterator below */
  });
  const it = guard[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const release = () => {
    void Promise.resolve(it.return?.()).catch(() => {});
    source.destroy();
  };
  // Read up to the end of the first line that holds something (the header row).
  let head: Buffer = Buffer.alloc(0);
  let firstLine: string | null = null;
  try {
    let from = 0;
    while (firstLine === null) {
      const next = await it.next();
      if (next.done) {
        if (hasText(head.subarray(from))) firstLine = head.subarray(from).toString('utf8');
        break;
      }
      head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
      for (let nl = head.indexOf(LF, from); nl >= 0; nl = head.indexOf(LF, from)) {
        const line = head.subarray(from, nl);
        from = nl + 1;
        if (hasText(line)) {
          firstLine = line.toString('utf8');
          break;
        }
      }
    }
  } catch (err) {
    source.destroy();
    throw err;
  }
  let delimiter: string;
  try {
    if (firstLine === null) throw new ImportFailure('empty_file', 'The file holds only blank lines: no header row, no data');
    delimiter = chooseDelimiter(firstLine.replace(/\r$/, ''), requestedDelimiter);
  } catch (err) {
    release();
    throw err;
  }
  const tokenizer = new CsvTokenizer(delimiter, options);
  const decoder = new StringDecoder('utf8');
  let closed = false;
  async function* batches(): AsyncGenerator<CsvItem[]> {
    try {
      let out = tokenizer.push(decoder.write(head));
      head = Buffer.alloc(0);
      if (out.length > 0) yield out;
      while (!closed) {
        const next = await it.next();
        if (next.done) break;
        out = tokenizer.push(decoder.write(next.value));
        if (out.length > 0) yield out;
      }
      if (closed) return;
      out = tokenizer.push(decoder.end());
      tokenizer.end(out);
      if (out.length > 0) yield out;
    } finally {
      await it.return?.();
    }
  }
  const shared = batches();
  return {
    delimiter,
    batches: shared,
    records: (async function* () {
      for await (const batch of shared) yield* batch;
    })(),
    guard,
    close() {
      closed = true;
      release();
    },
  };
}
