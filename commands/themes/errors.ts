import { ResourceNotFoundException } from '../../src/core/errors.ts';

export class ThemePresetNotFoundException extends ResourceNotFoundException {}
