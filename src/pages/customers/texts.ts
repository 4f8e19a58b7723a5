import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the customer pages of both back offices, in the four languages. */
const EN = {
  customers: 'Customers', customer: 'Customer', search: 'Search', search_hint: 'E-mail or name', name: 'Name', email: 'E-mail', vendor: 'Vendor',
  language: 'Language', orders: 'Orders', spent: 'Spent', last_order: 'Last order', since: 'Customer since', addresses: 'Saved addresses',
  no_addresses: 'No saved address.', no_orders: 'No order yet.', order: 'Order', date: 'Date', total: 'Total', status: 'Status',
  type_shipping: 'Delivery', type_billing: 'Billing', default: 'Default', all_orders: 'All orders of the shop', profile: 'Profile',
  status_unconfirmed: 'Unconfirmed', status_confirmed: 'Confirmed', status_declined: 'Declined', status_partially_shipped: 'Partly shipped', status_shipped: 'Shipped',
  lead: 'The people who have an account in your shop, with their orders.', lead_admin: 'The customers of every shop.',
} as const;
export type CustomerText = keyof typeof EN;

const FR: Record<CustomerText, string> = {
  customers: 'Clients', customer: 'Client', search: 'Rechercher', search_hint: 'E-mail ou nom', name: 'Nom', email: 'E-mail', vendor: 'Vendeur',
  language: 'Langue', orders: 'Commandes', spent: 'Dépensé', last_order: 'Dernière commande', since: 'Client depuis', addresses: 'Adresses enregistrées',
  no_addresses: 'Aucune adresse enregistrée.', no_orders: 'Aucune commande pour l’instant.', order: 'Commande', date: 'Date', total: 'Total', status: 'Statut',
  type_shipping: 'Livraison', type_billing: 'Facturation', default: 'Par défaut', all_orders: 'Toutes les commandes de la boutique', profile: 'Profil',
  status_unconfirmed: 'Non confirmée', status_confirmed: 'Confirmée', status_declined: 'Refusée', status_partially_shipped: 'Expédiée en partie', status_shipped: 'Expédiée',
  lead: 'Les personnes qui ont un compte dans votre boutique, avec leurs commandes.', lead_admin: 'Les clients de toutes les boutiques.',
};
const DE: Record<CustomerText, string> = {
  customers: 'Kunden', customer: 'Kunde', search: 'Suchen', search_hint: 'E-Mail oder Name', name: 'Name', email: 'E-Mail', vendor: 'Händler',
  language: 'Sprache', orders: 'Bestellungen', spent: 'Umsatz', last_order: 'Letzte Bestellung', since: 'Kunde seit', addresses: 'Gespeicherte Adressen',
  no_addresses: 'Keine gespeicherte Adresse.', no_orders: 'Noch keine Bestellung.', order: 'Bestellung', date: 'Datum', total: 'Summe', status: 'Status',
  type_shipping: 'Lieferung', type_billing: 'Rechnung', default: 'Standard', all_orders: 'Alle Bestellungen des Shops', profile: 'Profil',
  status_unconfirmed: 'Unbestätigt', status_confirmed: 'Bestätigt', status_declined: 'Abgelehnt', status_partially_shipped: 'Teilweise versandt', status_shipped: 'Versandt',
  lead: 'Die Menschen mit einem Konto in Ihrem Shop, mit ihren Bestellungen.', lead_admin: 'Die Kunden aller Shops.',
};
const LB: Record<CustomerText, string> = {
  customers: 'Clienten', customer: 'Client', search: 'Sichen', search_hint: 'E-Mail oder Numm', name: 'Numm', email: 'E-Mail', vendor: 'Händler',
  language: 'Sprooch', orders: 'Bestellungen', spent: 'Ausginn', last_order: 'Lescht Bestellung', since: 'Client zënter', addresses: 'Gespäichert Adressen',
  no_addresses: 'Keng gespäichert Adress.', no_orders: 'Nach keng Bestellung.', order: 'Bestellung', date: 'Datum', total: 'Total', status: 'Status',
  type_shipping: 'Liwwerung', type_billing: 'Rechnung', default: 'Standard', all_orders: 'All Bestellunge vum Shop', profile: 'Profil',
  status_unconfirmed: 'Net confirméiert', status_confirmed: 'Confirméiert', status_declined: 'Refuséiert', status_partially_shipped: 'Deelweis verschéckt', status_shipped: 'Verschéckt',
  lead: 'D’Leit mat engem Kont an Ärem Shop, mat hire Bestellungen.', lead_admin: 'D’Clienten vun alle Shops.',
};

const TEXTS: Record<LanguageCode, Record<CustomerText, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function ct(language: LanguageCode, key: CustomerText, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
