import { assertNever, type Decider } from '../../src/core/decider.ts';
import { InvalidTransitionException } from '../../src/core/errors.ts';
import type { TransitionTable } from '../../src/core/transitions.ts';
import { CodeQualityScanNotFoundException } from './errors.ts';
import type { CodeQualityScanCompleted, CodeQualityScanEvent } from './events.ts';

export type ScanStatus = 'none' | 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
export type ScanAction = 'request' | 'start' | 'progress' | 'complete' | 'fail' | 'cancel';

export interface ScanState {
  status: ScanStatus;
  id: number | null;
}

/**
 * A scan's moves (the specification shows none: these are the job lifecycle of ARCHITECTURE.md
 * "Long operations"). A scan that lost its worker is failed from wherever it stood. An operator
 * cancels a waiting or running scan (the task monitor): its worker stops the analyser, and the
 * violations keep the state the last completed scan left them in, since findings are only
 * recorded when a scan completes.
 */
export const SCAN_TRANSITIONS: TransitionTable<ScanStatus, ScanAction> = {
  request: { from: ['none'], to: 'pending' },
  start: { from: ['pending'], to: 'running' },
  progress: { from: ['running'], to: 'running' },
  complete: { from: ['running'], to: 'completed' },
  fail: { from: ['pending', 'running'], to: 'failed' },
  cancel: { from: ['pending', 'running'], to: 'cancelled' },
};

export type ScanCommand =
  | { type: 'RequestCodeQualityScan'; data: { scan_id: number; requested_by: number | string; at: string } }
  | { type: 'StartCodeQualityScan'; data: { scan_id: number; at: string } }
  | { type: 'RecordCodeQualityScanProgress'; data: { scan_id: number; message: string; at: string } }
  | { type: 'CompleteCodeQualityScan'; data: CodeQualityScanCompleted['data'] }
  | { type: 'FailCodeQualityScan'; data: { scan_id: number; error: string; at: string } }
  | { type: 'CancelCodeQualityScan'; data: { scan_id: number; by: number | string; at: string } };

const ACTION: Record<ScanCommand['type'], ScanAction> = {
  RequestCodeQualityScan: 'request',
  StartCodeQualityScan: 'start',
  RecordCodeQualityScanProgress: 'progress',
  CompleteCodeQualityScan: 'complete',
  FailCodeQualityScan: 'fail',
  CancelCodeQualityScan: 'cancel',
};

export function evolveScan(state: ScanState, event: CodeQualityScanEvent): ScanState {
  switch (event.type) {
    case 'CodeQualityScanRequested':
      return { status: 'pending', id: event.data.scan_id };
    case 'CodeQualityScanStarted':
      return { ...state, status: 'running' };
    case 'CodeQualityScanProgressed':
      return state;
    case 'CodeQualityScanCompleted':
      return { ...state, status: 'completed' };
    case 'CodeQualityScanFailed':
      return { ...state, status: 'failed' };
    case 'CodeQualityScanCancelled':
      return { ...state, status: 'cancelled' };
    default:
      return assertNever(event);
  }
}

export function decideScan(command: ScanCommand, state: ScanState): CodeQualityScanEvent[] {
  const action = ACTION[command.type];
  if (state.status === 'none' && action !== 'request') throw new CodeQualityScanNotFoundException(`Scan ${command.data.scan_id} not found`);
  const move = SCAN_TRANSITIONS[action];
  if (!move.from.includes(state.status)) throw new InvalidTransitionException('Code-quality scan', state.status, action);
  switch (command.type) {
    case 'RequestCodeQualityScan':
      return [{ type: 'CodeQualityScanRequested', data: command.data }];
    case 'StartCodeQualityScan':
      return [{ type: 'CodeQualityScanStarted', data: command.data }];
    case 'RecordCodeQualityScanProgress':
      return [{ type: 'CodeQualityScanProgressed', data: command.data }];
    case 'CompleteCodeQualityScan':
      return [{ type: 'CodeQualityScanCompleted', data: command.data }];
    case 'FailCodeQualityScan':
      return [{ type: 'CodeQualityScanFailed', data: command.data }];
    case 'CancelCodeQualityScan':
      return [{ type: 'CodeQualityScanCancelled', data: command.data }];
    default:
      return assertNever(command);
  }
}

export const codeQualityScan: Decider<ScanState, ScanCommand, CodeQualityScanEvent> = {
  aggregate: 'code_quality_scan',
  initialState: () => ({ status: 'none', id: null }),
  evolve: evolveScan,
  decide: decideScan,
};
