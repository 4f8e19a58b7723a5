import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the admin dashboard home, in the four languages. */
const EN = {
  nav: 'Dashboard', title: 'Dashboard', subtitle: 'The platform today', companies: 'Companies', vendors: 'Vendors', users: 'Users', customers: 'Customers',
  orders: 'Orders', revenue: 'Revenue', imports: 'Imports', violations: 'Open violations', subscriptions: 'Subscriptions', active: '{count} active',
  verified: '{count} verified', admins: 'admins: {count}', with_orders: '{count} with orders', not_declined: 'orders not declined', running: '{count} running',
  orders_per_day: 'Orders per day (last 30 days)', new_vendors: 'New vendors', by_status: 'Orders by status', by_tier: 'Subscriptions by tier',
  by_channel: 'Orders by channel', off: 'module off', health: 'Platform health', requests: '{rate} requests/min · {errors} server errors',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  nav: 'Tableau de bord', title: 'Tableau de bord', subtitle: 'La plateforme aujourd\'hui', companies: 'Sociétés', vendors: 'Vendeurs', users: 'Utilisateurs', customers: 'Clients',
  orders: 'Commandes', revenue: 'Chiffre d\'affaires', imports: 'Imports', violations: 'Violations ouvertes', subscriptions: 'Abonnements', active: '{count} actifs',
  verified: '{count} vérifiés', admins: 'admins : {count}', with_orders: '{count} avec commandes', not_declined: 'commandes non refusées', running: '{count} en cours',
  orders_per_day: 'Commandes par jour (30 derniers jours)', new_vendors: 'Nouveaux vendeurs', by_status: 'Commandes par état', by_tier: 'Abonnements par offre',
  by_channel: 'Commandes par canal', off: 'module inactif', health: 'Santé de la plateforme', requests: '{rate} requêtes/min · {errors} erreurs serveur',
};
const DE: Record<Key, string> = {
  nav: 'Übersicht', title: 'Übersicht', subtitle: 'Die Plattform heute', companies: 'Unternehmen', vendors: 'Händler', users: 'Benutzer', customers: 'Kunden',
  orders: 'Bestellungen', revenue: 'Umsatz', imports: 'Importe', violations: 'Offene Verstöße', subscriptions: 'Abonnements', active: '{count} aktiv',
  verified: '{count} verifiziert', admins: 'Admins: {count}', with_orders: '{count} mit Bestellungen', not_declined: 'nicht abgelehnte Bestellungen', running: '{count} laufend',
  orders_per_day: 'Bestellungen pro Tag (letzte 30 Tage)', new_vendors: 'Neue Händler', by_status: 'Bestellungen nach Status', by_tier: 'Abonnements nach Stufe',
  by_channel: 'Bestellungen nach Kanal', off: 'Modul aus', health: 'Plattformzustand', requests: '{rate} Anfragen/min · {errors} Serverfehler',
};
const LB: Record<Key, string> = {
  nav: 'Iwwersiicht', title: 'Iwwersiicht', subtitle: 'D\'Plattform haut', companies: 'Entreprisen', vendors: 'Händler', users: 'Benotzer', customers: 'Clienten',
  orders: 'Bestellungen', revenue: 'Ëmsaz', imports: 'Importer', violations: 'Oppe Verstéiss', subscriptions: 'Abonnementer', active: '{count} aktiv',
  verified: '{count} verifizéiert', admins: 'Admins: {count}', with_orders: '{count} mat Bestellungen', not_declined: 'net refuséiert Bestellungen', running: '{count} lafen',
  orders_per_day: 'Bestellungen pro Dag (lescht 30 Deeg)', new_vendors: 'Nei Händler', by_status: 'Bestellungen no Status', by_tier: 'Abonnementer no Stuf',
  by_channel: 'Bestellungen no Kanal', off: 'Modul aus', health: 'Plattformzoustand', requests: '{rate} Ufroen/min · {errors} Serverfeeler',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function dt(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
