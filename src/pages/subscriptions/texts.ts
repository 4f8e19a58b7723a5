import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the admins' subscription, tier and capacity pages, in the four languages. */
const EN = {
  subscriptions: 'Subscriptions', subscriptions_lead: 'Every vendor\'s plan, its status and its usage against the limits.',
  vendor: 'Vendor', tier: 'Tier', status: 'Status', period: 'Current period', interval: 'Billed', month: 'monthly', year: 'yearly',
  orders: 'Orders this period', products: 'Products', team_members: 'Team members', unlimited: 'unlimited', search: 'Vendor name or code',
  mrr: 'MRR', arr: 'ARR', paying: 'Paying subscriptions', in_trial: 'In trial', conversion: 'Trial conversion', total: 'Subscriptions',
  subscription_of: 'Subscription of {vendor}', no_subscription: 'No subscription record: the vendor is on the platform\'s default tier ({tier}).',
  legacy: 'Legacy plan: every feature and no limits, kept from before plans. Move the vendor to a tier below.',
  edit: 'Change the subscription', open: 'Open a subscription', custom_limits: 'Custom limits', custom_hint: 'Blank: the tier\'s limit; "unlimited": no limit.',
  effective_limits: 'Effective limits', save: 'Save', saved: 'The subscription is saved.', usage: 'Usage', of: '{used} of {limit}',
  tiers: 'Tiers', tiers_lead: 'The plans vendors subscribe to: prices, limits and features.', code: 'Code', name: 'Name', description: 'Description',
  price_monthly: 'Monthly price (€)', price_yearly: 'Yearly price (€)', sort_order: 'Order', features: 'Features', offered: 'Offered', not_offered: 'Not offered',
  edit_tier: 'Edit tier {tier}', tier_saved: 'The tier {tier} is saved.', activate: 'Offer again', deactivate: 'Stop offering', activated: 'The tier {tier} is offered again.',
  deactivated: 'The tier {tier} is no longer offered to new subscriptions.', limits: 'Limits', limit_hint: 'Blank: unlimited.', live_subscriptions: 'Live subscriptions',
  billing_history: 'Billing history', billing_history_lead: 'Every vendor\'s invoices at Stripe.', number: 'Number', amount: 'Amount', paid: 'Paid', failed: 'Failed',
  pdf: 'PDF', vendor_id: 'Vendor id', from: 'From', to: 'To',
  capacity: 'Capacity', capacity_lead: 'Where the platform stands, where its trend leads, and the vendors near the limits of their tier.',
  measured_now: 'Measured now', latest_snapshot: 'Latest snapshot', none_yet: 'none yet', snapshot_now: 'Capture a snapshot now', snapshot_taken: 'The snapshot of {day} is taken.',
  recommendations: 'Recommendations', resource: 'Resource', current: 'Current', capacity_col: 'Capacity', reaches: 'Reaches capacity', days_left: 'Days left',
  recommendation: 'Recommendation', near_limits: 'Vendors near a limit', limit: 'Limit', used: 'Used', suggested: 'Suggested tier', trend: 'Trend over {days} days',
  no_near: 'No vendor is near a limit.', window: 'Fitted over {snapshots} snapshots from {from} to {to}.',
} as const;
export type SubscriptionsKey = keyof typeof EN;

const FR: Partial<Record<SubscriptionsKey, string>> = {
  subscriptions: 'Abonnements', subscriptions_lead: 'La formule de chaque vendeur, son statut et son utilisation face aux limites.',
  vendor: 'Vendeur', tier: 'Formule', status: 'Statut', period: 'Période en cours', interval: 'Facturé', month: 'mensuellement', year: 'annuellement',
  orders: 'Commandes de la période', products: 'Produits', team_members: 'Membres de l\'équipe', unlimited: 'illimité', search: 'Nom ou code du vendeur',
  paying: 'Abonnements payants', in_trial: 'En essai', conversion: 'Conversion des essais', total: 'Abonnements',
  subscription_of: 'Abonnement de {vendor}', edit: 'Modifier l\'abonnement', open: 'Ouvrir un abonnement', custom_limits: 'Limites personnalisées',
  effective_limits: 'Limites effectives', save: 'Enregistrer', saved: 'L\'abonnement est enregistré.', usage: 'Utilisation', of: '{used} sur {limit}',
  tiers: 'Formules', code: 'Code', name: 'Nom', description: 'Description', features: 'Fonctions', offered: 'Proposée', not_offered: 'Non proposée',
  billing_history: 'Historique de facturation', number: 'Numéro', amount: 'Montant', paid: 'Payée', failed: 'Échouée', capacity: 'Capacité',
  recommendations: 'Recommandations', near_limits: 'Vendeurs proches d\'une limite', limit: 'Limite', from: 'Du', to: 'Au',
};
const DE: Partial<Record<SubscriptionsKey, string>> = {
  subscriptions: 'Abonnements', subscriptions_lead: 'Der Tarif jedes Verkäufers, sein Status und seine Nutzung gegenüber den Grenzen.',
  vendor: 'Verkäufer', tier: 'Tarif', status: 'Status', period: 'Aktueller Zeitraum', interval: 'Abrechnung', month: 'monatlich', year: 'jährlich',
  orders: 'Bestellungen im Zeitraum', products: 'Produkte', team_members: 'Teammitglieder', unlimited: 'unbegrenzt', search: 'Name oder Code des Verkäufers',
  paying: 'Zahlende Abonnements', in_trial: 'In der Testphase', conversion: 'Umwandlung der Testphasen', total: 'Abonnements',
  subscription_of: 'Abonnement von {vendor}', edit: 'Abonnement ändern', open: 'Abonnement eröffnen', custom_limits: 'Eigene Grenzen',
  effective_limits: 'Geltende Grenzen', save: 'Speichern', saved: 'Das Abonnement ist gespeichert.', usage: 'Nutzung', of: '{used} von {limit}',
  tiers: 'Tarife', code: 'Code', name: 'Name', description: 'Beschreibung', features: 'Funktionen', offered: 'Angeboten', not_offered: 'Nicht angeboten',
  billing_history: 'Rechnungsverlauf', number: 'Nummer', amount: 'Betrag', paid: 'Bezahlt', failed: 'Fehlgeschlagen', capacity: 'Kapazität',
  recommendations: 'Empfehlungen', near_limits: 'Verkäufer nahe einer Grenze', limit: 'Grenze', from: 'Von', to: 'Bis',
};
const LB: Partial<Record<SubscriptionsKey, string>> = {
  subscriptions: 'Abonnementer', vendor: 'Verkeefer', tier: 'Tarif', status: 'Status', products: 'Produiten', unlimited: 'onbegrenzt',
  tiers: 'Tariffer', save: 'Späicheren', billing_history: 'Rechnungsverlaf', capacity: 'Kapazitéit', recommendations: 'Recommandatiounen',
};

const TEXTS: Record<LanguageCode, Partial<Record<SubscriptionsKey, string>>> = { en: EN, fr: FR, de: DE, lb: LB };

export function sut(language: LanguageCode, key: SubscriptionsKey, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
