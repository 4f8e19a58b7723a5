import { BusinessLogicException, ConflictException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class InvoiceNotFoundException extends ResourceNotFoundException {}
/** Invoice settings missing or incomplete, nothing to invoice, a VAT number refused. */
export class InvoiceException extends BusinessLogicException {}
/** The order already has its invoice (one per order; corrections are credit notes). */
export class InvoiceAlreadyExistsException extends ConflictException {}
