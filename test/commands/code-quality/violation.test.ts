import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { ViolationNotFoundException, CodeQualityScanInProgressException } from '../../../commands/code-quality/errors.ts';
import type { Finding, ViolationEvent } from '../../../commands/code-quality/events.ts';
import { violation } from '../../../commands/code-quality/violation.ts';
import { codeQualityScan } from '../../../commands/code-quality/codeQualityScan.ts';
import { codeQualityScanner } from '../../../commands/code-quality/codeQualityScanner.ts';
import { given } from '../../support/decider.ts';

const AT = '2026-11-28T10:00:00.000Z';
const finding: Finding = {
  fingerprint: 'f1',
  rule_id: 'queries-never-import-commands',
  severity: 'error',
  description: 'Queries never import commands.',
  file_path: 'queries/shop/listShops.ts',
  line: null,
  target: 'commands/shop/decide.ts',
  message: 'queries/shop/listShops.ts imports commands/shop/decide.ts',
};
const found = (scan = 1, again = false): ViolationEvent => ({
  type: 'ViolationFound',
  data: { ...finding, violation_id: 7, scan_id: scan, again, at: AT },
});
const assigned: ViolationEvent = {
  type: 'ViolationAssigned',
  data: { violation_id: 7, assignee: 'ada', priority: 'high', due_date: '2026-12-01', by: 1, at: AT },
};
const resolved: ViolationEvent = { type: 'ViolationResolved', data: { violation_id: 7, note: null, by: 1, at: AT } };
const ignored: ViolationEvent = { type: 'ViolationIgnored', data: { violation_id: 7, reason: 'generated code', by: 1, at: AT } };
const fixed: ViolationEvent = { type: 'ViolationFixed', data: { violation_id: 7, scan_id: 2, at: AT } };

const assign = {
  type: 'AssignViolation' as const,
  data: { violation_id: 7, assignee: 'ada', priority: 'high' as const, due_date: '2026-12-01', by: 1, at: AT },
};
const resolve = { type: 'ResolveViolation' as const, data: { violation_id: 7, note: null, by: 1, at: AT } };
const ignore = { type: 'IgnoreViolation' as const, data: { violation_id: 7, reason: 'generated code', by: 1, at: AT } };
const comment = { type: 'CommentOnViolation' as const, data: { violation_id: 7, text: 'on it', by: 1, at: AT } };
const foundBy = (scan: number) => ({ type: 'RecordViolationFound' as const, data: { ...finding, violation_id: 7, scan_id: scan, at: AT } });
const fixedBy = (scan: number) => ({ type: 'RecordViolationFixed' as const, data: { violation_id: 7, scan_id: scan, at: AT } });

describe('violation decider: the workflow rows of the specification', () => {
  describe('assign (any state → assigned; assignee, priority and due date recorded)', () => {
    for (const [name, history] of [
      ['open', [found()]],
      ['assigned', [found(), assigned]],
      ['resolved', [found(), assigned, resolved]],
      ['ignored', [found(), assigned, ignored]],
    ] as const) {
      it(`from ${name}`, () =>
        given(violation, [...history])
          .when(assign)
          .then([{ type: 'ViolationAssigned', data: assign.data }]));
    }
  });

  it('resolve: assigned → resolved', () => given(violation, [found(), assigned]).when(resolve).then([resolved]));
  it('ignore: assigned → ignored, with the reason', () => given(violation, [found(), assigned]).when(ignore).then([ignored]));

  describe('refused moves name the state (409)', () => {
    for (const [name, history] of [
      ['open', [found()]],
      ['resolved', [found(), assigned, resolved]],
      ['ignored', [found(), assigned, ignored]],
    ] as const) {
      it(`resolve from ${name}`, () =>
        given(violation, [...history])
          .when(resolve)
          .thenThrows(InvalidTransitionException, new RegExp(`'${name}'`)));
      it(`ignore from ${name}`, () =>
        given(violation, [...history])
          .when(ignore)
          .thenThrows(InvalidTransitionException, new RegExp(`'${name}'`)));
    }
  });

  it('comments in any state, numbered', () => {
    given(violation, [
      found(),
      assigned,
      resolved,
      { type: 'ViolationCommented' as const, data: { violation_id: 7, comment_id: 1, text: 'x', by: 1, at: AT } },
    ])
      .when(comment)
      .then([{ type: 'ViolationCommented', data: { ...comment.data, comment_id: 2 } }]);
  });

  it('nothing is done to a violation no scan found', () => {
    for (const c of [assign, resolve, ignore, comment]) given(violation, []).when(c).thenThrows(ViolationNotFoundException);
  });

  describe('scans find and fix; the workflow status stays', () => {
    it('first found', () =>
      given(violation, [])
        .when(foundBy(1))
        .then([found(1, false)]));
    it('found again while present: nothing new', () => given(violation, [found()]).when(foundBy(2)).then([]));
    it('fixed when a scan no longer finds it', () => given(violation, [found(), assigned]).when(fixedBy(2)).then([fixed]));
    it('fixed twice: nothing new', () => given(violation, [found(), fixed]).when(fixedBy(3)).then([]));
    it('found again after a fix keeps its assignment', () => {
      const g = given(violation, [found(), assigned, fixed]);
      g.when(foundBy(3)).then([found(3, true)]);
      const after = [found(), assigned, fixed, found(3, true)].reduce(violation.evolve, violation.initialState());
      if (after.status !== 'assigned' || after.assignee !== 'ada' || !after.present)
        throw new Error(`workflow lost: ${JSON.stringify(after)}`);
    });
  });
});

