import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the application logs page, in the four languages. */
const EN = {
  nav: 'Logs',
  title: 'Application logs',
  subtitle: "Every instance's log lines, newest first; kept {days} days, at most {rows} lines",
  level: 'Level',
  from: 'From',
  to: 'To',
  search: 'Text',
  request: 'Request id',
  user: 'User',
  time: 'Time',
  message: 'Message',
  details: 'Details',
  instance: 'Instance',
  more: 'More than {count} lines match',
  empty: 'No log line matches these filters.',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  nav: 'Journaux',
  title: "Journaux de l'application",
  subtitle: "Les lignes de toutes les instances, les plus récentes d'abord ; gardées {days} jours, au plus {rows} lignes",
  level: 'Niveau',
  from: 'Du',
  to: 'Au',
  search: 'Texte',
  request: 'Requête',
  user: 'Utilisateur',
  time: 'Heure',
  message: 'Message',
  details: 'Détails',
  instance: 'Instance',
  more: 'Plus de {count} lignes correspondent',
  empty: 'Aucune ligne ne correspond à ces filtres.',
};
const DE: Record<Key, string> = {
  nav: 'Protokolle',
  title: 'Anwendungsprotokolle',
  subtitle: 'Die Zeilen aller Instanzen, neueste zuerst; {days} Tage aufbewahrt, höchstens {rows} Zeilen',
  level: 'Stufe',
  from: 'Von',
  to: 'Bis',
  search: 'Text',
  request: 'Anfrage-ID',
  user: 'Benutzer',
  time: 'Zeit',
  message: 'Meldung',
  details: 'Details',
  instance: 'Instanz',
  more: 'Mehr als {count} Zeilen passen',
  empty: 'Keine Zeile passt zu diesen Filtern.',
};
const LB: Record<Key, string> = {
  nav: 'Protokoller',
  title: 'Applikatiounsprotokoller',
  subtitle: "D'Zeile vun all Instanzen, déi neist fir d'éischt; {days} Deeg gehalen, héchstens {rows} Zeilen",
  level: 'Stuf',
  from: 'Vum',
  to: 'Bis',
  search: 'Text',
  request: 'Ufro-ID',
  user: 'Benotzer',
  time: 'Zäit',
  message: 'Meldung',
  details: 'Detailer',
  instance: 'Instanz',
  more: 'Méi wéi {count} Zeile passen',
  empty: 'Keng Zeil passt bei dës Filteren.',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function lt(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
