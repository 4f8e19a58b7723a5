import { ConflictException, DomainException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class ViolationNotFoundException extends ResourceNotFoundException {}
export class CodeQualityScanNotFoundException extends ResourceNotFoundException {}
/** A scan's step that its state does not allow (a worker that lost the job to another). */
export class CodeQualityScanStateException extends ConflictException {}

/** Another request queued a scan first (the loser of a race joins that scan instead). */
export class CodeQualityScanInProgressException extends ConflictException {}

/** The analyser is a development dependency: a deployment installed without them cannot scan. */
export class CodeQualityAnalyserUnavailableException extends DomainException {
  override readonly status = 503;
}
