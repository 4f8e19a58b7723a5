import { Transform, type TransformCallback } from 'node:stream';

/**
 * A byte stream check in front of a CSV parser: the file must be UTF-8 text, not empty, not
 * binary, below a size limit, without absurdly long lines, and keep arriving. Each problem ends
 * the stream with a TextFileError naming it, so a 0-byte file, a spreadsheet saved as .csv, a
 * Latin-1 export or a 2 GB download fail fast with a clear message and bounded memory.
 * The bytes pass through unchanged (minus a leading byte-order mark).
 */
export type TextFileProblem = 'empty_file' | 'binary_file' | 'bad_encoding' | 'file_too_large' | 'line_too_long' | 'timeout';

export class TextFileError extends Error {
  constructor(
    readonly code: TextFileProblem,
    message: string,
  ) {
    super(message);
    this.name = 'TextFileError';
  }
}

export interface TextFileLimits {
  maxBytes: number;
  maxLineBytes: number;
  /** No bytes for this long ends the stream (a stalled download). */
  idleMs: number;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

export class TextFileGuard extends Transform {
  bytesRead = 0;
  private sinceNewline = 0;
  private first = true;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly limits: TextFileLimits) {
    super();
    this.arm();
  }

  private arm(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      this.destroy(new TextFileError('timeout', `No data arrived for ${Math.round(this.limits.idleMs / 1000)} s; the source stalled`));
    }, this.limits.idleMs);
    this.idle.unref();
  }

  override _transform(input: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.arm();
    let chunk = input;
    if (this.first) {
      this.first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
      else if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
        return done(
          new TextFileError('bad_encoding', 'The file is UTF-16 text ("Unicode text" of a spreadsheet), not UTF-8; save it as CSV UTF-8'),
        );
      }
      if (chunk.subarray(0, 8192).includes(0)) {
        return done(new TextFileError('binary_file', 'The file is binary (a spreadsheet or an archive?), not CSV text'));
      }
    }
    this.bytesRead += input.length;
    if (this.bytesRead > this.limits.maxBytes) {
      return done(new TextFileError('file_too_large', `The file is larger than the limit of ${mb(this.limits.maxBytes)}`));
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      return done(
        new TextFileError(
          'bad_encoding',
          `The file is not valid UTF-8 text (near byte ${this.bytesRead - input.length}); save it as UTF-8`,
        ),
      );
    }
    const firstNl = chunk.indexOf(10);
    if (firstNl < 0) this.sinceNewline += chunk.length;
    else {
      if (this.sinceNewline + firstNl > this.limits.maxLineBytes) return done(this.tooLong());
      this.sinceNewline = chunk.length - chunk.lastIndexOf(10) - 1;
    }
    if (this.sinceNewline > this.limits.maxLineBytes) return done(this.tooLong());
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.stopTimer();
    if (this.bytesRead === 0) return done(new TextFileError('empty_file', 'The file is empty (0 bytes)'));
    try {
      this.decoder.decode();
    } catch {
      return done(new TextFileError('bad_encoding', 'The file ends inside a UTF-8 character; save it as UTF-8'));
    }
    done();
  }

  override _destroy(err: Error | null, cb: (error?: Error | null) => void): void {
    this.stopTimer();
    cb(err);
  }

  private stopTimer(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  private tooLong(): TextFileError {
    return new TextFileError(
      'line_too_long',
      `A line is longer than ${mb(this.limits.maxLineBytes)}: this is not a CSV file with one record per line`,
    );
  }
}
