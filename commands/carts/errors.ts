import { BusinessLogicException, ResourceNotFoundException, ValidationException } from '../../src/core/errors.ts';

export class CartItemNotFoundException extends ResourceNotFoundException {}
export class InvalidCartQuantityException extends ValidationException {}
export class ProductNotAvailableForCartException extends BusinessLogicException {}
