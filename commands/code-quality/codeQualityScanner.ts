import type { Decider } from '../../src/core/decider.ts';
import { CodeQualityScanInProgressException } from './errors.ts';
import type { CodeQualityScanQueued } from './events.ts';

/**
 * The deployment's scanner: one scan at a time. Every scan is queued here before it is
 * requested, each queueing naming the scan it follows; two requests that saw the same scanner
 * append with the same expected version and only one wins, on any number of instances (a
 * read-model check would race: the scans table lags the events). Whether the queued scan is
 * still waiting or running is its own stream's business (commands/code-quality/handlers.ts
 * `requestScan` reads it), so the scanner needs no event when a scan ends.
 */
export interface QueuedScan {
  scan_id: number;
  requested_by: number | string;
  at: string;
}
export interface ScannerState {
  current: QueuedScan | null;
}

export type ScannerCommand = {
  type: 'QueueCodeQualityScan';
  /** `after`: the scan the caller saw queued last (null: none); refused when another was queued since. */
  data: QueuedScan & { after: number | null };
};

/** The scanner's stream id: one per deployment (the platforms share its source tree). */
export const SCANNER_ID = 'deployment';

export const codeQualityScanner: Decider<ScannerState, ScannerCommand, CodeQualityScanQueued> = {
  aggregate: 'code_quality_scanner',
  initialState: () => ({ current: null }),
  evolve: (_state, event) => {
    const { scan_id, requested_by, at } = event.data;
    return { current: { scan_id, requested_by, at } };
  },
  decide: (command, state) => {
    const current = state.current?.scan_id ?? null;
    if (current !== command.data.after) {
      throw new CodeQualityScanInProgressException(`Scan ${current} was queued meanwhile: one scan at a time`, { scan_id: current });
    }
    return [{ type: 'CodeQualityScanQueued', data: command.data }];
  },
};
