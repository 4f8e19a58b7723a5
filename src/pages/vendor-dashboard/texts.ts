import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the vendor dashboard home, in the four languages. */
const EN = {
  title: 'Dashboard', subtitle: '{vendor} today',
  orders: 'Orders', revenue: 'Revenue (last {days} days)', previous: 'previous {days} days: {amount}', no_revenue: 'none in the previous {days} days',
  products: 'Products', of_limit: 'of {limit} in your plan', unlimited: 'no limit in your plan',
  stock_alerts: 'Stock alerts', stock_hint: '{low} at {threshold} units or fewer · {out} sold out',
  exceptions: 'Items to match', exceptions_hint: 'order items waiting for a product',
  unread: 'Unread messages', unread_hint: 'in your conversations',
  to_confirm: '{count} waiting for confirmation',
  per_day: 'Orders and revenue per day (last {days} days)', orders_series: 'Orders', revenue_series: 'Revenue ({currency})',
  by_status: 'Orders by status', by_channel: 'Orders by channel', top_products: 'Top products (last {days} days)',
  product: 'Product', units: 'Units', gross: 'Gross', no_sales: 'No product ordered in these days.',
  usage: 'Your plan: {tier}', usage_orders: 'Orders this period', usage_products: 'Products', usage_team: 'Team members',
  used_of: '{used} of {limit}', used_unlimited: '{used} (no limit)', upgrade: 'Plan and billing',
  average: 'Average order', channel_shop: 'Shop', channel_extmarket: 'Extmarket',
  status_unconfirmed: 'To confirm', status_confirmed: 'Confirmed', status_declined: 'Declined', status_partially_shipped: 'Partly shipped', status_shipped: 'Shipped',
} as const;
type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  title: 'Tableau de bord', subtitle: '{vendor} aujourd’hui',
  orders: 'Commandes', revenue: 'Chiffre d’affaires ({days} derniers jours)', previous: '{days} jours précédents : {amount}', no_revenue: 'aucune sur les {days} jours précédents',
  products: 'Produits', of_limit: 'sur {limit} dans votre offre', unlimited: 'sans limite dans votre offre',
  stock_alerts: 'Alertes de stock', stock_hint: '{low} à {threshold} unités ou moins · {out} épuisés',
  exceptions: 'Articles à associer', exceptions_hint: 'articles de commande en attente d’un produit',
  unread: 'Messages non lus', unread_hint: 'dans vos conversations',
  to_confirm: '{count} à confirmer',
  per_day: 'Commandes et chiffre d’affaires par jour ({days} derniers jours)', orders_series: 'Commandes', revenue_series: 'Chiffre d’affaires ({currency})',
  by_status: 'Commandes par état', by_channel: 'Commandes par canal', top_products: 'Produits les plus commandés ({days} derniers jours)',
  product: 'Produit', units: 'Unités', gross: 'Montant TTC', no_sales: 'Aucun produit commandé ces jours-ci.',
  usage: 'Votre offre : {tier}', usage_orders: 'Commandes de la période', usage_products: 'Produits', usage_team: 'Membres de l’équipe',
  used_of: '{used} sur {limit}', used_unlimited: '{used} (sans limite)', upgrade: 'Offre et facturation',
  average: 'Panier moyen', channel_shop: 'Boutique', channel_extmarket: 'Extmarket',
  status_unconfirmed: 'À confirmer', status_confirmed: 'Confirmée', status_declined: 'Refusée', status_partially_shipped: 'Expédiée en partie', status_shipped: 'Expédiée',
};
const DE: Record<Key, string> = {
  title: 'Übersicht', subtitle: '{vendor} heute',
  orders: 'Bestellungen', revenue: 'Umsatz (letzte {days} Tage)', previous: 'vorherige {days} Tage: {amount}', no_revenue: 'keiner in den vorherigen {days} Tagen',
  products: 'Produkte', of_limit: 'von {limit} in Ihrem Tarif', unlimited: 'unbegrenzt in Ihrem Tarif',
  stock_alerts: 'Bestandswarnungen', stock_hint: '{low} mit {threshold} Einheiten oder weniger · {out} ausverkauft',
  exceptions: 'Zuzuordnende Artikel', exceptions_hint: 'Bestellpositionen warten auf ein Produkt',
  unread: 'Ungelesene Nachrichten', unread_hint: 'in Ihren Unterhaltungen',
  to_confirm: '{count} warten auf Bestätigung',
  per_day: 'Bestellungen und Umsatz pro Tag (letzte {days} Tage)', orders_series: 'Bestellungen', revenue_series: 'Umsatz ({currency})',
  by_status: 'Bestellungen nach Status', by_channel: 'Bestellungen nach Kanal', top_products: 'Meistbestellte Produkte (letzte {days} Tage)',
  product: 'Produkt', units: 'Einheiten', gross: 'Brutto', no_sales: 'In diesen Tagen wurde kein Produkt bestellt.',
  usage: 'Ihr Tarif: {tier}', usage_orders: 'Bestellungen im Zeitraum', usage_products: 'Produkte', usage_team: 'Teammitglieder',
  used_of: '{used} von {limit}', used_unlimited: '{used} (unbegrenzt)', upgrade: 'Tarif und Abrechnung',
  average: 'Durchschnittliche Bestellung', channel_shop: 'Shop', channel_extmarket: 'Extmarket',
  status_unconfirmed: 'Zu bestätigen', status_confirmed: 'Bestätigt', status_declined: 'Abgelehnt', status_partially_shipped: 'Teilweise versandt', status_shipped: 'Versandt',
};
const LB: Record<Key, string> = {
  title: 'Iwwersiicht', subtitle: '{vendor} haut',
  orders: 'Bestellungen', revenue: 'Ëmsaz (lescht {days} Deeg)', previous: 'virdrun {days} Deeg: {amount}', no_revenue: 'keen an de {days} Deeg virdrun',
  products: 'Produiten', of_limit: 'vu {limit} an Ärem Tarif', unlimited: 'onbegrenzt an Ärem Tarif',
  stock_alerts: 'Stockwarnungen', stock_hint: '{low} mat {threshold} Eenheeten oder manner · {out} ausverkaf',
  exceptions: 'Artikelen zouzeuerdnen', exceptions_hint: 'Bestellpositioune waarden op e Produit',
  unread: 'Ongeliese Messagen', unread_hint: 'an Ären Ënnerhalungen',
  to_confirm: '{count} waarden op Bestätegung',
  per_day: 'Bestellungen an Ëmsaz pro Dag (lescht {days} Deeg)', orders_series: 'Bestellungen', revenue_series: 'Ëmsaz ({currency})',
  by_status: 'Bestellungen no Status', by_channel: 'Bestellungen no Kanal', top_products: 'Meescht bestallte Produiten (lescht {days} Deeg)',
  product: 'Produit', units: 'Eenheeten', gross: 'Brutto', no_sales: 'An dësen Deeg gouf kee Produit bestallt.',
  usage: 'Ären Tarif: {tier}', usage_orders: 'Bestellungen an der Period', usage_products: 'Produiten', usage_team: 'Memberen vun der Equipe',
  used_of: '{used} vu {limit}', used_unlimited: '{used} (onbegrenzt)', upgrade: 'Tarif a Rechnung',
  average: 'Duerchschnëttlech Bestellung', channel_shop: 'Buttek', channel_extmarket: 'Extmarket',
  status_unconfirmed: 'Ze bestätegen', status_confirmed: 'Bestätegt', status_declined: 'Refuséiert', status_partially_shipped: 'Deelweis verschéckt', status_shipped: 'Verschéckt',
};

const TEXTS: Record<LanguageCode, Record<Key, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function vdt(language: LanguageCode, key: Key, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
export type VendorDashboardTextKey = Key;
