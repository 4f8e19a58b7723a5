import { BusinessLogicException, DomainException, ResourceNotFoundException } from '../../src/core/errors.ts';

/** STRIPE_SECRET_KEY is not set: the billing routes cannot reach a payment provider. */
export class BillingNotConfiguredException extends DomainException {
  override readonly status = 503;
}
/** An add-on code not in the catalogue, or an add-on id that is not this vendor's. */
export class AddOnNotFoundException extends ResourceNotFoundException {}
/** A Stripe webhook whose signature is missing, wrong or too old: nothing of it is stored. */
export class WebhookSignatureException extends BusinessLogicException {}
/** No stored Stripe webhook event has this id. */
export class WebhookEventNotFoundException extends ResourceNotFoundException {}
