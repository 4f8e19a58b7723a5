import type { Clock } from '../../core/clock.ts';
import { rm } from 'node:fs/promises';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ImportFailure, readHeader, type HeaderLayout } from '../../../commands/marketplace-imports/csvHeader.ts';
import type { ImportFailureCode } from '../../../commands/marketplace-imports/events.ts';
import { ImportJobSession } from '../../../commands/marketplace-imports/handlers.ts';
import { mapBrokenRecord, mapRow } from '../../../commands/marketplace-imports/rowMapping.ts';
import { ConcurrencyException } from '../../core/errors.ts';
import type { EventStore } from '../../eventstore/port.ts';
import { openStoredFile, openUrl, SourceError } from '../../adapters/sourceStream.ts';
import { TextFileError, TextFileGuard } from '../../adapters/textFileGuard.ts';
import { uploadedImportPath } from '../../adapters/importUploads.ts';
import { openCsvRecords, type CsvRecords } from './csvRecords.ts';
import { ImportBatcher } from './importBatcher.ts';
import { importSettings } from '../importSettings.ts';

export interface ImportWorkerDeps {
  knex: Knex;
  store: EventStore;
  dataDir: string;
  logger: Logger;
  clock: Clock;
}

export const IMPORT_ACTOR = 'system:marketplace-import-worker';

/**
 * Runs one import job end to end: claim it (Started, at the version that saw it pending: a second
 * worker gets a conflict and leaves), stream the CSV, append a batch every `batchRows` rows, then
 * Completed, or Failed with a code and a message for the client. A line that cannot be parsed is
 * a `parse_error` import error like any rejected row; only a file unusable as a whole (encoding,
 * header, size, source) fails the job. Returns early when the job is no
 * longer pending. An abort (shutdown) stops without a verdict; the sweep settles the job later.
 */
export async function runMarketplaceImport(deps: ImportWorkerDeps, jobId: number, signal: AbortSignal): Promise<void> {
  const session = await ImportJobSession.open(deps.store, jobId, IMPORT_ACTOR);
  const req = session.requested;
  if (session.current.status !== 'pending' || !req) return;
  try {
    await session.run({ type: 'StartMarketplaceImport', data: { at: deps.clock.now().toISOString() } });
  } catch (err) {
    if (err instanceof ConcurrencyException) return;
    throw err;
  }
  const upload = req.source.kind === 'upload' ? uploadedImportPath(deps.dataDir, req.source.file) : null;
  let csv: CsvRecords | null = null;
  let batcher: ImportBatcher | null = null;
  let line = 0;
  try {
    const vendor = await deps.knex('vendor_list').select('name').where('id', req.vendor_id).first();
    const defaults = { vendor_id: req.vendor_id, marketplace: req.marketplace, vendor_name: vendor?.name ?? null };
    const opened =
      req.source.kind === 'url'
        ? await openUrl(req.source.url, { signal, connectTimeoutMs: importSettings.connectTimeoutMs, maxBytes: importSettings.maxBytes })
        : await openStoredFile(upload!);
    const guard = new TextFileGuard({
      maxBytes: importSettings.maxBytes,
      maxLineBytes: importSettings.maxLineBytes,
      idleMs: importSettings.idleTimeoutMs,
    });
    // A quoted field may span lines, but no record is longer than a line may be.
    csv = await openCsvRecords(opened.stream, guard, req.delimiter, { maxRecordChars: importSettings.maxLineBytes });
    batcher = new ImportBatcher(deps.knex, session, () => ({ bytes_read: guard.bytesRead, bytes_total: opened.length }), deps.clock);
    let layout: HeaderLayout | null = null;
    for await (const items of csv.batches) {
      if (signal.aborted) return;
      for (const item of items) {
        line = item.line;
        if (!layout) {
          if (item.error !== undefined) {
            throw new ImportFailure('parse_error', `The header row (line ${item.line}) could not be parsed: ${item.error}`);
          }
          layout = readHeader(item.fields);
          continue;
        }
        // The row number of an import error is the file's line number (the header is line 1).
        batcher.add(item.error === undefined ? mapRow(item.fields, layout, item.line, defaults) : mapBrokenRecord(item, layout));
        if (batcher.size >= importSettings.batchRows) await batcher.flush();
      }
    }
    if (signal.aborted) return;
    if (!layout) throw new ImportFailure('missing_header', 'The file has no header row');
    await batcher.flush();
    await batcher.drain();
    await session.run({ type: 'CompleteMarketplaceImport', data: { at: deps.clock.now().toISOString() } });
  } catch (err) {
    await batcher?.drain().catch(() => {});
    if (signal.aborted || err instanceof ConcurrencyException) return;
    const { code, message } = verdict(err);
    if (code === 'internal_error') deps.logger.error({ err, job_id: jobId, line }, 'marketplace import failed on an internal error');
    // The file goes before the failure is told: whoever sees the job failed finds its file gone (a retry asks for it again).
    if (upload) await rm(upload, { force: true }).catch(() => {});
    await session
      .run({ type: 'FailMarketplaceImport', data: { error_code: code, error: message, at: deps.clock.now().toISOString() } })
      .catch((e) => deps.logger.error({ err: e, job_id: jobId }, 'could not record the failure of a marketplace import'));
  } finally {
    csv?.close();
    if (upload && !signal.aborted) await rm(upload, { force: true }).catch(() => {});
  }
}

/** The job's failure code and client message for what stopped it. */
function verdict(err: unknown): { code: ImportFailureCode; message: string } {
  if (err instanceof ImportFailure || err instanceof TextFileError || err instanceof SourceError) {
    return { code: err.code, message: err.message };
  }
  return { code: 'internal_error', message: 'The import stopped on an internal error; it has been logged' };
}
