import { SerialWorker } from '../serialWorker.ts';
import { INSTALLATION_ROOT, moduleFile } from '../../runtime/installation.ts';
import { fileURLToPath } from 'node:url';
import type { Finding } from '../../../commands/code-quality/events.ts';
import { recordFindings, runScanCommand } from '../../../commands/code-quality/handlers.ts';
import type { Severity } from '../../../commands/code-quality/events.ts';
import { ConflictException } from '../../core/errors.ts';
import type { EventStore } from '../../eventstore/port.ts';
import type { Services } from '../../runtime/services.ts';
import { packageInstalled, runChildTask } from '../childTask.ts';
import { codeQualityRules } from './rules.ts';
import type { TreeScan } from './scanTree.ts';

const ACTOR = 'system:code-quality-scan';
/** The installation's own root: its architecture rules are the ones a scan checks. */
export { INSTALLATION_ROOT };
const CHILD = fileURLToPath(new URL(`./${moduleFile('scanChild')}`, import.meta.url));
const SCAN_TIMEOUT_MS = 10 * 60_000;
const CANCEL_CHECK_MS = 1000;

type ChildMessage = { kind: 'progress'; message: string } | { kind: 'done'; scan: TreeScan } | { kind: 'failed'; error: string };

/** Whether the analyser is installed: it is a development dependency, absent from an install with --omit=dev. */
export function scannerAvailable(): boolean {
  return packageInstalled('dependency-cruiser');
}

/**
 * Runs requested scans one at a time, each in a child process (scanChild.ts). Scans arrive from
 * the feed (src/processes/runCodeQualityScanOnRequested.ts) and from a sweep of the scans
 * table, which also fails a running scan that no worker of any instance is running any more
 * (its process stopped), so a poller always gets an answer.
 */
export class CodeQualityScanWorker extends SerialWorker {
  constructor(
    services: Services,
    private readonly options = { sweepEveryMs: 5000, staleMs: 15 * 60_000 },
  ) {
    super(services, 'code-quality scan', options.sweepEveryMs);
  }

  private ctx(scanId: number) {
    return { userId: ACTOR, correlationId: `code-quality-scan-${scanId}` };
  }

  private command(scanId: number, command: Parameters<typeof runScanCommand>[2]) {
    return runScanCommand(this.services.store, scanId, command, this.ctx(scanId));
  }

  private async statusOf(scanId: number): Promise<string | undefined> {
    return (await this.services.db.knex('code_quality_scans').where('id', scanId).first('status'))?.status;
  }

  private now(): string {
    return this.services.clock.now().toISOString();
  }

  async run(scanId: number): Promise<void> {
    try {
      await this.command(scanId, { type: 'StartCodeQualityScan', data: { scan_id: scanId, at: this.now() } });
    } catch (err) {
      // Another instance's worker took it, or it ended meanwhile.
      if (err instanceof ConflictException) return;
      throw err;
    }
    const progress = (message: string) =>
      this.command(scanId, { type: 'RecordCodeQualityScanProgress', data: { scan_id: scanId, message, at: this.now() } });
    const fail = (error: string) => this.command(scanId, { type: 'FailCodeQualityScan', data: { scan_id: scanId, error, at: this.now() } });
    if (!scannerAvailable()) {
      await fail(
        'The analyser (dependency-cruiser, a development dependency) is not installed in this deployment; install the development dependencies to scan.',
      );
      return;
    }
    const root = this.services.config.operations.sourceRoot;
    let pending: Promise<unknown> = Promise.resolve();
    const task = runChildTask<ChildMessage>(
      CHILD,
      { root, rules: codeQualityRules(INSTALLATION_ROOT) },
      {
        timeoutMs: SCAN_TIMEOUT_MS,
        onMessage: (m) => {
          if (m.kind === 'progress') pending = pending.then(() => progress(m.message)).catch(() => undefined);
        },
        // An operator's cancel reaches the scan's stream from any instance: the worker that runs it
        // sees it in the scans table and stops the analyser.
        cancelWatch: { everyMs: CANCEL_CHECK_MS, cancelled: async () => (await this.statusOf(scanId)) === 'cancelled' },
      },
    );
    const outcome = await task.done;
    await pending;
    if (outcome.ended === 'cancelled') {
      this.services.logger.info({ scan_id: scanId }, `code-quality scan ${scanId} cancelled: its analyser was stopped`);
      return;
    }
    if ((await this.statusOf(scanId)) === 'cancelled') return;
    const last = outcome.last;
    if (outcome.ended !== 'exited' || !last || last.kind !== 'done') {
      const why =
        last?.kind === 'failed'
          ? last.error
          : outcome.ended === 'timed_out'
            ? `The scan took longer than ${SCAN_TIMEOUT_MS / 60_000} minutes and was stopped`
            : `The scanner stopped (${outcome.ended}, exit code ${outcome.code}): ${outcome.stderr.trim().split('\n').slice(-3).join(' ') || 'no output'}`;
      await fail(why);
      return;
    }
    await this.complete(scanId, last.scan, progress);
  }

  private async complete(scanId: number, scan: TreeScan, progress: (m: string) => Promise<unknown>): Promise<void> {
    await progress(`Recording ${scan.findings.length} findings in ${scan.files} modules`);
    const outcome = await recordFindings(
      { store: this.services.store, db: this.services.db.knex, clock: this.services.clock },
      scanId,
      scan.findings,
      this.ctx(scanId),
    );
    await this.command(scanId, {
      type: 'CompleteCodeQualityScan',
      data: { scan_id: scanId, files: scan.files, ...outcome, by_severity: countBySeverity(scan.findings), at: this.now() },
    }).catch((err) => {
      // Cancelled while its findings were recorded: the cancel stands.
      if (!(err instanceof ConflictException)) throw err;
    });
  }

  async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      const knex = this.services.db.knex;
      for (const id of await knex('code_quality_scans').where('status', 'pending').orderBy('id').limit(20).pluck('id'))
        this.enqueue(Number(id));
      const stale = await knex('code_quality_scans')
        .where('status', 'running')
        .where('updated_at', '<', new Date(this.services.clock.now().getTime() - this.options.staleMs))
        .pluck('id');
      for (const id of stale.map(Number).filter((id: number) => id !== this.current)) {
        await this.command(id, {
          type: 'FailCodeQualityScan',
          data: { scan_id: id, error: 'The scan stopped making progress (its worker stopped); start a new one', at: this.now() },
        }).catch((err) => {
          if (!(err instanceof ConflictException)) throw err;
        });
      }
    } catch (err) {
      this.services.logger.error({ err }, 'code-quality scan sweep failed');
    }
  }
}

export function countBySeverity(findings: Finding[]): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) out[f.severity] += 1;
  return out;
}

const workers = new WeakMap<EventStore, CodeQualityScanWorker>();

/** This instance's scan worker (the module's background work starts it). */
export function startScanWorker(services: Services): CodeQualityScanWorker {
  const worker = new CodeQualityScanWorker(services);
  workers.set(services.store, worker);
  worker.start();
  return worker;
}

export function scanWorkerOf(store: EventStore): CodeQualityScanWorker | null {
  return workers.get(store) ?? null;
}

export async function stopScanWorker(store: EventStore): Promise<void> {
  const w = workers.get(store);
  workers.delete(store);
  await w?.stop();
}
