import { BusinessLogicException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class CompanyNotFoundException extends ResourceNotFoundException {}
export class CompanyHasVendorsException extends BusinessLogicException {}
/** A company rule was broken (for example an ownership transfer to the current owner). */
export class CompanyException extends BusinessLogicException {}
