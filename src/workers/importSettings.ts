/**
 * Limits of the catalogue's file handling, from the environment (docs/catalogue.md lists them).
 * One object per process, read at call time, so a test may lower a limit for one case and put
 * it back.
 */
const env = process.env;
const num = (name: string, fallback: number) => {
  const v = Number(env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const MB = 1024 * 1024;

export const importSettings = {
  /** Largest marketplace CSV (download or upload). A 1,000,000-row feed is about 300-500 MB. */
  maxBytes: num('MARKETPLACE_IMPORT_MAX_BYTES', 1024 * MB),
  /** A longer line means the file is not line-oriented text. */
  maxLineBytes: num('MARKETPLACE_IMPORT_MAX_LINE_BYTES', 1 * MB),
  /** Rows per batch event (ARCHITECTURE.md: projectors write 500–1,000 rows a statement). */
  batchRows: num('MARKETPLACE_IMPORT_BATCH_ROWS', 1000),
  /** Jobs one process runs at once; more wait in its queue. */
  concurrency: num('MARKETPLACE_IMPORT_CONCURRENCY', 2),
  connectTimeoutMs: num('MARKETPLACE_IMPORT_CONNECT_TIMEOUT_MS', 30_000),
  idleTimeoutMs: num('MARKETPLACE_IMPORT_IDLE_TIMEOUT_MS', 60_000),
  /** A processing job without progress for this long lost its worker; the sweep fails it. */
  staleMs: num('MARKETPLACE_IMPORT_STALE_SECONDS', 300) * 1000,
  sweepEveryMs: num('MARKETPLACE_IMPORT_SWEEP_SECONDS', 30) * 1000,
};
