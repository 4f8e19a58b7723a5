/**
 * Code-quality scans and their violations (SPEC.md part 2 "Architecture scan and violation",
 * part 3 violation rows). A scan is a job aggregate: requested → started → progress messages →
 * completed or failed. A violation is an aggregate of its own, keyed by a stable fingerprint of
 * what breaks which rule where: scans record it found (first time, or again after a fix) and
 * fixed; operators assign, resolve, ignore and comment on it. This file is the area's public
 * contract.
 */
export type Severity = 'error' | 'warning' | 'info';
export type ViolationStatus = 'open' | 'assigned' | 'resolved' | 'ignored';
export type Priority = 'low' | 'medium' | 'high' | 'critical';

/**
 * The deployment's scanner queued a scan (stream `code_quality_scanner-deployment`): the scan
 * follows `after`, the one queued before it, which had ended. One scan at a time rests on it.
 */
export type CodeQualityScanQueued = {
  type: 'CodeQualityScanQueued';
  data: { scan_id: number; after: number | null; requested_by: number | string; at: string };
};
export type CodeQualityScanRequested = {
  type: 'CodeQualityScanRequested';
  data: { scan_id: number; requested_by: number | string; at: string };
};
export type CodeQualityScanStarted = { type: 'CodeQualityScanStarted'; data: { scan_id: number; at: string } };
/** What the scan is doing now, in words (the page and the poller show it). */
export type CodeQualityScanProgressed = { type: 'CodeQualityScanProgressed'; data: { scan_id: number; message: string; at: string } };
export type CodeQualityScanCompleted = {
  type: 'CodeQualityScanCompleted';
  data: {
    scan_id: number;
    files: number;
    found: number;
    new_violations: number;
    fixed: number;
    /** New violations of severity error: the admins are told of them once. */
    new_errors: number;
    by_severity: Record<Severity, number>;
    at: string;
  };
};
export type CodeQualityScanFailed = { type: 'CodeQualityScanFailed'; data: { scan_id: number; error: string; at: string } };
/** An operator cancelled the scan while it waited or ran: nothing it found is recorded. */
export type CodeQualityScanCancelled = { type: 'CodeQualityScanCancelled'; data: { scan_id: number; by: number | string; at: string } };

export type CodeQualityScanEvent =
  | CodeQualityScanRequested
  | CodeQualityScanStarted
  | CodeQualityScanProgressed
  | CodeQualityScanCompleted
  | CodeQualityScanFailed
  | CodeQualityScanCancelled;

/** What a scan saw break a rule: the rule, the file (and line when known), the module it reached when the rule is about a dependency. */
export interface Finding {
  fingerprint: string;
  rule_id: string;
  severity: Severity;
  description: string;
  file_path: string;
  line: number | null;
  target: string | null;
  message: string;
}

/** A scan found the violation: the first time (`again` false) or after an earlier scan found it fixed. */
export type ViolationFound = {
  type: 'ViolationFound';
  data: Finding & { violation_id: number; scan_id: number; again: boolean; at: string };
};
/** A scan no longer found it. Its workflow status stays as it was. */
export type ViolationFixed = { type: 'ViolationFixed'; data: { violation_id: number; scan_id: number; at: string } };
export type ViolationAssigned = {
  type: 'ViolationAssigned';
  data: { violation_id: number; assignee: string; priority: Priority; due_date: string | null; by: number | string; at: string };
};
export type ViolationResolved = {
  type: 'ViolationResolved';
  data: { violation_id: number; note: string | null; by: number | string; at: string };
};
export type ViolationIgnored = {
  type: 'ViolationIgnored';
  data: { violation_id: number; reason: string; by: number | string; at: string };
};
export type ViolationCommented = {
  type: 'ViolationCommented';
  data: { violation_id: number; comment_id: number; text: string; by: number | string; at: string };
};

export type ViolationEvent =
  ViolationFound | ViolationFixed | ViolationAssigned | ViolationResolved | ViolationIgnored | ViolationCommented;

export const SCAN_EVENT_TYPES = [
  'CodeQualityScanRequested',
  'CodeQualityScanStarted',
  'CodeQualityScanProgressed',
  'CodeQualityScanCompleted',
  'CodeQualityScanFailed',
  'CodeQualityScanCancelled',
] as const satisfies readonly CodeQualityScanEvent['type'][];

export const VIOLATION_EVENT_TYPES = [
  'ViolationFound',
  'ViolationFixed',
  'ViolationAssigned',
  'ViolationResolved',
  'ViolationIgnored',
  'ViolationCommented',
] as const satisfies readonly ViolationEvent['type'][];
