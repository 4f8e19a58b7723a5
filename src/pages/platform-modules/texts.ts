import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the platform-modules pages, in the four languages. */
const EN = {
  nav: 'Modules', platforms: 'Platforms', title: 'Modules of {platform}', own: 'This deployment\'s own platform', hosts: 'Hosts',
  enabled_count: '{on} on, {off} off', module: 'Module', kind: 'Kind', core: 'Core', optional: 'Optional', state: 'State', on: 'On', off: 'Off',
  why: 'Why', by_core: 'Core module', by_explicit: 'Enabled', by_dependency: 'Pulled in for {module}', depends_on: 'Depends on', needed_by: 'Needed by',
  enable: 'Enable', disable: 'Disable', enable_all: 'Enable all', disable_optional: 'Only core modules', features: 'Features',
  enabled_notice: '{module} is on.', disabled_notice: '{module} is off: its pages and routes answer as absent, its data stays.',
  all_on: 'Every module is on.', only_core: 'Only the core modules are on.', confirm_disable: 'Switch {module} off on {platform}?',
  platform: 'Platform', open: 'Open',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  nav: 'Modules', platforms: 'Plateformes', title: 'Modules de {platform}', own: 'La plateforme propre à ce déploiement', hosts: 'Hôtes',
  enabled_count: '{on} actifs, {off} inactifs', module: 'Module', kind: 'Type', core: 'Cœur', optional: 'Optionnel', state: 'État', on: 'Actif', off: 'Inactif',
  why: 'Pourquoi', by_core: 'Module de base', by_explicit: 'Activé', by_dependency: 'Requis par {module}', depends_on: 'Dépend de', needed_by: 'Requis par',
  enable: 'Activer', disable: 'Désactiver', enable_all: 'Tout activer', disable_optional: 'Modules de base seuls', features: 'Fonctions',
  enabled_notice: '{module} est actif.', disabled_notice: '{module} est inactif : ses pages et routes répondent comme absentes, ses données restent.',
  all_on: 'Tous les modules sont actifs.', only_core: 'Seuls les modules de base sont actifs.', confirm_disable: 'Désactiver {module} sur {platform} ?',
  platform: 'Plateforme', open: 'Ouvrir',
};
const DE: Record<Key, string> = {
  nav: 'Module', platforms: 'Plattformen', title: 'Module von {platform}', own: 'Die eigene Plattform dieser Installation', hosts: 'Hosts',
  enabled_count: '{on} aktiv, {off} aus', module: 'Modul', kind: 'Art', core: 'Kern', optional: 'Optional', state: 'Status', on: 'Aktiv', off: 'Aus',
  why: 'Warum', by_core: 'Kernmodul', by_explicit: 'Aktiviert', by_dependency: 'Benötigt von {module}', depends_on: 'Hängt ab von', needed_by: 'Benötigt von',
  enable: 'Aktivieren', disable: 'Deaktivieren', enable_all: 'Alle aktivieren', disable_optional: 'Nur Kernmodule', features: 'Funktionen',
  enabled_notice: '{module} ist aktiv.', disabled_notice: '{module} ist aus: Seiten und Routen antworten als nicht vorhanden, die Daten bleiben.',
  all_on: 'Alle Module sind aktiv.', only_core: 'Nur die Kernmodule sind aktiv.', confirm_disable: '{module} auf {platform} ausschalten?',
  platform: 'Plattform', open: 'Öffnen',
};
const LB: Record<Key, string> = {
  nav: 'Moduler', platforms: 'Plattformen', title: 'Moduler vun {platform}', own: 'Déi eege Plattform vun dëser Installatioun', hosts: 'Hosts',
  enabled_count: '{on} aktiv, {off} aus', module: 'Modul', kind: 'Aart', core: 'Kär', optional: 'Optional', state: 'Status', on: 'Aktiv', off: 'Aus',
  why: 'Firwat', by_core: 'Kärmodul', by_explicit: 'Aktivéiert', by_dependency: 'Gebraucht vun {module}', depends_on: 'Hänkt of vun', needed_by: 'Gebraucht vun',
  enable: 'Aktivéieren', disable: 'Desaktivéieren', enable_all: 'All aktivéieren', disable_optional: 'Nëmme Kärmoduler', features: 'Funktiounen',
  enabled_notice: '{module} ass aktiv.', disabled_notice: '{module} ass aus: Säiten a Routen äntweren wéi net do, d\'Donnéeë bleiwen.',
  all_on: 'All Moduler sinn aktiv.', only_core: 'Nëmmen d\'Kärmoduler sinn aktiv.', confirm_disable: '{module} op {platform} ausschalten?',
  platform: 'Plattform', open: 'Opmaachen',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function mt(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
