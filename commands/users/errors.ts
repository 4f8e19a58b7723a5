import { AuthenticationException, BusinessLogicException, ConflictException, ResourceNotFoundException } from '../../src/core/errors.ts';

/** A wrong e-mail or password: sign-in, the team's invitations and the shop's customers refuse with it, and all three build on users. */
export class InvalidCredentialsException extends AuthenticationException {}
export class UserNotFoundException extends ResourceNotFoundException {}
export class UserAlreadyExistsException extends ConflictException {}
export class UserOwnershipException extends BusinessLogicException {}
export class CannotModifySelfException extends BusinessLogicException {}
