import {
  AuthorizationException,
  BusinessLogicException,
  ConflictException,
  ResourceNotFoundException,
  ValidationException,
  type ValidationIssue,
} from '../../src/core/errors.ts';
import { STEP_NAMES, type OnboardingStep } from './events.ts';

/** Where the vendor stands, in every onboarding refusal's problem body: the step to do next. */
function next(step: OnboardingStep | null) {
  return { next_step: step, next_step_name: step ? STEP_NAMES[step] : null };
}

/** The vendor has no onboarding record (it existed before onboarding, so nothing blocks it). */
export class OnboardingNotFoundException extends ResourceNotFoundException {}

/** A step other than the next one was sent (SPEC.md part 3: steps 1 to 4 in order). */
export class OnboardingStepOrderException extends ConflictException {
  constructor(sent: OnboardingStep, expected: OnboardingStep | null) {
    super(
      expected === null
        ? `Step ${sent} cannot be committed now: the historical sync of step 4 is running`
        : `Step ${sent} cannot be committed now: step ${expected} (${STEP_NAMES[expected]}) comes next`,
      { sent_step: sent, ...next(expected) },
    );
  }
}

/** The onboarding is already completed or was skipped: there is no step left to commit. */
export class OnboardingAlreadyFinishedException extends ConflictException {
  constructor(status: string) {
    super(`The onboarding is already ${status}`, { onboarding_status: status, ...next(null) });
  }
}

/** The dashboard stays closed until the onboarding is finished (the vendor API's gate). */
export class OnboardingRequiredException extends AuthorizationException {
  constructor(step: OnboardingStep | null) {
    super(
      step === null
        ? 'Finish the onboarding first: the historical order sync of step 4 is running'
        : `Finish the onboarding first: step ${step} (${STEP_NAMES[step]}) comes next`,
      { ...next(step), onboarding_url: '/vendor/onboarding' },
    );
  }
}

/** Step 2: the extmarket did not answer the connection test with the given key. */
export class OnboardingConnectionFailedException extends BusinessLogicException {}

/** Step 3: a CSV URL that the service refuses to fetch, or whose answer is not a usable CSV. */
export class ImportUrlRefusedException extends ValidationException {
  constructor(message: string, issues: ValidationIssue[]) {
    super(message, issues);
  }
}
