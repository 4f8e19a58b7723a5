import { assertNever, type Decider } from '../../src/core/decider.ts';
import { checkTransition, type TransitionTable } from '../../src/core/transitions.ts';
import { ViolationNotFoundException } from './errors.ts';
import type { Finding, Priority, ViolationEvent, ViolationStatus } from './events.ts';

export interface Comment {
  comment_id: number;
  text: string;
  by: number | string;
  at: string;
}

export type ViolationState =
  | { status: 'none' }
  | (Finding & {
      status: ViolationStatus;
      id: number;
      /** Found by the last scan that looked; false once a scan no longer found it. */
      present: boolean;
      first_found_at: string;
      last_found_scan: number;
      fixed_by_scan: number | null;
      assignee: string | null;
      priority: Priority | null;
      due_date: string | null;
      comments: Comment[];
    });

export type ViolationAction = 'assign' | 'resolve' | 'ignore' | 'comment';

/**
 * SPEC.md part 3, the violation rows: assign records assignee, priority and due date from any
 * state (it also reopens a resolved or ignored one); resolve and ignore only from assigned.
 * Comments at any time. Scans' found and fixed facts are not workflow moves: they change
 * `present`, never the status.
 */
export const VIOLATION_TRANSITIONS: TransitionTable<ViolationStatus, ViolationAction> = {
  assign: { from: ['open', 'assigned', 'resolved', 'ignored'], to: 'assigned' },
  resolve: { from: ['assigned'], to: 'resolved' },
  ignore: { from: ['assigned'], to: 'ignored' },
  comment: { from: ['open', 'assigned', 'resolved', 'ignored'], to: 'computed' },
};

export type ViolationCommand =
  | { type: 'RecordViolationFound'; data: Finding & { violation_id: number; scan_id: number; at: string } }
  | { type: 'RecordViolationFixed'; data: { violation_id: number; scan_id: number; at: string } }
  | {
      type: 'AssignViolation';
      data: { violation_id: number; assignee: string; priority: Priority; due_date: string | null; by: number | string; at: string };
    }
  | { type: 'ResolveViolation'; data: { violation_id: number; note: string | null; by: number | string; at: string } }
  | { type: 'IgnoreViolation'; data: { violation_id: number; reason: string; by: number | string; at: string } }
  | { type: 'CommentOnViolation'; data: { violation_id: number; text: string; by: number | string; at: string } };

export function evolveViolation(state: ViolationState, event: ViolationEvent): ViolationState {
  if (event.type === 'ViolationFound') {
    const { violation_id, scan_id, again: _again, at, ...finding } = event.data;
    if (state.status === 'none') {
      return {
        ...finding,
        status: 'open',
        id: violation_id,
        present: true,
        first_found_at: at,
        last_found_scan: scan_id,
        fixed_by_scan: null,
        assignee: null,
        priority: null,
        due_date: null,
        comments: [],
      };
    }
    return { ...state, ...finding, present: true, last_found_scan: scan_id, fixed_by_scan: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ViolationFixed':
      return { ...state, present: false, fixed_by_scan: event.data.scan_id };
    case 'ViolationAssigned': {
      const { assignee, priority, due_date } = event.data;
      return { ...state, status: 'assigned', assignee, priority, due_date };
    }
    case 'ViolationResolved':
      return { ...state, status: 'resolved' };
    case 'ViolationIgnored':
      return { ...state, status: 'ignored' };
    case 'ViolationCommented': {
      const { comment_id, text, by, at } = event.data;
      return { ...state, comments: [...state.comments, { comment_id, text, by, at }] };
    }
    default:
      return assertNever(event);
  }
}

function existing(state: ViolationState, id: number) {
  if (state.status === 'none') throw new ViolationNotFoundException(`Violation ${id} not found`);
  return state;
}

export function decideViolation(command: ViolationCommand, state: ViolationState): ViolationEvent[] {
  const d = command.data;
  switch (command.type) {
    case 'RecordViolationFound': {
      // Found again while still present: nothing new happened.
      if (state.status !== 'none' && state.present) return [];
      return [{ type: 'ViolationFound', data: { ...command.data, again: state.status !== 'none' } }];
    }
    case 'RecordViolationFixed': {
      if (state.status === 'none' || !state.present) return [];
      return [{ type: 'ViolationFixed', data: command.data }];
    }
    case 'AssignViolation':
      checkTransition('Violation', VIOLATION_TRANSITIONS, 'assign', existing(state, d.violation_id).status);
      return [{ type: 'ViolationAssigned', data: command.data }];
    case 'ResolveViolation':
      checkTransition('Violation', VIOLATION_TRANSITIONS, 'resolve', existing(state, d.violation_id).status);
      return [{ type: 'ViolationResolved', data: command.data }];
    case 'IgnoreViolation':
      checkTransition('Violation', VIOLATION_TRANSITIONS, 'ignore', existing(state, d.violation_id).status);
      return [{ type: 'ViolationIgnored', data: command.data }];
    case 'CommentOnViolation': {
      const s = existing(state, d.violation_id);
      checkTransition('Violation', VIOLATION_TRANSITIONS, 'comment', s.status);
      return [{ type: 'ViolationCommented', data: { ...command.data, comment_id: s.comments.length + 1 } }];
    }
    default:
      return assertNever(command);
  }
}

export const violation: Decider<ViolationState, ViolationCommand, ViolationEvent> = {
  aggregate: 'violation',
  initialState: () => ({ status: 'none' }),
  evolve: evolveViolation,
  decide: decideViolation,
};
