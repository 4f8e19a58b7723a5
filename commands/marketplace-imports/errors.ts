import { ResourceNotFoundException, ValidationException } from '../../src/core/errors.ts';

export class MarketplaceImportJobNotFoundException extends ResourceNotFoundException {}
/** The import source cannot be used (no URL or file, an unreadable file, a bad URL scheme). */
export class ImportSourceException extends ValidationException {}
