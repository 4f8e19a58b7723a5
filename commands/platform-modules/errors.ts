import { BusinessLogicException, ConflictException, ResourceNotFoundException } from '../../src/core/errors.ts';

/** No module of the catalogue has this name. */
export class ModuleNotFoundException extends ResourceNotFoundException {}

/** No platform of this deployment has this code. */
export class PlatformNotFoundException extends ResourceNotFoundException {}

/** A core module is on for every platform: it cannot be switched off. */
export class CoreModuleException extends BusinessLogicException {}

/** A module cannot be switched off while a module that is on depends on it (the answer names them). */
export class ModuleRequiredException extends ConflictException {}

/** A replaced set names a module without a module it depends on (the answer names both). */
export class ModuleDependencyMissingException extends BusinessLogicException {}
