import type { LanguageCode } from '../../core/i18n.ts';

/** The words of a record's history (the auditor's view), in the four languages. */
const EN = {
  title: 'History ({count} events)',
  as_of: 'Show the record as of (UTC)',
  show: 'Show',
  now: 'Back to now',
  show_as_of: 'as of then',
  as_of_title: 'As of {time} (UTC)',
  events_applied: '{count} of {total} events',
  not_yet: 'The record did not exist yet at that time.',
  empty: 'No events recorded.',
  system: 'System',
  user: 'User',
  page: 'Page {page} of {pages}',
  newer: 'Newer',
  older: 'Older',
  tab_record: 'Details',
  tab_history: 'History',
  export: 'Export (JSON Lines)',
  timeline: 'Audit time line', timeline_lead: 'Who changed what, and when: events of every record, newest first.',
  f_record: 'Record (stream, e.g. order-12)', f_user: 'User (id, user name or e-mail)', f_type: 'Event type', f_from: 'From (UTC)', f_to: 'To (UTC)',
  c_when: 'When', c_who: 'Who', c_record: 'Record', c_event: 'Event', open_history: 'History', unknown_user: 'No user is named “{name}”.',
  store_elsewhere: 'The time line reads the PostgreSQL event store; this service keeps its events in EventStoreDB.',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  title: 'Historique ({count} événements)', as_of: 'Afficher l’enregistrement tel qu’au (UTC)', show: 'Afficher', now: 'Revenir à maintenant',
  show_as_of: 'tel qu’alors', as_of_title: 'Tel qu’au {time} (UTC)', events_applied: '{count} événements sur {total}',
  not_yet: 'L’enregistrement n’existait pas encore à ce moment.', empty: 'Aucun événement enregistré.', system: 'Système', user: 'Utilisateur',
  page: 'Page {page} sur {pages}', newer: 'Plus récents', older: 'Plus anciens',
  tab_record: 'Détails', tab_history: 'Historique', export: 'Exporter (JSON Lines)',
  timeline: 'Journal d’audit', timeline_lead: 'Qui a modifié quoi, et quand : les événements de tous les enregistrements, les plus récents d’abord.',
  f_record: 'Enregistrement (flux, p. ex. order-12)', f_user: 'Utilisateur (id, nom d’utilisateur ou e-mail)', f_type: 'Type d’événement', f_from: 'Du (UTC)', f_to: 'Au (UTC)',
  c_when: 'Quand', c_who: 'Qui', c_record: 'Enregistrement', c_event: 'Événement', open_history: 'Historique', unknown_user: 'Aucun utilisateur ne s’appelle « {name} ».',
  store_elsewhere: 'Le journal lit le magasin d’événements PostgreSQL ; ce service garde ses événements dans EventStoreDB.',
};
const DE: Record<Key, string> = {
  title: 'Verlauf ({count} Ereignisse)', as_of: 'Datensatz anzeigen zum Stand (UTC)', show: 'Anzeigen', now: 'Zurück zu jetzt',
  show_as_of: 'Stand damals', as_of_title: 'Stand {time} (UTC)', events_applied: '{count} von {total} Ereignissen',
  not_yet: 'Den Datensatz gab es zu diesem Zeitpunkt noch nicht.', empty: 'Keine Ereignisse aufgezeichnet.', system: 'System', user: 'Benutzer',
  page: 'Seite {page} von {pages}', newer: 'Neuere', older: 'Ältere',
  tab_record: 'Details', tab_history: 'Verlauf', export: 'Exportieren (JSON Lines)',
  timeline: 'Prüfprotokoll', timeline_lead: 'Wer hat was wann geändert: Ereignisse aller Datensätze, neueste zuerst.',
  f_record: 'Datensatz (Stream, z. B. order-12)', f_user: 'Benutzer (ID, Benutzername oder E-Mail)', f_type: 'Ereignistyp', f_from: 'Von (UTC)', f_to: 'Bis (UTC)',
  c_when: 'Wann', c_who: 'Wer', c_record: 'Datensatz', c_event: 'Ereignis', open_history: 'Verlauf', unknown_user: 'Kein Benutzer heißt „{name}“.',
  store_elsewhere: 'Das Protokoll liest den PostgreSQL-Ereignisspeicher; dieser Dienst hält seine Ereignisse in EventStoreDB.',
};
const LB: Record<Key, string> = {
  title: 'Verlaf ({count} Evenementer)', as_of: 'Datesaz weisen um Stand vum (UTC)', show: 'Weisen', now: 'Zréck op elo',
  show_as_of: 'Stand deemools', as_of_title: 'Stand {time} (UTC)', events_applied: '{count} vun {total} Evenementer',
  not_yet: 'Den Datesaz gouf et zu deem Zäitpunkt nach net.', empty: 'Keng Evenementer opgeholl.', system: 'System', user: 'Benotzer',
  page: 'Säit {page} vun {pages}', newer: 'Méi nei', older: 'Méi al',
  tab_record: 'Detailer', tab_history: 'Verlaf', export: 'Exportéieren (JSON Lines)',
  timeline: 'Audit-Protokoll', timeline_lead: 'Wien huet wat wéini geännert: Evenementer vun all Datesaz, déi neisten als éischt.',
  f_record: 'Datesaz (Stream, z. B. order-12)', f_user: 'Benotzer (ID, Benotzernumm oder E-Mail)', f_type: 'Evenement-Typ', f_from: 'Vum (UTC)', f_to: 'Bis (UTC)',
  c_when: 'Wéini', c_who: 'Wien', c_record: 'Datesaz', c_event: 'Evenement', open_history: 'Verlaf', unknown_user: 'Keen Benotzer heescht „{name}“.',
  store_elsewhere: 'De Protokoll liest den PostgreSQL-Evenementspäicher; dëse Service hält seng Evenementer an EventStoreDB.',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function ht(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
