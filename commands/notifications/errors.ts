import { ResourceNotFoundException } from '../../src/core/errors.ts';

export class NotificationNotFoundException extends ResourceNotFoundException {}
