/**
 * The domain exceptions of SPEC.md part 7, one class hierarchy. Each class carries its HTTP
 * status (ARCHITECTURE.md "HTTP"); the global error handler renders them as RFC 9457 problem
 * bodies with `code` = the class name. Services and deciders throw these; routes never build
 * error responses.
 */
export class DomainException extends Error {
  readonly status: number = 400;
  /** Extra members of the problem body (for example the current state of a refused move). */
  readonly extra: Record<string, unknown>;
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.extra = extra;
  }
  get code(): string {
    return this.name;
  }
}

// 400: a business rule was broken.
export class BusinessLogicException extends DomainException {}
// 401, 403, 404, 409, 413, 422, 429: the generic kinds.
export class AuthenticationException extends DomainException { override readonly status = 401; }
export class AuthorizationException extends DomainException { override readonly status = 403; }
export class ResourceNotFoundException extends DomainException { override readonly status = 404; }
export class ConflictException extends DomainException { override readonly status = 409; }
export class PayloadTooLargeException extends DomainException { override readonly status = 413; }
export class ValidationException extends DomainException {
  override readonly status = 422;
  constructor(message: string, readonly errors: ValidationIssue[] = []) {
    super(message, { errors });
  }
}
export class TooManyAttemptsException extends DomainException {
  override readonly status = 429;
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message, { retry_after: retryAfterSeconds });
  }
}
export interface ValidationIssue {
  /** JSON pointer into the request part, for example `/body/email` or `/path/id`. */
  pointer: string;
  message: string;
}

/** A command's expected stream version did not match: another write came first. */
export class ConcurrencyException extends ConflictException {}
/** A state-table move not allowed from the current state (SPEC.md part 3). */
export class InvalidTransitionException extends ConflictException {
  constructor(resource: string, from: string, action: string) {
    super(`${resource} cannot ${action} from state '${from}'`, { current_state: from, action });
  }
}

// Tenancy.
export class VendorNotFoundException extends ResourceNotFoundException {}
export class VendorAccessDeniedException extends AuthorizationException {}
export class VendorOwnerOnlyException extends AuthorizationException {}
export class InsufficientVendorPermissionsException extends AuthorizationException {}
/** The vendor API stays closed until a temporary password is replaced. */
export class PasswordChangeRequiredException extends AuthorizationException {}

// Cart and addresses (storefront).
export class InsufficientInventoryForCartException extends BusinessLogicException {}
export class CartValidationException extends ValidationException {}
export class EmptyCartException extends BusinessLogicException {}
export class AddressNotFoundException extends ResourceNotFoundException {}

// Subscriptions, features (the onboarding's own exceptions are in commands/onboarding/errors.ts).
export class TierLimitExceededException extends AuthorizationException {}
export class FeatureNotFoundError extends ResourceNotFoundException {}
/** The vendor's tier lacks a gated feature; the problem body names the feature and the lowest tier that has it. */
export class FeatureNotAvailableException extends AuthorizationException {}

// Orders.
/** The vendor has no extmarket API key, or the extmarket refused it. */
export class ExtmarketCredentialsException extends BusinessLogicException {}
/** The extmarket could not be reached or answered with an error (the call is retried). */
export class ExtmarketUnavailableException extends DomainException { override readonly status = 502; }
/** VIES could not answer whether a VAT number is valid (eu-vat-rules.md c); retry later. */
export class VatNumberCheckUnavailableException extends DomainException { override readonly status = 503; }
/** No ECB reference rate before an invoice's tax point for the currency its VAT must be stated in. */
export class ExchangeRateUnavailableException extends BusinessLogicException {}
/** A reference rates file that is not the ECB's format, or holds a malformed day, currency or rate. */
export class ReferenceRatesFileException extends BusinessLogicException {}

// Catalogue, marketplace imports, inventory and media.
export class MediaNotFoundException extends ResourceNotFoundException {}
/** An upload that is not an image sharp can read (SPEC.md part 8). */
export class UnsupportedMediaException extends ValidationException {}

// Billing: Stripe, add-ons (docs/billing.md).
/** Stripe refused a request or could not be reached; nothing was changed on our side. */
export class BillingProviderException extends DomainException { override readonly status = 502; }
