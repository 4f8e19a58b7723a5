import { BusinessLogicException, ConflictException, ResourceNotFoundException } from '../../src/core/errors.ts';
import type { SignupStep } from './events.ts';

/** No signup has this id (or it never began). */
export class SignupNotFoundException extends ResourceNotFoundException {}

/** A step was sent before the steps it follows (account, company, vendor, tier, card, in that order). */
export class SignupStepOrderException extends ConflictException {
  constructor(sent: SignupStep | 'complete', next: SignupStep) {
    super(`The ${sent === 'complete' ? 'completion' : `${sent} step`} cannot be taken yet: the ${next} step comes first`, {
      sent_step: sent,
      next_step: next,
    });
  }
}

/** The card step needs the SetupIntent confirmed by Stripe first (the visitor's browser confirms it). */
export class SignupCardNotConfirmedException extends BusinessLogicException {}
