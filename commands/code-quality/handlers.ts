import type { Clock } from '../../src/core/clock.ts';
import { ConflictException } from '../../src/core/errors.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { sql, type Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { settledAt, takeTurn, type JobQueue, type Settled } from '../../src/runtime/oneAtATime.ts';
import type { CodeQualityScanEvent, Finding, ViolationEvent } from './events.ts';
import { codeQualityScan, type ScanCommand, type ScanState } from './codeQualityScan.ts';
import { codeQualityScanner, SCANNER_ID, type QueuedScan } from './codeQualityScanner.ts';
import { violation, type ViolationCommand, type ViolationState } from './violation.ts';

export interface CodeQualityDeps {
  store: EventStore;
  db: Executor;
  clock: Clock;
}

export interface ScanRequested {
  scan_id: number;
  /** True when a scan already waiting or running was answered instead of a new one. */
  joined: boolean;
  done: Settled[];
}

/**
 * Asks for a scan, one at a time across requests and instances: a scan already waiting or
 * running is answered instead (`joined`). A new one is first queued on the deployment's scanner
 * (commands/code-quality/codeQualityScanner.ts), where concurrent requests race on one expected version,
 * then requested; the worker runs it (src/workers/code-quality).
 */
export async function requestScan(deps: CodeQualityDeps, requestedBy: number | string, ctx: CommandContext): Promise<ScanRequested> {
  const turn = await takeTurn(scannerQueue(deps, requestedBy, ctx));
  return { scan_id: turn.job.scan_id, joined: turn.joined, done: turn.done };
}

/**
 * A scan waiting or running that the scanner never queued: one an instance of the version before
 * the scanner requested directly, during a rolling deploy or just before it. It is answered like
 * a queued one, so no second scan starts beside it. Read from the scans table, the only place that
 * knows it; only scans after the one queued last are looked at.
 */
async function unqueuedScan(deps: CodeQualityDeps, queued: QueuedScan | null): Promise<QueuedScan | null> {
  const [row] = await sql<{ id: number; requested_by: string; created_at: string | Date }>(
    deps.db,
    "SELECT id, requested_by, created_at FROM code_quality_scans WHERE status IN ('pending', 'running') AND id > $1 ORDER BY id DESC LIMIT 1",
    [queued?.scan_id ?? 0],
  );
  return row ? { scan_id: Number(row.id), requested_by: row.requested_by, at: new Date(row.created_at).toISOString() } : null;
}

/** The deployment's scanner as the one-at-a-time queue of src/runtime/oneAtATime.ts. */
function scannerQueue(deps: CodeQualityDeps, requestedBy: number | string, ctx: CommandContext): JobQueue<QueuedScan> {
  // The scan the scanner's stream names last: a new one is queued after it, whatever was answered.
  let queuedLast: QueuedScan | null = null;
  return {
    async last() {
      queuedLast = (await load(deps.store, codeQualityScanner, SCANNER_ID)).state.current;
      return (await unqueuedScan(deps, queuedLast)) ?? queuedLast;
    },
    async standing(queued) {
      const { state, events } = await load(deps.store, codeQualityScan, queued.scan_id);
      if (state.status === 'none') return { status: 'unrecorded' };
      if (state.status === 'pending' || state.status === 'running') return { status: 'active', settled: settledAt(events) };
      return { status: 'ended' };
    },
    async queue() {
      const job = {
        scan_id: await nextId(deps.db, codeQualityScan.aggregate),
        requested_by: requestedBy,
        at: deps.clock.now().toISOString(),
      };
      const settled = await handleCommand(
        deps.store,
        codeQualityScanner,
        SCANNER_ID,
        { type: 'QueueCodeQualityScan', data: { ...job, after: queuedLast?.scan_id ?? null } },
        ctx,
      );
      return { job, settled };
    },
    async record(queued) {
      try {
        return await handleCommand(
          deps.store,
          codeQualityScan,
          queued.scan_id,
          {
            type: 'RequestCodeQualityScan',
            data: { scan_id: queued.scan_id, requested_by: queued.requested_by, at: queued.at },
          },
          ctx,
        );
      } catch (err) {
        if (!(err instanceof ConflictException)) throw err;
        return settledAt((await load(deps.store, codeQualityScan, queued.scan_id)).events);
      }
    },
  };
}

