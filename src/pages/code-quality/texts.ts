import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the code-quality pages, in the four languages. */
const EN = {
  title: 'Code quality', subtitle: 'The platform\'s own source tree against its architecture rules',
  scan: 'Scan now', scan_started: 'Scan {id} started', scanning: 'Scan {id} running', waiting: 'Scan {id} waiting for a worker',
  last_scan: 'Last scan', never: 'No scan yet: start one.', scan_failed: 'Scan {id} failed', scan_done: 'Scan {id} completed', scan_cancelled: 'Scan {id} was cancelled', cancelled_detail: 'Nothing it found was recorded: the violations are as the last completed scan left them.',
  total: 'Violations', errors: 'Errors', warnings: 'Warnings', overdue: 'Overdue', fixed: 'Fixed', trend: 'Violations found per scan',
  found: 'Found', new: 'New', rule: 'Rule', severity: 'Severity', file: 'File', status: 'Status', assignee: 'Assignee', due: 'Due',
  priority: 'Priority', violations: 'Violations', scans: 'Scans', started: 'Started', completed: 'Completed', message: 'What',
  assign: 'Assign', resolve: 'Resolve', ignore: 'Ignore', reason: 'Reason', note: 'Note', comment: 'Comment', comments: 'Comments',
  add_comment: 'Add the comment', done: 'Done', workflow: 'Workflow', present: 'Still found', gone: 'Fixed by scan {id}',
  assigned_ok: 'Assigned', resolved_ok: 'Resolved', ignored_ok: 'Ignored', commented_ok: 'Comment added', history: 'History',
  no_comments: 'No comments yet.', rules: 'Rules', description: 'Description', overdue_flag: 'overdue',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  title: 'Qualité du code', subtitle: 'Le code source de la plateforme face à ses règles d\'architecture',
  scan: 'Analyser', scan_started: 'Analyse {id} lancée', scanning: 'Analyse {id} en cours', waiting: 'Analyse {id} en attente',
  last_scan: 'Dernière analyse', never: 'Aucune analyse : lancez-en une.', scan_failed: 'Analyse {id} échouée', scan_done: 'Analyse {id} terminée', scan_cancelled: 'Analyse {id} annulée', cancelled_detail: 'Rien de ce qu\'elle a trouvé n\'est enregistré : les violations sont celles de la dernière analyse terminée.',
  total: 'Violations', errors: 'Erreurs', warnings: 'Avertissements', overdue: 'En retard', fixed: 'Corrigées', trend: 'Violations trouvées par analyse',
  found: 'Trouvées', new: 'Nouvelles', rule: 'Règle', severity: 'Gravité', file: 'Fichier', status: 'État', assignee: 'Responsable', due: 'Échéance',
  priority: 'Priorité', violations: 'Violations', scans: 'Analyses', started: 'Début', completed: 'Fin', message: 'Quoi',
  assign: 'Attribuer', resolve: 'Résoudre', ignore: 'Ignorer', reason: 'Raison', note: 'Note', comment: 'Commentaire', comments: 'Commentaires',
  add_comment: 'Ajouter le commentaire', done: 'Fait', workflow: 'Suivi', present: 'Toujours trouvée', gone: 'Corrigée par l\'analyse {id}',
  assigned_ok: 'Attribuée', resolved_ok: 'Résolue', ignored_ok: 'Ignorée', commented_ok: 'Commentaire ajouté', history: 'Historique',
  no_comments: 'Pas encore de commentaire.', rules: 'Règles', description: 'Description', overdue_flag: 'en retard',
};
const DE: Record<Key, string> = {
  title: 'Codequalität', subtitle: 'Der Quellcode der Plattform gegen ihre Architekturregeln',
  scan: 'Jetzt prüfen', scan_started: 'Prüfung {id} gestartet', scanning: 'Prüfung {id} läuft', waiting: 'Prüfung {id} wartet',
  last_scan: 'Letzte Prüfung', never: 'Noch keine Prüfung: starten Sie eine.', scan_failed: 'Prüfung {id} fehlgeschlagen', scan_done: 'Prüfung {id} abgeschlossen', scan_cancelled: 'Prüfung {id} abgebrochen', cancelled_detail: 'Nichts von ihren Funden wurde erfasst: die Verstöße sind die der letzten abgeschlossenen Prüfung.',
  total: 'Verstöße', errors: 'Fehler', warnings: 'Warnungen', overdue: 'Überfällig', fixed: 'Behoben', trend: 'Gefundene Verstöße je Prüfung',
  found: 'Gefunden', new: 'Neu', rule: 'Regel', severity: 'Schwere', file: 'Datei', status: 'Status', assignee: 'Zuständig', due: 'Fällig',
  priority: 'Priorität', violations: 'Verstöße', scans: 'Prüfungen', started: 'Begonnen', completed: 'Beendet', message: 'Was',
  assign: 'Zuweisen', resolve: 'Erledigen', ignore: 'Ignorieren', reason: 'Grund', note: 'Notiz', comment: 'Kommentar', comments: 'Kommentare',
  add_comment: 'Kommentar hinzufügen', done: 'Erledigt', workflow: 'Bearbeitung', present: 'Noch gefunden', gone: 'Behoben durch Prüfung {id}',
  assigned_ok: 'Zugewiesen', resolved_ok: 'Erledigt', ignored_ok: 'Ignoriert', commented_ok: 'Kommentar hinzugefügt', history: 'Verlauf',
  no_comments: 'Noch keine Kommentare.', rules: 'Regeln', description: 'Beschreibung', overdue_flag: 'überfällig',
};
const LB: Record<Key, string> = {
  title: 'Codequalitéit', subtitle: 'De Quellcode vun der Plattform géint hir Architekturreegelen',
  scan: 'Elo préiwen', scan_started: 'Préiwung {id} gestart', scanning: 'Préiwung {id} leeft', waiting: 'Préiwung {id} waart',
  last_scan: 'Lescht Préiwung', never: 'Nach keng Préiwung: start eng.', scan_failed: 'Préiwung {id} feelgeschloen', scan_done: 'Préiwung {id} ofgeschloss', scan_cancelled: 'Préiwung {id} ofgebrach', cancelled_detail: 'Näischt vun hire Fonnt gouf erfaasst: d\'Verstéiss sinn déi vun der leschter ofgeschlossener Préiwung.',
  total: 'Verstéiss', errors: 'Feeler', warnings: 'Warnungen', overdue: 'Iwwerfälleg', fixed: 'Behuewen', trend: 'Fonnt Verstéiss pro Préiwung',
  found: 'Fonnt', new: 'Nei', rule: 'Reegel', severity: 'Schwéiergrad', file: 'Fichier', status: 'Status', assignee: 'Zoustänneg', due: 'Fälleg',
  priority: 'Prioritéit', violations: 'Verstéiss', scans: 'Préiwungen', started: 'Ugefaangen', completed: 'Fäerdeg', message: 'Wat',
  assign: 'Zouweisen', resolve: 'Erleedegen', ignore: 'Ignoréieren', reason: 'Grond', note: 'Notiz', comment: 'Kommentar', comments: 'Kommentaren',
  add_comment: 'Kommentar derbäisetzen', done: 'Erleedegt', workflow: 'Beaarbechtung', present: 'Nach fonnt', gone: 'Behuewe vun der Préiwung {id}',
  assigned_ok: 'Zougewisen', resolved_ok: 'Erleedegt', ignored_ok: 'Ignoréiert', commented_ok: 'Kommentar derbäigesat', history: 'Historique',
  no_comments: 'Nach keng Kommentaren.', rules: 'Reegelen', description: 'Beschreiwung', overdue_flag: 'iwwerfälleg',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function qt(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
