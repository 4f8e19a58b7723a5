import { ConflictException, DomainException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class TestRunNotFoundException extends ResourceNotFoundException {}
/** One run at a time: another is waiting or running. */
export class TestRunInProgressException extends ConflictException {}
/** The deployment was installed without the test suite's dependencies (or without the suite). */
export class TestSuiteUnavailableException extends DomainException {
  override readonly status = 503;
}