export function runScanCommand(
  store: EventStore,
  scanId: number,
  command: ScanCommand,
  ctx: CommandContext,
): Promise<Handled<ScanState, CodeQualityScanEvent>> {
  return handleCommand(store, codeQualityScan, scanId, command, ctx);
}

export function runViolationCommand(
  store: EventStore,
  violationId: number,
  command: ViolationCommand,
  ctx: CommandContext,
): Promise<Handled<ViolationState, ViolationEvent>> {
  return handleCommand(store, violation, violationId, command, ctx);
}

/**
 * The violation id of each fingerprint, on the write side: a fingerprint gets an id the first
 * scan that meets it and keeps it for good, so a violation found again is the same aggregate
 * with its workflow. The registry is to violations what a sequence is to other aggregates.
 */
export async function violationIdsOf(db: Executor, fingerprints: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (fingerprints.length === 0) return out;
  await sql(
    db,
    `INSERT INTO code_quality_fingerprints (fingerprint, violation_id)
    SELECT f, nextval('violation_id_seq')::int FROM (SELECT DISTINCT unnest($1::text[]) AS f) i
     WHERE NOT EXISTS (SELECT 1 FROM code_quality_fingerprints k WHERE k.fingerprint = i.f)
    ON CONFLICT (fingerprint) DO NOTHING`,
    [fingerprints],
  );
  for (const r of await sql<{ fingerprint: string; violation_id: string | number }>(
    db,
    'SELECT fingerprint, violation_id FROM code_quality_fingerprints WHERE fingerprint = ANY($1::text[])',
    [fingerprints],
  )) {
    out.set(r.fingerprint, Number(r.violation_id));
  }
  return out;
}

/** Every violation id ever given, with its fingerprint (a scan marks those it no longer finds fixed). */
export async function knownViolations(db: Executor): Promise<Map<string, number>> {
  const rows = await sql<{ fingerprint: string; violation_id: string | number }>(
    db,
    'SELECT fingerprint, violation_id FROM code_quality_fingerprints',
  );
  return new Map(rows.map((r) => [r.fingerprint, Number(r.violation_id)]));
}

export interface ScanOutcome {
  found: number;
  new_violations: number;
  fixed: number;
  new_errors: number;
}

/**
 * Records one scan's findings on the violations: each one found is recorded found (nothing new
 * when it was present already), each known one not found is recorded fixed. Event ids derive
 * from the scan, so a scan recorded twice (a retried worker) appends nothing twice.
 */
export async function recordFindings(
  deps: CodeQualityDeps,
  scanId: number,
  findings: Finding[],
  ctx: CommandContext,
): Promise<ScanOutcome> {
  const at = deps.clock.now().toISOString();
  const ids = await violationIdsOf(
    deps.db,
    findings.map((f) => f.fingerprint),
  );
  const outcome: ScanOutcome = { found: findings.length, new_violations: 0, fixed: 0, new_errors: 0 };
  const causation = (id: number) => ({ ...ctx, causationId: `code_quality_scan-${scanId}:violation-${id}` });
  for (const f of findings) {
    const id = ids.get(f.fingerprint)!;
    const done = await runViolationCommand(
      deps.store,
      id,
      { type: 'RecordViolationFound', data: { ...f, violation_id: id, scan_id: scanId, at } },
      causation(id),
    );
    const first = done.events.find((e) => e.type === 'ViolationFound' && !e.data.again);
    if (first) {
      outcome.new_violations += 1;
      if (f.severity === 'error') outcome.new_errors += 1;
    }
  }
  const seen = new Set(findings.map((f) => f.fingerprint));
  for (const [fingerprint, id] of await knownViolations(deps.db)) {
    if (seen.has(fingerprint)) continue;
    const done = await runViolationCommand(
      deps.store,
      id,
      { type: 'RecordViolationFixed', data: { violation_id: id, scan_id: scanId, at } },
      causation(id),
    );
    outcome.fixed += done.events.length;
  }
  return outcome;
}
