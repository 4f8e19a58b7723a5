import { AuthorizationException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class ContentPageNotFoundException extends ResourceNotFoundException {}
export class UnauthorizedContentPageAccessException extends AuthorizationException {}
