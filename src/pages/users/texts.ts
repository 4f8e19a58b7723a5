import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the admins' user pages, in the four languages. */
const EN = {
  title: 'Users', new_user: 'New user', search: 'Search', role: 'Role', role_admin: 'Administrator', role_vendor: 'Vendor account',
  status: 'Status', active: 'Active', inactive: 'Inactive', email: 'E-mail', username: 'User name', name: 'Name', first_name: 'First name',
  last_name: 'Last name', language: 'Language', created: 'Created', updated: 'Updated', must_change: 'Must change the password',
  password: 'Password', password_hint: 'At least 10 characters. Left empty: a temporary password is made and shown once.',
  create: 'Create the user', save: 'Save', saved: 'The user is updated.', deactivate: 'Deactivate', reactivate: 'Reactivate',
  deactivated: 'The user is deactivated: they can no longer sign in.', reactivated: 'The user is active again.',
  deactivate_confirm: 'Deactivate this user? They can no longer sign in.', reset_password: 'Reset the password',
  reset_hint: 'Sets a new password that the user must change at the next sign-in. Left empty: a temporary one is made and shown once.',
  new_password: 'New password', password_set: 'The new password is set; the user must change it at the next sign-in.',
  temporary_password: 'The temporary password, shown this once: give it to the user, who must change it at the first sign-in.',
  created_title: 'User {name} created', open_user: 'Open the user', back_to_list: 'Back to the users', profile: 'Profile',
  edit: 'Edit the profile', related: 'Related records', no_related: 'No related records.', yes: 'Yes', no: 'No', you: 'you',
  self_refused: 'You cannot change your own status', sort_email: 'E-mail', sort_created: 'Created',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  title: 'Utilisateurs', new_user: 'Nouvel utilisateur', search: 'Recherche', role: 'Rôle', role_admin: 'Administrateur', role_vendor: 'Compte vendeur',
  status: 'État', active: 'Actif', inactive: 'Inactif', email: 'E-mail', username: 'Nom d\'utilisateur', name: 'Nom', first_name: 'Prénom',
  last_name: 'Nom de famille', language: 'Langue', created: 'Créé', updated: 'Modifié', must_change: 'Doit changer le mot de passe',
  password: 'Mot de passe', password_hint: 'Au moins 10 caractères. Vide : un mot de passe temporaire est créé et montré une fois.',
  create: 'Créer l\'utilisateur', save: 'Enregistrer', saved: 'L\'utilisateur est modifié.', deactivate: 'Désactiver', reactivate: 'Réactiver',
  deactivated: 'L\'utilisateur est désactivé : il ne peut plus se connecter.', reactivated: 'L\'utilisateur est de nouveau actif.',
  deactivate_confirm: 'Désactiver cet utilisateur ? Il ne pourra plus se connecter.', reset_password: 'Réinitialiser le mot de passe',
  reset_hint: 'Définit un nouveau mot de passe que l\'utilisateur devra changer à la prochaine connexion. Vide : un mot de passe temporaire est créé et montré une fois.',
  new_password: 'Nouveau mot de passe', password_set: 'Le nouveau mot de passe est défini ; l\'utilisateur devra le changer à la prochaine connexion.',
  temporary_password: 'Le mot de passe temporaire, montré cette seule fois : donnez-le à l\'utilisateur, qui devra le changer à la première connexion.',
  created_title: 'Utilisateur {name} créé', open_user: 'Ouvrir l\'utilisateur', back_to_list: 'Retour aux utilisateurs', profile: 'Profil',
  edit: 'Modifier le profil', related: 'Enregistrements liés', no_related: 'Aucun enregistrement lié.', yes: 'Oui', no: 'Non', you: 'vous',
  self_refused: 'Vous ne pouvez pas changer votre propre état', sort_email: 'E-mail', sort_created: 'Créé',
};
const DE: Record<Key, string> = {
  title: 'Benutzer', new_user: 'Neuer Benutzer', search: 'Suche', role: 'Rolle', role_admin: 'Administrator', role_vendor: 'Händlerkonto',
  status: 'Status', active: 'Aktiv', inactive: 'Inaktiv', email: 'E-Mail', username: 'Benutzername', name: 'Name', first_name: 'Vorname',
  last_name: 'Nachname', language: 'Sprache', created: 'Angelegt', updated: 'Geändert', must_change: 'Muss das Passwort ändern',
  password: 'Passwort', password_hint: 'Mindestens 10 Zeichen. Leer: ein vorläufiges Passwort wird erzeugt und einmal gezeigt.',
  create: 'Benutzer anlegen', save: 'Speichern', saved: 'Der Benutzer ist geändert.', deactivate: 'Deaktivieren', reactivate: 'Reaktivieren',
  deactivated: 'Der Benutzer ist deaktiviert: er kann sich nicht mehr anmelden.', reactivated: 'Der Benutzer ist wieder aktiv.',
  deactivate_confirm: 'Diesen Benutzer deaktivieren? Er kann sich dann nicht mehr anmelden.', reset_password: 'Passwort zurücksetzen',
  reset_hint: 'Setzt ein neues Passwort, das der Benutzer bei der nächsten Anmeldung ändern muss. Leer: ein vorläufiges wird erzeugt und einmal gezeigt.',
  new_password: 'Neues Passwort', password_set: 'Das neue Passwort ist gesetzt; der Benutzer muss es bei der nächsten Anmeldung ändern.',
  temporary_password: 'Das vorläufige Passwort, nur dieses eine Mal gezeigt: geben Sie es dem Benutzer, der es bei der ersten Anmeldung ändern muss.',
  created_title: 'Benutzer {name} angelegt', open_user: 'Benutzer öffnen', back_to_list: 'Zurück zu den Benutzern', profile: 'Profil',
  edit: 'Profil bearbeiten', related: 'Verbundene Datensätze', no_related: 'Keine verbundenen Datensätze.', yes: 'Ja', no: 'Nein', you: 'Sie',
  self_refused: 'Sie können Ihren eigenen Status nicht ändern', sort_email: 'E-Mail', sort_created: 'Angelegt',
};
const LB: Record<Key, string> = {
  title: 'Benotzer', new_user: 'Neie Benotzer', search: 'Sich', role: 'Roll', role_admin: 'Administrateur', role_vendor: 'Händlerkont',
  status: 'Status', active: 'Aktiv', inactive: 'Inaktiv', email: 'E-Mail', username: 'Benotzernumm', name: 'Numm', first_name: 'Virnumm',
  last_name: 'Familljennumm', language: 'Sprooch', created: 'Ugeluecht', updated: 'Geännert', must_change: 'Muss d\'Passwuert änneren',
  password: 'Passwuert', password_hint: 'Op mannst 10 Zeechen. Eidel: e provisorescht Passwuert gëtt gemaach an eemol gewisen.',
  create: 'Benotzer uleeën', save: 'Späicheren', saved: 'De Benotzer ass geännert.', deactivate: 'Desaktivéieren', reactivate: 'Reaktivéieren',
  deactivated: 'De Benotzer ass desaktivéiert: hie kann sech net méi umellen.', reactivated: 'De Benotzer ass erëm aktiv.',
  deactivate_confirm: 'Dëse Benotzer desaktivéieren? Hie kann sech dann net méi umellen.', reset_password: 'Passwuert zrécksetzen',
  reset_hint: 'Setzt en neit Passwuert, dat de Benotzer bei der nächster Umeldung ännere muss. Eidel: e provisorescht gëtt gemaach an eemol gewisen.',
  new_password: 'Neit Passwuert', password_set: 'Dat neit Passwuert ass gesat; de Benotzer muss et bei der nächster Umeldung änneren.',
  temporary_password: 'Dat provisorescht Passwuert, nëmmen dës eng Kéier gewisen: gitt et dem Benotzer, deen et bei der éischter Umeldung ännere muss.',
  created_title: 'Benotzer {name} ugeluecht', open_user: 'Benotzer opmaachen', back_to_list: 'Zréck bei d\'Benotzer', profile: 'Profil',
  edit: 'Profil änneren', related: 'Verbonne Donnéeën', no_related: 'Keng verbonne Donnéeën.', yes: 'Jo', no: 'Neen', you: 'Dir',
  self_refused: 'Dir kënnt Ären eegene Status net änneren', sort_email: 'E-Mail', sort_created: 'Ugeluecht',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function ut(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
