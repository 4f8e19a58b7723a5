import { BusinessLogicException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class ConversationNotFoundException extends ResourceNotFoundException {}
export class MessageAttachmentException extends BusinessLogicException {}
export class InvalidConversationTypeException extends BusinessLogicException {}
export class InvalidRecipientTypeException extends BusinessLogicException {}
