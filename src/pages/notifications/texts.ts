import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the admins' notifications page, in the four languages. */
const EN = {
  title: 'Notifications',
  unread_count: '{count} unread',
  mark_read: 'Mark read',
  mark_all_read: 'Mark all read',
  all_marked: 'Every notification is marked read.',
  notification: 'Notification',
  severity: 'Severity',
  severity_info: 'Info',
  severity_warning: 'Warning',
  severity_error: 'Error',
  kind: 'Kind',
  raised: 'Raised',
  state: 'State',
  read: 'Read',
  unread: 'Unread',
  vendor: 'Vendor',
  from: 'From (day)',
  to: 'To (day)',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  title: 'Notifications',
  unread_count: '{count} non lue(s)',
  mark_read: 'Marquer comme lue',
  mark_all_read: 'Tout marquer comme lu',
  all_marked: 'Toutes les notifications sont marquées comme lues.',
  notification: 'Notification',
  severity: 'Gravité',
  severity_info: 'Info',
  severity_warning: 'Avertissement',
  severity_error: 'Erreur',
  kind: 'Type',
  raised: 'Émise',
  state: 'État',
  read: 'Lue',
  unread: 'Non lue',
  vendor: 'Vendeur',
  from: 'Du (jour)',
  to: 'Au (jour)',
};
const DE: Record<Key, string> = {
  title: 'Benachrichtigungen',
  unread_count: '{count} ungelesen',
  mark_read: 'Als gelesen markieren',
  mark_all_read: 'Alle als gelesen markieren',
  all_marked: 'Alle Benachrichtigungen sind als gelesen markiert.',
  notification: 'Benachrichtigung',
  severity: 'Schwere',
  severity_info: 'Info',
  severity_warning: 'Warnung',
  severity_error: 'Fehler',
  kind: 'Art',
  raised: 'Ausgelöst',
  state: 'Status',
  read: 'Gelesen',
  unread: 'Ungelesen',
  vendor: 'Händler',
  from: 'Vom (Tag)',
  to: 'Bis (Tag)',
};
const LB: Record<Key, string> = {
  title: 'Notifikatiounen',
  unread_count: '{count} ongelies',
  mark_read: 'Als gelies markéieren',
  mark_all_read: 'All als gelies markéieren',
  all_marked: 'All Notifikatioune sinn als gelies markéiert.',
  notification: 'Notifikatioun',
  severity: 'Gravitéit',
  severity_info: 'Info',
  severity_warning: 'Warnung',
  severity_error: 'Feeler',
  kind: 'Aart',
  raised: 'Ausgeléist',
  state: 'Status',
  read: 'Gelies',
  unread: 'Ongelies',
  vendor: 'Händler',
  from: 'Vum (Dag)',
  to: 'Bis (Dag)',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function nt(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
