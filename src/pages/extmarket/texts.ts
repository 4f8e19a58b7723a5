import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the admins' extmarket pages, in the four languages. */
const EN = {
  title: 'Extmarket jobs', subtitle: 'Order syncs, historical imports, product exports and marketplace imports of every vendor',
  start: 'Start a job', start_button: 'Start', vendor: 'Vendor', job_type: 'Job', status: 'Status', records: 'Records', progress: 'Progress',
  created: 'Requested', by: 'By', error: 'Error', all_vendors: 'Every vendor', type_order_sync: 'Order sync', type_historical_import: 'Historical import',
  type_product_export: 'Product export', type_import: 'Marketplace import', started: '{type} {id} started for {vendor}.', job: 'Job {id}',
  credentials: 'Extmarket credentials of {vendor}', configured: 'Key stored', not_configured: 'No key stored: an order sync or a historical import is refused until the vendor stores one.',
  key_hint: 'Key', endpoint: 'Endpoint', auto_sync: 'Automatic sync', connection: 'Last connection test', yes: 'Yes', no: 'No',
  files: 'Files', language: 'Language', file: 'File', products: 'Products', size: 'Size', download: 'Download', orders_imported: 'Orders imported',
  started_at: 'Started', completed_at: 'Completed', details: 'Details', waiting: 'Waiting for a worker', running: 'Running', done: 'Completed', failed: 'Failed',
  export_languages: 'Languages', include_inactive: 'Include inactive products', feed: 'Product feed', sort: 'Sort',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  title: 'Tâches extmarket', subtitle: 'Synchronisations de commandes, imports historiques, exports de produits et imports marketplace de tous les vendeurs',
  start: 'Lancer une tâche', start_button: 'Lancer', vendor: 'Vendeur', job_type: 'Tâche', status: 'État', records: 'Enregistrements', progress: 'Avancement',
  created: 'Demandée', by: 'Par', error: 'Erreur', all_vendors: 'Tous les vendeurs', type_order_sync: 'Synchronisation des commandes', type_historical_import: 'Import historique',
  type_product_export: 'Export des produits', type_import: 'Import marketplace', started: '{type} {id} lancé pour {vendor}.', job: 'Tâche {id}',
  credentials: 'Accès extmarket de {vendor}', configured: 'Clé enregistrée', not_configured: 'Aucune clé : une synchronisation ou un import historique est refusé tant que le vendeur n\'en enregistre pas.',
  key_hint: 'Clé', endpoint: 'Adresse', auto_sync: 'Synchronisation automatique', connection: 'Dernier test de connexion', yes: 'Oui', no: 'Non',
  files: 'Fichiers', language: 'Langue', file: 'Fichier', products: 'Produits', size: 'Taille', download: 'Télécharger', orders_imported: 'Commandes importées',
  started_at: 'Début', completed_at: 'Fin', details: 'Détails', waiting: 'En attente', running: 'En cours', done: 'Terminée', failed: 'Échouée',
  export_languages: 'Langues', include_inactive: 'Inclure les produits inactifs', feed: 'Flux de produits', sort: 'Tri',
};
const DE: Record<Key, string> = {
  title: 'Extmarket-Aufträge', subtitle: 'Bestellabgleiche, historische Importe, Produktexporte und Marktplatzimporte aller Händler',
  start: 'Auftrag starten', start_button: 'Starten', vendor: 'Händler', job_type: 'Auftrag', status: 'Status', records: 'Datensätze', progress: 'Fortschritt',
  created: 'Angefordert', by: 'Von', error: 'Fehler', all_vendors: 'Alle Händler', type_order_sync: 'Bestellabgleich', type_historical_import: 'Historischer Import',
  type_product_export: 'Produktexport', type_import: 'Marktplatzimport', started: '{type} {id} für {vendor} gestartet.', job: 'Auftrag {id}',
  credentials: 'Extmarket-Zugang von {vendor}', configured: 'Schlüssel gespeichert', not_configured: 'Kein Schlüssel: ein Abgleich oder historischer Import wird abgelehnt, bis der Händler einen speichert.',
  key_hint: 'Schlüssel', endpoint: 'Adresse', auto_sync: 'Automatischer Abgleich', connection: 'Letzter Verbindungstest', yes: 'Ja', no: 'Nein',
  files: 'Dateien', language: 'Sprache', file: 'Datei', products: 'Produkte', size: 'Größe', download: 'Herunterladen', orders_imported: 'Importierte Bestellungen',
  started_at: 'Begonnen', completed_at: 'Beendet', details: 'Einzelheiten', waiting: 'Wartet', running: 'Läuft', done: 'Abgeschlossen', failed: 'Fehlgeschlagen',
  export_languages: 'Sprachen', include_inactive: 'Inaktive Produkte einschließen', feed: 'Produkt-Feed', sort: 'Sortierung',
};
const LB: Record<Key, string> = {
  title: 'Extmarket-Optréi', subtitle: 'Bestellungsofgläichen, historesch Importer, Produktexporter a Marktplazimporter vun alle Händler',
  start: 'Optrag starten', start_button: 'Starten', vendor: 'Händler', job_type: 'Optrag', status: 'Status', records: 'Datesätz', progress: 'Fortschrëtt',
  created: 'Ugefrot', by: 'Vum', error: 'Feeler', all_vendors: 'All Händler', type_order_sync: 'Bestellungsofgläich', type_historical_import: 'Historeschen Import',
  type_product_export: 'Produktexport', type_import: 'Marktplazimport', started: '{type} {id} fir {vendor} gestart.', job: 'Optrag {id}',
  credentials: 'Extmarket-Zougang vun {vendor}', configured: 'Schlëssel gespäichert', not_configured: 'Kee Schlëssel: en Ofgläich oder historeschen Import gëtt refuséiert, bis den Händler een späichert.',
  key_hint: 'Schlëssel', endpoint: 'Adress', auto_sync: 'Automateschen Ofgläich', connection: 'Leschten Verbindungstest', yes: 'Jo', no: 'Neen',
  files: 'Fichieren', language: 'Sprooch', file: 'Fichier', products: 'Produkter', size: 'Gréisst', download: 'Eroflueden', orders_imported: 'Importéiert Bestellungen',
  started_at: 'Ugefaangen', completed_at: 'Ofgeschloss', details: 'Detailer', waiting: 'Waart', running: 'Leeft', done: 'Ofgeschloss', failed: 'Feelgeschloen',
  export_languages: 'Sproochen', include_inactive: 'Inaktiv Produkter mat', feed: 'Produkt-Feed', sort: 'Zortéierung',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function et(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
