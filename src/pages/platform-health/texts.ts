import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the platform health page, in the four languages. */
const EN = {
  nav: 'Platform health', title: 'Platform health', subtitle: 'The last {minutes} minutes, every instance · refreshes every 10 s',
  requests: 'Requests per minute', error_rate: 'Server errors', p95: 'p95 latency', instances: 'Instances', area: 'API area', rate: 'Per minute',
  p50: 'p50', p99: 'p99', client_errors: '4xx', server_errors: '5xx', feed: 'Event feed', head: 'Head', events_per_minute: 'Events per minute',
  consumers: 'Consumers', lag: 'Lag', status: 'Status', jobs: 'Background jobs', kind: 'Kind', queued: 'Queued', running: 'Running',
  tasks: 'Scheduled tasks', task: 'Task', schedule: 'Schedule', last_run: 'Last run', error: 'Error', off: 'module off', database: 'Database',
  size: 'Size', connections: 'Connections', memory: 'Memory', cpu: 'CPU', seen: 'Seen', media: 'Media storage', files: 'Files', none: 'No requests yet',
  traffic: 'Requests and p95 latency per minute', all_current: 'All {count} consumers are current.', every_consumer: 'Every consumer ({count})',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  nav: 'Santé de la plateforme', title: 'Santé de la plateforme', subtitle: 'Les {minutes} dernières minutes, toutes instances · actualisé toutes les 10 s',
  requests: 'Requêtes par minute', error_rate: 'Erreurs serveur', p95: 'Latence p95', instances: 'Instances', area: 'Zone d\'API', rate: 'Par minute',
  p50: 'p50', p99: 'p99', client_errors: '4xx', server_errors: '5xx', feed: 'Flux d\'événements', head: 'Tête', events_per_minute: 'Événements par minute',
  consumers: 'Consommateurs', lag: 'Retard', status: 'État', jobs: 'Tâches de fond', kind: 'Type', queued: 'En attente', running: 'En cours',
  tasks: 'Tâches planifiées', task: 'Tâche', schedule: 'Planning', last_run: 'Dernière exécution', error: 'Erreur', off: 'module inactif', database: 'Base de données',
  size: 'Taille', connections: 'Connexions', memory: 'Mémoire', cpu: 'CPU', seen: 'Vue', media: 'Stockage des médias', files: 'Fichiers', none: 'Pas encore de requêtes',
  traffic: 'Requêtes et latence p95 par minute', all_current: 'Les {count} consommateurs sont à jour.', every_consumer: 'Tous les consommateurs ({count})',
};
const DE: Record<Key, string> = {
  nav: 'Plattformzustand', title: 'Plattformzustand', subtitle: 'Die letzten {minutes} Minuten, alle Instanzen · aktualisiert alle 10 s',
  requests: 'Anfragen pro Minute', error_rate: 'Serverfehler', p95: 'p95-Latenz', instances: 'Instanzen', area: 'API-Bereich', rate: 'Pro Minute',
  p50: 'p50', p99: 'p99', client_errors: '4xx', server_errors: '5xx', feed: 'Ereignisstrom', head: 'Kopf', events_per_minute: 'Ereignisse pro Minute',
  consumers: 'Konsumenten', lag: 'Rückstand', status: 'Status', jobs: 'Hintergrundaufgaben', kind: 'Art', queued: 'Wartend', running: 'Laufend',
  tasks: 'Geplante Aufgaben', task: 'Aufgabe', schedule: 'Zeitplan', last_run: 'Letzter Lauf', error: 'Fehler', off: 'Modul aus', database: 'Datenbank',
  size: 'Größe', connections: 'Verbindungen', memory: 'Speicher', cpu: 'CPU', seen: 'Gesehen', media: 'Medienspeicher', files: 'Dateien', none: 'Noch keine Anfragen',
  traffic: 'Anfragen und p95-Latenz pro Minute', all_current: 'Alle {count} Konsumenten sind aktuell.', every_consumer: 'Alle Konsumenten ({count})',
};
const LB: Record<Key, string> = {
  nav: 'Plattformzoustand', title: 'Plattformzoustand', subtitle: 'Déi lescht {minutes} Minutten, all Instanzen · all 10 s aktualiséiert',
  requests: 'Ufroen pro Minutt', error_rate: 'Serverfeeler', p95: 'p95-Latenz', instances: 'Instanzen', area: 'API-Beräich', rate: 'Pro Minutt',
  p50: 'p50', p99: 'p99', client_errors: '4xx', server_errors: '5xx', feed: 'Evenementstroum', head: 'Kapp', events_per_minute: 'Evenementer pro Minutt',
  consumers: 'Konsumenten', lag: 'Réckstand', status: 'Status', jobs: 'Hannergrondaarbechten', kind: 'Aart', queued: 'Waarden', running: 'Lafen',
  tasks: 'Geplangten Aufgaben', task: 'Aufgab', schedule: 'Zäitplang', last_run: 'Leschte Laf', error: 'Feeler', off: 'Modul aus', database: 'Datebank',
  size: 'Gréisst', connections: 'Verbindungen', memory: 'Späicher', cpu: 'CPU', seen: 'Gesinn', media: 'Mediespäicher', files: 'Dateien', none: 'Nach keng Ufroen',
  traffic: 'Ufroen a p95-Latenz pro Minutt', all_current: 'All {count} Konsumenten sinn aktuell.', every_consumer: 'All Konsumenten ({count})',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function ht(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
