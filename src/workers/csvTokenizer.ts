/**
 * The CSV reader of every file the service imports (marketplace products, inventory counts).
 *
 * An RFC 4180 tokenizer that knows its physical lines: each record it yields carries the number
 * of the line it starts on (the first line of the file is line 1, so the header is line 1), and
 * a record spans several lines only inside a properly quoted field (a record starting on line 5
 * whose quoted field holds two line breaks is line 5; the next record is line 8).
 *
 * A record that cannot be read does not stop the file. These make a record broken:
 * - a closing quote followed by something other than the delimiter or the end of the line
 *   (typically a quote inside a quoted field that is not doubled: `"12" knife"`);
 * - a quoted field that never closes: at the end of the file, or after more than
 *   `maxRecordLines` lines or `maxRecordChars` characters.
 * The broken record is yielded as `{ line, error, raw }` (raw: the text of its first line, at most
 * `rawChars` characters; `fields`: the fields read before the problem), and reading resumes at
 * the next physical line, which is read as a record of its own.
 *
 * Lenient where nothing is ambiguous, as the parser before it (fast-csv) was: a quote inside an
 * unquoted field is kept as text (`55" TV`), blanks around a quoted field are dropped, and lines
 * that hold nothing but blanks and delimiters are skipped (their line numbers still count).
 * A line break is `\n` or `\r\n`.
 *
 * Memory stays bounded: the tokenizer holds the unread rest of one chunk, and at most
 * `maxRecordChars` characters of one record waiting for its closing quote.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
  error?: undefined;
}

export interface CsvBrokenRecord {
  line: number;
  /** What is wrong, for a person: "the quoted field 3 is followed by 'k' …". */
  error: string;
  /** The record's first line as it is in the file, at most `rawChars` characters. */
  raw: string;
  /** The fields read before the problem (an identifier in an early column survives). */
  fields: string[];
}

export type CsvItem = CsvRecord | CsvBrokenRecord;

export interface CsvTokenizerOptions {
  /** A quoted field may hold line breaks; a record longer than this many lines is broken. */
  maxRecordLines?: number;
  /** … or longer than this many characters. */
  maxRecordChars?: number;
  /** Length kept of a broken record's raw text. */
  rawChars?: number;
}

export const CSV_LIMITS = { maxRecordLines: 1000, maxRecordChars: 1024 * 1024, rawChars: 2000 } as const;

const QUOTE = 34;
export const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/** True when a chunk of the file holds more than blanks and line breaks. */
export const hasText = (b: Buffer) => b.some((c) => c !== LF && c !== CR && c !== SPACE && c !== TAB);

/** What `record()` answers when the record may continue in text not received yet. */
const MORE = null;

type Outcome = { fields: string[]; next: number; lines: number } | { error: string; fields: string[] } | typeof MORE;

export class CsvTokenizer {
  private buf = '';
  private pos = 0;
  /** The physical line `pos` is on. */
  private line = 1;
  /** Index of the next quote at or after `pos`: -1 none in `buf`, -2 not searched yet. */
  private nextQuote = -2;
  private readonly d: string;
  private readonly dc: number;
  private readonly maxLines: number;
  private readonly maxChars: number;
  private readonly rawChars: number;

  constructor(delimiter: string, options: CsvTokenizerOptions = {}) {
    if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r')
      throw new Error(`unusable CSV delimiter ${JSON.stringify(delimiter)}`);
    this.d = delimiter;
    this.dc = delimiter.charCodeAt(0);
    this.maxLines = options.maxRecordLines ?? CSV_LIMITS.maxRecordLines;
    this.maxChars = options.maxRecordChars ?? CSV_LIMITS.maxRecordChars;
    this.rawChars = options.rawChars ?? CSV_LIMITS.rawChars;
  }

  /** Takes the next piece of text; returns the records it completed (appended to `out`). */
  push(text: string, out: CsvItem[] = []): CsvItem[] {
    this.buf = this.pos < this.buf.length ? this.buf.slice(this.pos) + text : text;
    this.pos = 0;
    this.nextQuote = -2;
    this.scan(false, out);
    return out;
  }

  /** The end of the text: returns the last records. */
  end(out: CsvItem[] = []): CsvItem[] {
    this.scan(true, out);
    this.buf = '';
    this.pos = 0;
    this.nextQuote = -2;
    return out;
  }

