import { BusinessLogicException, ResourceNotFoundException, ValidationException } from '../../src/core/errors.ts';

export class AddressLimitExceededException extends BusinessLogicException {}
export class InvalidAddressTypeException extends ValidationException {}
/** No customer of this shop has that id (another vendor's customer is not found either). */
export class CustomerNotFoundException extends ResourceNotFoundException {}
/** A password reset link that is unknown, already used, replaced by a newer one, or expired. */
export class PasswordResetTokenException extends BusinessLogicException {}
