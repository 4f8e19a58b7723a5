/**
 * The message catalogue of the API and the pages, in the four supported languages
 * (SPEC.md part 2 Conventions: en, fr, de, lb). `t` falls back to English for a missing entry,
 * so adding a key in English first never breaks a response.
 */
// The storefront pages' texts, one file per language, merged into each catalogue below.
import { STOREFRONT_DE } from './storefrontMessages/de.ts';
import { STOREFRONT_EN } from './storefrontMessages/en.ts';
import { STOREFRONT_FR } from './storefrontMessages/fr.ts';
import { STOREFRONT_LB } from './storefrontMessages/lb.ts';

export const LANGUAGES = ['en', 'fr', 'de', 'lb'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];
export const isLanguage = (v: unknown): v is LanguageCode => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

export const LANGUAGE_INFO: Record<LanguageCode, { name: string; native_name: string; flag: string }> = {
  en: { name: 'English', native_name: 'English', flag: 'gb' },
  fr: { name: 'French', native_name: 'Français', flag: 'fr' },
  de: { name: 'German', native_name: 'Deutsch', flag: 'de' },
  lb: { name: 'Luxembourgish', native_name: 'Lëtzebuergesch', flag: 'lu' },
};

const en = {
  'language.set': 'Language set to {language}',
  'language.cleared': 'Language preference cleared',
  'auth.logged_out': 'You have been signed out',
  'auth.password_changed': 'Your password has been changed',
  'team.invitation_sent': 'Invitation created for {email}',
  'team.invitation_cancelled': 'Invitation cancelled',
  'team.invitation_accepted': 'Welcome to the team of {vendor}',
  'team.member_updated': 'Team member updated',
  'team.member_removed': 'Team member removed',
  'settings.updated': 'Settings saved',
  'settings.business_info_reset': 'Contact data reset to the company values',
  'theme.preset_applied': 'Theme preset {preset} applied',
  'theme.deleted': 'Theme reset to the platform default',
  'domain.verified': 'Domain {domain} verified',
  'domain.verification_failed': 'Domain {domain} could not be verified',
  'domain.removed': 'Domain {domain} removed',
  'vendor.not_found': 'Shop not found',
  ...STOREFRONT_EN,
} as const;

export type MessageKey = keyof typeof en;
type Catalogue = Record<MessageKey, string>;

const fr: Catalogue = {
  'language.set': 'Langue définie sur {language}',
  'language.cleared': 'Préférence de langue effacée',
  'auth.logged_out': 'Vous avez été déconnecté',
  'auth.password_changed': 'Votre mot de passe a été modifié',
  'team.invitation_sent': 'Invitation créée pour {email}',
  'team.invitation_cancelled': 'Invitation annulée',
  'team.invitation_accepted': "Bienvenue dans l'équipe de {vendor}",
  'team.member_updated': "Membre de l'équipe mis à jour",
  'team.member_removed': "Membre retiré de l'équipe",
  'settings.updated': 'Paramètres enregistrés',
  'settings.business_info_reset': "Coordonnées rétablies sur les valeurs de l'entreprise",
  'theme.preset_applied': 'Thème prédéfini {preset} appliqué',
  'theme.deleted': 'Thème rétabli par défaut',
  'domain.verified': 'Domaine {domain} vérifié',
  'domain.verification_failed': "Le domaine {domain} n'a pas pu être vérifié",
  'domain.removed': 'Domaine {domain} supprimé',
  'vendor.not_found': 'Boutique introuvable',
  ...STOREFRONT_FR,
};

const de: Catalogue = {
  'language.set': 'Sprache auf {language} gesetzt',
  'language.cleared': 'Spracheinstellung gelöscht',
  'auth.logged_out': 'Sie wurden abgemeldet',
  'auth.password_changed': 'Ihr Passwort wurde geändert',
  'team.invitation_sent': 'Einladung für {email} erstellt',
  'team.invitation_cancelled': 'Einladung widerrufen',
  'team.invitation_accepted': 'Willkommen im Team von {vendor}',
  'team.member_updated': 'Teammitglied aktualisiert',
  'team.member_removed': 'Teammitglied entfernt',
  'settings.updated': 'Einstellungen gespeichert',
  'settings.business_info_reset': 'Kontaktdaten auf die Werte des Unternehmens zurückgesetzt',
  'theme.preset_applied': 'Design-Vorlage {preset} angewendet',
  'theme.deleted': 'Design auf den Standard zurückgesetzt',
  'domain.verified': 'Domain {domain} verifiziert',
  'domain.verification_failed': 'Domain {domain} konnte nicht verifiziert werden',
  'domain.removed': 'Domain {domain} entfernt',
  'vendor.not_found': 'Shop nicht gefunden',
  ...STOREFRONT_DE,
};

const lb: Catalogue = {
  'language.set': 'Sprooch op {language} gesat',
  'language.cleared': 'Sproochastellung geläscht',
  'auth.logged_out': 'Dir sidd ofgemellt',
  'auth.password_changed': 'Äert Passwuert gouf geännert',
  'team.invitation_sent': 'Invitatioun fir {email} erstallt',
  'team.invitation_cancelled': 'Invitatioun annuléiert',
  'team.invitation_accepted': 'Wëllkomm an der Equipe vun {vendor}',
  'team.member_updated': 'Equipememberen aktualiséiert',
  'team.member_removed': 'Equipememberen ewechgeholl',
  'settings.updated': 'Astellunge gespäichert',
  'settings.business_info_reset': 'Kontaktdaten op d’Wäerter vun der Firma zréckgesat',
  'theme.preset_applied': 'Design-Virlag {preset} applizéiert',
  'theme.deleted': 'Design op de Standard zréckgesat',
  'domain.verified': 'Domain {domain} verifizéiert',
  'domain.verification_failed': 'Domain {domain} konnt net verifizéiert ginn',
  'domain.removed': 'Domain {domain} ewechgeholl',
  'vendor.not_found': 'Buttek net fonnt',
  ...STOREFRONT_LB,
};

export const CATALOGUE: Record<LanguageCode, Catalogue> = { en, fr, de, lb };

/** The message `key` in `language`, with `{name}` placeholders filled from `params`. */
export function t(language: LanguageCode, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = CATALOGUE[language]?.[key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
