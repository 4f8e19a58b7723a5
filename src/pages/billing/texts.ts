import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the vendor's billing page, in the four languages. */
const EN = {
  title: 'Billing', lead: 'Your plan, what you use of it, add-ons and the invoices of the platform.',
  plan: 'Plan', status: 'Status', period: 'Current period', interval: 'Billed', month: 'monthly', year: 'yearly',
  legacy: 'Legacy plan: every feature, no limits, until the platform moves you to a tier.', default_plan: 'No subscription: the platform\'s default tier applies.',
  usage: 'Usage', orders: 'Orders this period', products: 'Products', team_members: 'Team members', unlimited: 'unlimited',
  of: '{used} of {limit}', exceeded: 'Limit reached', tiers: 'Tiers', tier: 'Tier', price: 'Price', per_month: '{price} / month', per_year: '{price} / year',
  features: '{count} features', current: 'Current', switch: 'Switch to {tier}', switch_yearly: 'yearly', changed: 'You are now on {tier}.',
  not_live: 'Tier changes need a live subscription: ask the platform to open or renew it.', add_ons: 'Add-ons', active_add_ons: 'Active add-ons',
  buy: 'Buy', quantity: 'Quantity', cancel: 'Cancel', cancel_confirm: 'Cancel this add-on? What it adds stops at once.', canceled: 'The add-on {name} is canceled.',
  no_add_ons: 'No add-on yet.', upcoming: 'Upcoming invoice', amount_due: 'Amount due', next_attempt: 'Payment on', line: 'Line', amount: 'Amount',
  proration: 'prorated', upcoming_missing: 'No upcoming invoice: {reason}', history: 'Billing history', number: 'Number', paid: 'Paid', failed: 'Failed',
  pdf: 'PDF', pay: 'Pay', no_history: 'No invoice yet.', checkout_missing: 'The payment page could not be opened; try again.',
} as const;
export type BillingKey = keyof typeof EN;

