import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'fast-csv';
import { chooseDelimiter } from '../../commands/marketplace-imports/csvHeader.ts';
import { TextFileGuard } from '../adapters/textFileGuard.ts';

/**
 * The records of a CSV byte stream, streamed: source → TextFileGuard (size, encoding, binary,
 * line length, stall) → fast-csv. The first line is read ahead to choose the delimiter; then
 * fast-csv yields string arrays one by one, so memory stays bounded by one batch whatever the
 * file size. Any problem of the guard or the parser surfaces as an error of the iteration.
 */
export interface CsvRecords {
  delimiter: string;
  records: AsyncIterable<string[]>;
  guard: TextFileGuard;
  /** Stops reading and releases the source (a download is aborted). */
  close(): void;
}

export async function openCsvRecords(source: Readable, guard: TextFileGuard, requestedDelimiter: string | null): Promise<CsvRecords> {
  const bytes = pipeline(source, guard);
  bytes.catch(() => { /* surfaces through the iterator below */ });
  const it = guard[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  try {
    for (;;) {
      const next = await it.next();
      if (next.done) break;
      head = Buffer.concat([head, next.value]);
      if (head.includes(10)) break;
    }
  } catch (err) {
    source.destroy();
    throw err;
  }
  const nl = head.indexOf(10);
  const firstLine = head.subarray(0, nl < 0 ? head.length : nl).toString('utf8').replace(/\r$/, '');
  let delimiter: string;
  try {
    delimiter = chooseDelimiter(firstLine, requestedDelimiter);
  } catch (err) {
    await it.return?.();
    source.destroy();
    throw err;
  }
  const rest = Readable.from((async function* () {
    try {
      yield head;
      for (;;) {
        const next = await it.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await it.return?.();
    }
  })(), { objectMode: false });
  const parser = parse<string[], string[]>({ delimiter, ignoreEmpty: true, headers: false });
  pipeline(rest, parser).catch(() => { /* surfaces through the parser's iteration */ });
  return {
    delimiter,
    records: parser as AsyncIterable<string[]>,
    guard,
    close() {
      parser.destroy();
      rest.destroy();
      source.destroy();
    },
  };
}
