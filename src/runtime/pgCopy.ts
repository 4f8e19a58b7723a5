import pg from 'pg';
import { clientOf, type Executor } from './database.ts';

/**
 * COPY … FROM STDIN for the rebuild's bulk writes (src/runtime/rowProjection.ts): whether the
 * connection can, the rows as COPY text, and the copy-in itself on node-postgres's protocol.
 */

/** True when COPY … FROM STDIN is available (node-postgres; PGlite takes the JSON statements). */
export async function canCopy(db: Executor): Promise<boolean> {
  const client = clientOf(db);
  const conn = await client.acquireConnection();
  try {
    return conn instanceof pg.Client;
  } finally {
    await client.releaseConnection(conn);
  }
}

/** Rows in COPY's text format: tab-separated, \\N for null, JSON for objects and arrays. */
export function copyText(rows: readonly object[], columns: readonly string[]): string {
  // One flat string per row (join), not a chain of += concatenations that the garbage collector
  // copies until the whole text is flattened.
  const lines = new Array<string>(rows.length + 1);
  const fields = new Array<string>(columns.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    for (let i = 0; i < columns.length; i++) {
      const v = row[columns[i]];
      fields[i] =
        v === null || v === undefined
          ? '\\N'
          : typeof v === 'string'
            ? escapeCopy(v)
            : typeof v === 'number'
              ? String(v)
              : typeof v === 'boolean'
                ? v
                  ? 't'
                  : 'f'
                : v instanceof Date
                  ? v.toISOString()
                  : escapeCopy(JSON.stringify(v));
    }
    lines[r] = fields.join('\t');
  }
  lines[rows.length] = '';
  return lines.join('\n');
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function escapeCopy(s: string): string {
  return COPY_SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : s;
}

/** COPY … FROM STDIN on the executor's connection (node-postgres's copy-in protocol, no stream library). */
export async function copyIn(db: Executor, text: string, data: string): Promise<void> {
  const client = clientOf(db);
  const conn = await client.acquireConnection();
  try {
    if (!(conn instanceof pg.Client)) throw new Error('COPY FROM STDIN needs a PostgreSQL server (ask canCopy first)');
    await new Promise<void>((resolve, reject) => {
      let failed: unknown = null;
      conn.query({
        submit(connection: pg.Connection) {
          connection.query(text);
        },
        handleCopyInResponse(connection: CopyInConnection) {
          const buffer = Buffer.from(data, 'utf8');
          for (let i = 0; i < buffer.length; i += 1 << 20) connection.sendCopyFromChunk(buffer.subarray(i, i + (1 << 20)));
          connection.endCopyFrom();
        },
        handleCommandComplete() {},
        handleRowDescription() {},
        handleDataRow() {},
        handleEmptyQuery() {},
        handleCopyData() {},
        handlePortalSuspended() {},
        // node-postgres forgets the active query on an error: its ReadyForQuery is not ours.
        handleError(err: unknown) {
          failed = err;
          reject(err);
        },
        handleReadyForQuery() {
          if (!failed) resolve();
        },
      });
    });
  } finally {
    await client.releaseConnection(conn);
  }
}

/** node-postgres's protocol connection, with the two copy-in messages its typings leave out. */
interface CopyInConnection extends pg.Connection {
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}
