import { BusinessLogicException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class ProductNotFoundException extends ResourceNotFoundException {}
export class MarketplaceProductNotFoundException extends ResourceNotFoundException {}
/** A product rule was broken (for example deleting the placeholder product). */
export class ProductException extends BusinessLogicException {}
