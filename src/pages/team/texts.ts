import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the vendor's team pages, in the four languages. */
const EN = {
  title: 'Team', members: 'Members', invitations: 'Invitations', invite: 'Invite a member', email: 'E-mail', role: 'Role', permissions: 'Permissions',
  joined: 'Joined', status: 'Status', expires: 'Expires', owner: 'Owner', you: 'you', change_role: 'Change role', remove: 'Remove',
  remove_confirm: 'Remove this member? Their access ends at once.', cancel: 'Cancel', send: 'Send invitation', role_changed: 'The role is changed.',
  removed: 'The member is removed.', cancelled: 'The invitation is cancelled.', invited_title: 'Invitation for {email}',
  invite_link: 'Send this link to {email}; it is shown once and opens the invitation for 7 days.', back: 'Back to the team',
  owner_only: 'Only the owner manages the team.', no_invitations: 'No invitation yet.', permission_count: '{count} permissions',
  accept_title: 'Join {vendor}', accept_intro: 'You were invited to the team of {vendor}. Choose your password to join.',
  password: 'Password', password_hint: 'At least 10 characters.', username: 'User name', first_name: 'First name', last_name: 'Last name',
  accept: 'Join the team', accepted: 'Welcome to {vendor}. Sign in with your e-mail and password.', sign_in: 'Sign in',
  invalid_link: 'This invitation link is not valid any more. Ask the owner for a new one.',
  role_manager: 'Manager', role_staff: 'Staff', role_support: 'Support', role_viewer: 'Viewer', role_marketing: 'Marketing', role_custom: 'Custom',
} as const;
export type TeamKey = keyof typeof EN;

const FR: Partial<Record<TeamKey, string>> = {
  title: 'Équipe', members: 'Membres', invitations: 'Invitations', invite: 'Inviter un membre', email: 'E-mail', role: 'Rôle', permissions: 'Droits',
  joined: 'Arrivé le', status: 'Statut', expires: 'Expire', owner: 'Propriétaire', you: 'vous', change_role: 'Changer le rôle', remove: 'Retirer',
  cancel: 'Annuler', send: 'Envoyer l\'invitation', role_changed: 'Le rôle est modifié.', removed: 'Le membre est retiré.', cancelled: 'L\'invitation est annulée.',
  back: 'Retour à l\'équipe', owner_only: 'Seul le propriétaire gère l\'équipe.', accept: 'Rejoindre l\'équipe', password: 'Mot de passe', sign_in: 'Se connecter',
  accept_title: 'Rejoindre {vendor}', role_manager: 'Responsable', role_staff: 'Employé', role_viewer: 'Lecteur', role_custom: 'Personnalisé',
};
const DE: Partial<Record<TeamKey, string>> = {
  title: 'Team', members: 'Mitglieder', invitations: 'Einladungen', invite: 'Mitglied einladen', email: 'E-Mail', role: 'Rolle', permissions: 'Rechte',
  joined: 'Beigetreten', status: 'Status', expires: 'Läuft ab', owner: 'Eigentümer', you: 'Sie', change_role: 'Rolle ändern', remove: 'Entfernen',
  cancel: 'Zurückziehen', send: 'Einladung senden', role_changed: 'Die Rolle ist geändert.', removed: 'Das Mitglied ist entfernt.',
  cancelled: 'Die Einladung ist zurückgezogen.', back: 'Zurück zum Team', owner_only: 'Nur der Eigentümer verwaltet das Team.', accept: 'Dem Team beitreten',
  password: 'Passwort', sign_in: 'Anmelden', accept_title: '{vendor} beitreten', role_manager: 'Manager', role_staff: 'Mitarbeiter', role_viewer: 'Leser',
  role_custom: 'Eigene',
};
const LB: Partial<Record<TeamKey, string>> = { ...DE, members: 'Memberen', invite: 'Member invitéieren', back: 'Zréck bei d\'Team', password: 'Passwuert', sign_in: 'Umellen' };

const TEXTS: Record<LanguageCode, Partial<Record<TeamKey, string>>> = { en: EN, fr: FR, de: DE, lb: LB };

export function tt(language: LanguageCode, key: TeamKey, values: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}
