import { BusinessLogicException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class VendorDomainNotFoundException extends ResourceNotFoundException {}
export class VendorDomainVerificationException extends BusinessLogicException {}
/** A tier code no plan offers. Here, not with the subscriptions: a vendor's creation names its tier, and vendors do not depend on subscriptions (subscriptions, billing and signup depend on vendors). */
export class TierNotFoundException extends ResourceNotFoundException {}
