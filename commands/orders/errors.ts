import { BusinessLogicException, ConflictException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class OrderNotFoundException extends ResourceNotFoundException {}
export class UnresolvedOrderItemExceptionsException extends ConflictException {}
export class OrderItemNotFoundException extends ResourceNotFoundException {}
export class OrderItemExceptionNotFoundException extends ResourceNotFoundException {}
/** A shipment of more units than were confirmed and not yet shipped. */
export class ShipmentQuantityException extends BusinessLogicException {}
/** An exception resolved by a product whose GTIN is not the item's (SPEC.md part 3). */
export class ProductMatchException extends BusinessLogicException {}
