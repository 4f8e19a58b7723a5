import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the test-run dashboard, in the four languages. */
const EN = {
  title: 'Test runs', subtitle: 'The platform\'s own test suite, run in the background · one run at a time',
  run: 'Run the tests', collect: 'Collect the suites', cancel: 'Cancel the run', category: 'Category', collection: 'Collection', all: 'Everything',
  started: 'Test run {id} started', cancelled: 'Test run {id} is cancelled.', unavailable: 'This deployment cannot run its test suite: {reason}',
  running: 'Run {id} running', waiting: 'Run {id} waiting for the worker', done: 'Run {id} completed', failed_run: 'Run {id} failed',
  cancelled_run: 'Run {id} cancelled', never: 'No run yet: start one.', counts: '{passed} passed · {failed} failed · {pending} pending',
  runs: 'Runs', pass_rate: 'Pass rate', last_pass_rate: 'Last pass rate', failing: 'Failing in the last run', flaky: 'Flaky tests',
  flaky_hint: 'Tests that both passed and failed over the last 20 runs, with how often their outcome flipped.', flips: 'Flips', failures: 'Failures',
  slowest: 'Slowest tests of the last run', per_category: 'Pass rate per category', over_time: 'Pass rate over time (%)', history: 'History',
  status: 'Status', kind: 'Kind', duration: 'Duration', test: 'Test', file: 'File', results: 'Results', message: 'Failure', no_failures: 'No failing test.',
  no_flaky: 'No flaky test.', suite: 'Suite', suite_files: '{files} test files in {collections} collections', ran: 'Ran', requested: 'Requested',
  completed: 'Completed', total: 'Tests', passed: 'Passed', failed: 'Failed', pending: 'Pending', error: 'Error', what: 'What ran',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  title: 'Exécutions de tests', subtitle: 'La suite de tests de la plateforme, exécutée en arrière-plan · une exécution à la fois',
  run: 'Lancer les tests', collect: 'Recenser les suites', cancel: 'Annuler l\'exécution', category: 'Catégorie', collection: 'Collection', all: 'Tout',
  started: 'Exécution {id} lancée', cancelled: 'L\'exécution {id} est annulée.', unavailable: 'Ce déploiement ne peut pas exécuter sa suite de tests : {reason}',
  running: 'Exécution {id} en cours', waiting: 'Exécution {id} en attente', done: 'Exécution {id} terminée', failed_run: 'Exécution {id} échouée',
  cancelled_run: 'Exécution {id} annulée', never: 'Aucune exécution : lancez-en une.', counts: '{passed} réussis · {failed} échoués · {pending} en attente',
  runs: 'Exécutions', pass_rate: 'Taux de réussite', last_pass_rate: 'Dernier taux de réussite', failing: 'En échec lors de la dernière exécution', flaky: 'Tests instables',
  flaky_hint: 'Tests à la fois réussis et échoués sur les 20 dernières exécutions, avec le nombre de bascules.', flips: 'Bascules', failures: 'Échecs',
  slowest: 'Tests les plus lents de la dernière exécution', per_category: 'Taux de réussite par catégorie', over_time: 'Taux de réussite dans le temps (%)', history: 'Historique',
  status: 'État', kind: 'Type', duration: 'Durée', test: 'Test', file: 'Fichier', results: 'Résultats', message: 'Échec', no_failures: 'Aucun test en échec.',
  no_flaky: 'Aucun test instable.', suite: 'Suite', suite_files: '{files} fichiers de test dans {collections} collections', ran: 'Exécutés', requested: 'Demandée',
  completed: 'Terminée', total: 'Tests', passed: 'Réussis', failed: 'Échoués', pending: 'En attente', error: 'Erreur', what: 'Portée',
};
const DE: Record<Key, string> = {
  title: 'Testläufe', subtitle: 'Die Testsuite der Plattform, im Hintergrund ausgeführt · ein Lauf zur Zeit',
  run: 'Tests starten', collect: 'Suiten erfassen', cancel: 'Lauf abbrechen', category: 'Kategorie', collection: 'Sammlung', all: 'Alles',
  started: 'Testlauf {id} gestartet', cancelled: 'Testlauf {id} ist abgebrochen.', unavailable: 'Diese Installation kann ihre Testsuite nicht ausführen: {reason}',
  running: 'Lauf {id} läuft', waiting: 'Lauf {id} wartet', done: 'Lauf {id} abgeschlossen', failed_run: 'Lauf {id} fehlgeschlagen',
  cancelled_run: 'Lauf {id} abgebrochen', never: 'Noch kein Lauf: starten Sie einen.', counts: '{passed} bestanden · {failed} fehlgeschlagen · {pending} ausstehend',
  runs: 'Läufe', pass_rate: 'Erfolgsquote', last_pass_rate: 'Letzte Erfolgsquote', failing: 'Im letzten Lauf fehlgeschlagen', flaky: 'Wackelige Tests',
  flaky_hint: 'Tests, die in den letzten 20 Läufen bestanden und fehlschlugen, mit der Zahl der Wechsel.', flips: 'Wechsel', failures: 'Fehlschläge',
  slowest: 'Langsamste Tests des letzten Laufs', per_category: 'Erfolgsquote je Kategorie', over_time: 'Erfolgsquote im Zeitverlauf (%)', history: 'Verlauf',
  status: 'Status', kind: 'Art', duration: 'Dauer', test: 'Test', file: 'Datei', results: 'Ergebnisse', message: 'Fehler', no_failures: 'Kein fehlgeschlagener Test.',
  no_flaky: 'Kein wackeliger Test.', suite: 'Suite', suite_files: '{files} Testdateien in {collections} Sammlungen', ran: 'Gelaufen', requested: 'Angefordert',
  completed: 'Abgeschlossen', total: 'Tests', passed: 'Bestanden', failed: 'Fehlgeschlagen', pending: 'Ausstehend', error: 'Fehler', what: 'Umfang',
};
const LB: Record<Key, string> = {
  title: 'Testleef', subtitle: 'D\'Testsuite vun der Plattform, am Hannergrond gelaf · ee Laf gläichzäiteg',
  run: 'Tester starten', collect: 'Suiten erfaassen', cancel: 'Laf ofbriechen', category: 'Kategorie', collection: 'Sammlung', all: 'Alles',
  started: 'Testlaf {id} gestart', cancelled: 'Testlaf {id} ass ofgebrach.', unavailable: 'Dës Installatioun kann hir Testsuite net lafen: {reason}',
  running: 'Laf {id} leeft', waiting: 'Laf {id} waart', done: 'Laf {id} ofgeschloss', failed_run: 'Laf {id} feelgeschloen',
  cancelled_run: 'Laf {id} ofgebrach', never: 'Nach kee Laf: start een.', counts: '{passed} bestanen · {failed} feelgeschloen · {pending} ausstoend',
  runs: 'Leef', pass_rate: 'Erfollegsquote', last_pass_rate: 'Lescht Erfollegsquote', failing: 'Am leschte Laf feelgeschloen', flaky: 'Wackeleg Tester',
  flaky_hint: 'Tester, déi an de leschten 20 Leef bestanen a feelgeschloen hunn, mat der Zuel vun de Wiesselen.', flips: 'Wiessel', failures: 'Feelschléi',
  slowest: 'Luesst Tester vum leschte Laf', per_category: 'Erfollegsquote pro Kategorie', over_time: 'Erfollegsquote iwwer d\'Zäit (%)', history: 'Verlaf',
  status: 'Status', kind: 'Aart', duration: 'Dauer', test: 'Test', file: 'Fichier', results: 'Resultater', message: 'Feeler', no_failures: 'Keen feelgeschloenen Test.',
  no_flaky: 'Keen wackelegen Test.', suite: 'Suite', suite_files: '{files} Testfichieren an {collections} Sammlungen', ran: 'Gelaf', requested: 'Ugefrot',
  completed: 'Ofgeschloss', total: 'Tester', passed: 'Bestanen', failed: 'Feelgeschloen', pending: 'Ausstoend', error: 'Feeler', what: 'Ëmfang',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function rt(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
