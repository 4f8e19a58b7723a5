/**
 * The domain exceptions of SPEC.md part 7, one class hierarchy. Each class carries its HTTP
 * status (ARCHITECTURE.md "HTTP"); the global error handler renders them as RFC 9457 problem
 * bodies with `code` = the class name. Services and deciders throw these; routes never build
 * error responses.
 *
 * An area's own exceptions live in its commands/<area>/errors.ts and extend the kinds below.
 * What stays here is shared: a generic kind, an exception a generic layer raises (the route
 * plumbing and its guards, the runtime, an adapter), or one several areas raise with no area
 * below them all to hold it. Each says why.
 */
/** The root every area's exceptions extend: the error handler renders any of them. */
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

// The generic kinds (400, 401, 403, 404, 409, 413, 422, 429).
/** 400, a business rule was broken: the kind most areas' refusals extend. */
export class BusinessLogicException extends DomainException {}
/** 401: the sign-in guards of every API area raise it. */
export class AuthenticationException extends DomainException {
  override readonly status = 401;
}
/** 403: the guards of every API area raise it, and areas' forbidden answers extend it. */
export class AuthorizationException extends DomainException {
  override readonly status = 403;
}
/** 404: any route with an id in its path may answer it; areas' not-founds extend it. */
export class ResourceNotFoundException extends DomainException {
  override readonly status = 404;
}
/** 409: the runtime's one-at-a-time runs raise it, and areas' conflicts extend it. */
export class ConflictException extends DomainException {
  override readonly status = 409;
}
/** 413: the multipart reader refuses an upload over its limit, whichever area receives it. */
export class PayloadTooLargeException extends DomainException {
  override readonly status = 413;
}
/** 422: the request validation of every route raises it, and areas' invalid inputs extend it. */
export class ValidationException extends DomainException {
  override readonly status = 422;
  constructor(
    message: string,
    readonly errors: ValidationIssue[] = [],
  ) {
    super(message, { errors });
  }
}
/** 429: the login throttle every sign-in shares (back office, shop, signup) raises it. */
export class TooManyAttemptsException extends DomainException {
  override readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, { retry_after: retryAfterSeconds });
  }
}
export interface ValidationIssue {
  /** JSON pointer into the request part, for example `/body/email` or `/path/id`. */
  pointer: string;
  message: string;
}

/** Another write came first (the expected stream version did not match): the runtime's command handling raises it for every stream. */
export class ConcurrencyException extends ConflictException {}
/** A move the state table does not allow from the current state (SPEC.md part 3): src/core/transitions.ts raises it for every area's tables. */
export class InvalidTransitionException extends ConflictException {
  constructor(resource: string, from: string, action: string) {
    super(`${resource} cannot ${action} from state '${from}'`, { current_state: from, action });
  }
}

// Tenancy: the shop's vendor context and the vendor API guard, on every route of their API area.
/** The shop's vendor context raises it on every shop route, and most areas look a vendor up by id. */
export class VendorNotFoundException extends ResourceNotFoundException {}
/** The vendor API guard refuses a token whose vendor is gone, inactive or not the caller's, on every vendor route. */
export class VendorAccessDeniedException extends AuthorizationException {}
/** The vendor API guard refuses a route kept for the owner to anyone else, whichever area's route it is. */
export class VendorOwnerOnlyException extends AuthorizationException {}
/** The vendor API guard refuses a member whose role lacks the route's permission, on every vendor route. */
export class InsufficientVendorPermissionsException extends AuthorizationException {}
/** The vendor API guard keeps every vendor route closed until a temporary password is replaced. */
export class PasswordChangeRequiredException extends AuthorizationException {}

// The shop's order placement (src/http/shop/placeOrder.ts), shared by the shop API and the storefront pages.
/** Not enough stock for a cart line: the cart and the order placement refuse with it, and the cart reacts to placed orders, so neither area can hold it without a ring. */
export class InsufficientInventoryForCartException extends BusinessLogicException {}
/** A cart that cannot be checked out as it stands (products gone, a risen price not accepted): the cart raises it, and the shared order placement answers it. */
export class CartValidationException extends ValidationException {}
/** Nothing to check out: the cart and the order placement refuse with it, and the cart reacts to placed orders, so neither area can hold it without a ring. */
export class EmptyCartException extends BusinessLogicException {}
/** The customers' address book raises it, and the shared order placement for a delivery address. */
export class AddressNotFoundException extends ResourceNotFoundException {}

// The image routes (src/http/mediaUpload.ts) the media, the catalogue and the shop share.
/** An image that is not there, or not the vendor's: the shared image routes raise it, and the media and the catalogue. */
export class MediaNotFoundException extends ResourceNotFoundException {}

// Plans: the quotas and the feature gate serve every area that a plan limits.
/** A plan limit reached: the quotas (commands/quotas, of no area) count it for the catalogue, the orders and the team. */
export class TierLimitExceededException extends AuthorizationException {}
/** The feature gate every gated route goes through raises it for a feature no plan knows. */
export class FeatureNotFoundError extends ResourceNotFoundException {}
/** The vendor's tier lacks a gated feature (the body names it and the lowest tier that has it): the feature gate raises it on any gated route. */
export class FeatureNotAvailableException extends AuthorizationException {}

// Raised by the adapters to outside services, whichever area calls them.
/** No extmarket API key, or the extmarket refused it: the extmarket client raises it for the extmarket, onboarding and signup. */
export class ExtmarketCredentialsException extends BusinessLogicException {}
/** The extmarket could not be reached or answered with an error (the call is retried): the extmarket client raises it. */
export class ExtmarketUnavailableException extends DomainException {
  override readonly status = 502;
}
/** VIES could not answer whether a VAT number is valid (eu-vat-rules.md c), retry later: the VIES client raises it. */
export class VatNumberCheckUnavailableException extends DomainException {
  override readonly status = 503;
}
/** A reference rates file not in the ECB's format, or with a malformed day, currency or rate: the ECB rates reader raises it. */
export class ReferenceRatesFileException extends BusinessLogicException {}
/** An upload that is not an image sharp can read (SPEC.md part 8): the image adapter raises it for media and product images. */
export class UnsupportedMediaException extends ValidationException {}
/** Stripe refused a request or could not be reached, nothing changed on our side: the Stripe adapter raises it for billing and signup. */
export class BillingProviderException extends DomainException {
  override readonly status = 502;
}

// Raised by one area and answered by another that does not depend on it.
/** No ECB rate before an invoice's tax point for its VAT currency: the exchange rates raise it, invoicing answers it, and invoices do not depend on exchange rates. */
export class ExchangeRateUnavailableException extends BusinessLogicException {}