  private scan(final: boolean, out: CsvItem[]): void {
    const buf = this.buf;
    const len = buf.length;
    let pos = this.pos;
    while (pos < len) {
      let nl = buf.indexOf('\n', pos);
      if (nl < 0) {
        if (!final) break;
        nl = len;
      }
      let q = this.nextQuote;
      if (q === -2 || (q >= 0 && q < pos)) q = this.nextQuote = buf.indexOf('"', pos);
      if (q < 0 || q > nl) {
        // No quote on this line: the common case, split at the delimiter.
        let end = nl;
        if (end > pos && buf.charCodeAt(end - 1) === CR) end--;
        if (end > pos) {
          const fields = buf.slice(pos, end).split(this.d);
          if (!this.blank(fields)) out.push({ line: this.line, fields });
        }
        pos = nl + 1;
        this.line++;
        continue;
      }
      const r = this.record(buf, pos, final);
      if (r === MORE) break;
      if ('error' in r) {
        let end = nl;
        if (end > pos && buf.charCodeAt(end - 1) === CR) end--;
        out.push({ line: this.line, error: r.error, raw: buf.slice(pos, Math.min(end, pos + this.rawChars)), fields: r.fields });
        pos = nl + 1;
        this.line++;
        continue;
      }
      out.push({ line: this.line, fields: r.fields });
      pos = r.next;
      this.line += r.lines;
    }
    this.pos = Math.min(pos, len);
  }

  /** Fields that are all blank: a line of delimiters and spaces, skipped. */
  private blank(fields: string[]): boolean {
    const first = fields[0];
    if (first.length > 0 && first.charCodeAt(0) > SPACE) return false;
    return fields.every((f) => f.trim() === '');
  }

  private isBlank(c: number): boolean {
    return c === SPACE || (c === TAB && this.dc !== TAB);
  }

  /** Reads one record that holds a quote, from `start` (the start of a line). */
  private record(buf: string, start: number, final: boolean): Outcome {
    const len = buf.length;
    const fields: string[] = [];
    let lines = 1;
    let i = start;
    const tooLong = (n: number) => ({
      error: `the quoted field ${n} opened on this line is not closed within ${this.maxLines} lines or ${this.maxChars} characters (a quote that is not doubled?)`,
      fields,
    });
    for (;;) {
      let j = i;
      while (j < len && this.isBlank(buf.charCodeAt(j))) j++;
      if (j < len && buf.charCodeAt(j) === QUOTE) {
        // A quoted field: up to the quote that is not doubled.
        let value = '';
        let k = j + 1;
        for (;;) {
          const c = buf.indexOf('"', k);
          const stop = c < 0 ? len : c;
          for (let n = buf.indexOf('\n', k); n >= 0 && n < stop; n = buf.indexOf('\n', n + 1)) lines++;
          if (lines > this.maxLines || stop - start > this.maxChars) return tooLong(fields.length + 1);
          if (c < 0) {
            if (!final) return MORE;
            return { error: `the quoted field ${fields.length + 1} opened on this line is never closed (the file ends inside it)`, fields };
          }
          if (c + 1 >= len && !final) return MORE; // a doubled quote may follow
          if (buf.charCodeAt(c + 1) === QUOTE) {
            value += buf.slice(k, c + 1);
            k = c + 2;
            continue;
          }
          value += buf.slice(k, c);
          i = c + 1;
          break;
        }
        const after = i;
        while (i < len && this.isBlank(buf.charCodeAt(i))) i++;
        if (i >= len) {
          if (!final) return MORE;
          fields.push(value);
          return { fields, next: len, lines };
        }
        const ch = buf.charCodeAt(i);
        if (ch === this.dc) {
          fields.push(value);
          i++;
          if (i >= len && !final) return MORE;
          continue;
        }
        if (ch === LF) {
          fields.push(value);
          return { fields, next: i + 1, lines };
        }
        if (ch === CR) {
          if (i + 1 >= len) {
            if (!final) return MORE;
            fields.push(value);
            return { fields, next: len, lines };
          }
          if (buf.charCodeAt(i + 1) === LF) {
            fields.push(value);
            return { fields, next: i + 2, lines };
          }
        }
        // The message shows what follows the quote, the same however the text arrived.
        if (!final && len - after < 12 && buf.indexOf('\n', after) < 0) return MORE;
        const shown = buf.slice(after, after + 12).replace(/[\r\n].*$/s, '');
        return {
          error: `the quoted field ${fields.length + 1} is followed by '${shown || '\\r'}' after its closing quote (a quote inside a quoted field must be doubled: "")`,
          fields,
        };
      }
      // An unquoted field: up to the delimiter or the end of the line.
      let lineEnd = buf.indexOf('\n', i);
      if (lineEnd < 0) {
        if (!final) return MORE;
        lineEnd = len;
      }
      const e = buf.indexOf(this.d, i);
      if (e < 0 || e > lineEnd) {
        let end = lineEnd;
        if (end > i && buf.charCodeAt(end - 1) === CR) end--;
        fields.push(buf.slice(i, end));
        return { fields, next: lineEnd + 1, lines };
      }
      fields.push(buf.slice(i, e));
      i = e + 1;
    }
  }
}

/** Every record of a whole text (files read in one piece, such as an inventory upload). */
export function csvItems(text: string, delimiter: string, options?: CsvTokenizerOptions): CsvItem[] {
  const tokenizer = new CsvTokenizer(delimiter, options);
  return tokenizer.end(tokenizer.push(text));
}
