import { BusinessLogicException, ResourceNotFoundException } from '../../src/core/errors.ts';

export class TeamMemberNotFoundException extends ResourceNotFoundException {}
export class TeamInvitationNotFoundException extends ResourceNotFoundException {}
export class TeamInvitationExpiredException extends BusinessLogicException {}
