import { BusinessLogicException, ConflictException, ResourceNotFoundException, ValidationException } from '../../src/core/errors.ts';

/** An uploaded file is not a TSV/CSV file, or lacks required columns. */
export class ImportFileException extends ValidationException {}
export class InventoryNotFoundException extends ResourceNotFoundException {}
/** Not enough stock on hand (or unreserved) for a reservation, shipment or adjustment. */
export class InsufficientInventoryException extends ConflictException {}
/** Digital products have unlimited inventory (SPEC.md part 1 capability 3): no stock rows. */
export class DigitalProductInventoryException extends BusinessLogicException {}