describe('code-quality scan decider: the job lifecycle', () => {
  const requested = { type: 'CodeQualityScanRequested' as const, data: { scan_id: 3, requested_by: 1, at: AT } };
  const started = { type: 'CodeQualityScanStarted' as const, data: { scan_id: 3, at: AT } };
  const completed = {
    type: 'CodeQualityScanCompleted' as const,
    data: {
      scan_id: 3,
      files: 1,
      found: 0,
      new_violations: 0,
      fixed: 0,
      new_errors: 0,
      by_severity: { error: 0, warning: 0, info: 0 },
      at: AT,
    },
  };
  it('request → start → progress → complete', () => {
    given(codeQualityScan, []).when({ type: 'RequestCodeQualityScan', data: requested.data }).then([requested]);
    given(codeQualityScan, [requested]).when({ type: 'StartCodeQualityScan', data: started.data }).then([started]);
    given(codeQualityScan, [requested, started])
      .when({ type: 'RecordCodeQualityScanProgress', data: { scan_id: 3, message: 'reading', at: AT } })
      .then([{ type: 'CodeQualityScanProgressed', data: { scan_id: 3, message: 'reading', at: AT } }]);
    given(codeQualityScan, [requested, started]).when({ type: 'CompleteCodeQualityScan', data: completed.data }).then([completed]);
  });
  it('a scan is started once: a second worker is refused', () => {
    given(codeQualityScan, [requested, started])
      .when({ type: 'StartCodeQualityScan', data: started.data })
      .thenThrows(InvalidTransitionException, /'running'/);
  });
  it('fails from pending or running, never after it ended', () => {
    const fail = { type: 'FailCodeQualityScan' as const, data: { scan_id: 3, error: 'lost', at: AT } };
    given(codeQualityScan, [requested])
      .when(fail)
      .then([{ type: 'CodeQualityScanFailed', data: fail.data }]);
    given(codeQualityScan, [requested, started])
      .when(fail)
      .then([{ type: 'CodeQualityScanFailed', data: fail.data }]);
    given(codeQualityScan, [requested, started, completed])
      .when(fail)
      .thenThrows(InvalidTransitionException, /'completed'/);
  });
  it('is cancelled by an operator while it waits or runs; an ended scan, a cancelled one included, is not', () => {
    const cancel = { type: 'CancelCodeQualityScan' as const, data: { scan_id: 3, by: 1, at: AT } };
    const cancelled = { type: 'CodeQualityScanCancelled' as const, data: cancel.data };
    given(codeQualityScan, [requested]).when(cancel).then([cancelled]);
    given(codeQualityScan, [requested, started]).when(cancel).then([cancelled]);
    given(codeQualityScan, [requested, started, completed])
      .when(cancel)
      .thenThrows(InvalidTransitionException, /'completed'/);
    given(codeQualityScan, [requested, started, cancelled])
      .when(cancel)
      .thenThrows(InvalidTransitionException, /'cancelled'/);
    // The worker's last words on a cancelled scan are refused: its cancel stands.
    given(codeQualityScan, [requested, started, cancelled])
      .when({ type: 'CompleteCodeQualityScan', data: completed.data })
      .thenThrows(InvalidTransitionException, /'cancelled'/);
    given(codeQualityScan, [requested, cancelled])
      .when({ type: 'StartCodeQualityScan', data: started.data })
      .thenThrows(InvalidTransitionException, /'cancelled'/);
  });
});

describe('code-quality scanner decider: one scan queued at a time', () => {
  const queued = (scan_id: number, after: number | null) => ({
    type: 'CodeQualityScanQueued' as const,
    data: { scan_id, after, requested_by: 1, at: AT },
  });
  const queue = (scan_id: number, after: number | null) => ({
    type: 'QueueCodeQualityScan' as const,
    data: { scan_id, after, requested_by: 1, at: AT },
  });
  it('queues the first scan after none, and each next one after the one queued last', () => {
    given(codeQualityScanner, [])
      .when(queue(3, null))
      .then([queued(3, null)]);
    given(codeQualityScanner, [queued(3, null)])
      .when(queue(4, 3))
      .then([queued(4, 3)]);
  });
  it('refuses a scan queued after one that is no longer the last, naming the last', () => {
    given(codeQualityScanner, [queued(3, null)])
      .when(queue(4, null))
      .thenThrows(CodeQualityScanInProgressException, /Scan 3 was queued meanwhile/);
    given(codeQualityScanner, [queued(3, null), queued(5, 3)])
      .when(queue(6, 3))
      .thenThrows(CodeQualityScanInProgressException, /Scan 5/);
  });
});