const FR: Partial<Record<BillingKey, string>> = {
  title: 'Facturation', lead: 'Votre formule, ce que vous en utilisez, les options et les factures de la plateforme.',
  plan: 'Formule', status: 'Statut', period: 'Période en cours', interval: 'Facturé', month: 'mensuellement', year: 'annuellement',
  legacy: 'Formule historique : toutes les fonctions, sans limite, jusqu\'à ce que la plateforme vous place sur une formule.',
  default_plan: 'Pas d\'abonnement : la formule par défaut de la plateforme s\'applique.',
  usage: 'Utilisation', orders: 'Commandes de la période', products: 'Produits', team_members: 'Membres de l\'équipe', unlimited: 'illimité',
  of: '{used} sur {limit}', exceeded: 'Limite atteinte', tiers: 'Formules', tier: 'Formule', price: 'Prix', per_month: '{price} / mois', per_year: '{price} / an',
  features: '{count} fonctions', current: 'Actuelle', switch: 'Passer à {tier}', switch_yearly: 'annuel', changed: 'Vous êtes maintenant en {tier}.',
  not_live: 'Changer de formule demande un abonnement actif : demandez à la plateforme de l\'ouvrir ou de le renouveler.',
  add_ons: 'Options', active_add_ons: 'Options actives', buy: 'Acheter', quantity: 'Quantité', cancel: 'Résilier',
  cancel_confirm: 'Résilier cette option ? Ce qu\'elle ajoute s\'arrête aussitôt.', canceled: 'L\'option {name} est résiliée.', no_add_ons: 'Aucune option.',
  upcoming: 'Prochaine facture', amount_due: 'Montant dû', next_attempt: 'Paiement le', line: 'Ligne', amount: 'Montant', proration: 'au prorata',
  upcoming_missing: 'Pas de prochaine facture : {reason}', history: 'Historique de facturation', number: 'Numéro', paid: 'Payée', failed: 'Échouée',
  pay: 'Payer', no_history: 'Aucune facture.', checkout_missing: 'La page de paiement n\'a pas pu s\'ouvrir ; réessayez.',
};
const DE: Partial<Record<BillingKey, string>> = {
  title: 'Abrechnung', lead: 'Ihr Tarif, Ihre Nutzung, Zusatzoptionen und die Rechnungen der Plattform.',
  plan: 'Tarif', status: 'Status', period: 'Aktueller Zeitraum', interval: 'Abrechnung', month: 'monatlich', year: 'jährlich',
  legacy: 'Altvertrag: alle Funktionen, keine Grenzen, bis die Plattform Sie einem Tarif zuordnet.',
  default_plan: 'Kein Abonnement: der Standardtarif der Plattform gilt.',
  usage: 'Nutzung', orders: 'Bestellungen im Zeitraum', products: 'Produkte', team_members: 'Teammitglieder', unlimited: 'unbegrenzt',
  of: '{used} von {limit}', exceeded: 'Grenze erreicht', tiers: 'Tarife', tier: 'Tarif', price: 'Preis', per_month: '{price} / Monat', per_year: '{price} / Jahr',
  features: '{count} Funktionen', current: 'Aktuell', switch: 'Zu {tier} wechseln', switch_yearly: 'jährlich', changed: 'Sie sind jetzt im Tarif {tier}.',
  not_live: 'Ein Tarifwechsel braucht ein laufendes Abonnement: bitten Sie die Plattform, es zu eröffnen oder zu erneuern.',
  add_ons: 'Zusatzoptionen', active_add_ons: 'Aktive Zusatzoptionen', buy: 'Kaufen', quantity: 'Menge', cancel: 'Kündigen',
  cancel_confirm: 'Diese Option kündigen? Was sie hinzufügt, endet sofort.', canceled: 'Die Option {name} ist gekündigt.', no_add_ons: 'Noch keine Zusatzoption.',
  upcoming: 'Nächste Rechnung', amount_due: 'Fälliger Betrag', next_attempt: 'Zahlung am', line: 'Position', amount: 'Betrag', proration: 'anteilig',
  upcoming_missing: 'Keine nächste Rechnung: {reason}', history: 'Rechnungsverlauf', number: 'Nummer', paid: 'Bezahlt', failed: 'Fehlgeschlagen',
  pay: 'Bezahlen', no_history: 'Noch keine Rechnung.', checkout_missing: 'Die Zahlungsseite konnte nicht geöffnet werden; bitte erneut versuchen.',
};
const LB: Partial<Record<BillingKey, string>> = {
  title: 'Ofrechnung', lead: 'Äre Tarif, wat Dir dovunner notzt, Zousazoptiounen an d\'Rechnunge vun der Plattform.',
  plan: 'Tarif', status: 'Status', period: 'Aktuellen Zäitraum', interval: 'Ofrechnung', month: 'all Mount', year: 'all Joer',
  legacy: 'Alen Tarif: all Funktiounen, keng Grenzen, bis d\'Plattform Iech engem Tarif zouuerdent.',
  usage: 'Notzung', orders: 'Bestellungen am Zäitraum', products: 'Produiten', team_members: 'Memberen vum Team', unlimited: 'onbegrenzt',
  of: '{used} vu {limit}', tiers: 'Tariffer', tier: 'Tarif', price: 'Präis', per_month: '{price} / Mount', per_year: '{price} / Joer',
  current: 'Aktuell', switch: 'Op {tier} wiesselen', add_ons: 'Zousazoptiounen', buy: 'Kafen', quantity: 'Unzuel', cancel: 'Kënnegen',
  upcoming: 'Nächst Rechnung', history: 'Rechnungsverlaf', number: 'Nummer', paid: 'Bezuelt', failed: 'Feelgeschloen', pay: 'Bezuelen',
};

const TEXTS: Record<LanguageCode, Partial<Record<BillingKey, string>>> = { en: EN, fr: FR, de: DE, lb: LB };

export function bit(language: LanguageCode, key: BillingKey, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
