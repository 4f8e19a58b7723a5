import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the public signup and pricing pages, in the four languages. */
const EN = {
  pricing_title: 'Plans and prices', pricing_lead: 'Every plan starts with a {days}-day free trial. Your card is saved for after the trial, not charged before.',
  per_month: '/ month', per_year: '/ year billed yearly', unlimited: 'Unlimited', orders_limit: '{n} orders a month', products_limit: '{n} products',
  team_limit: '{n} team members', start_trial: 'Start the free trial', add_ons: 'Add-ons', already: 'Already selling here?', sign_in: 'Sign in',
  signup_title: 'Open your shop', signup_lead: '{days} days free on the {tier} plan. Five short steps; you can come back to them with this page\'s address.',
  step_account: 'Account', step_company: 'Company', step_vendor: 'Shop', step_tier: 'Plan', step_card: 'Card', step_review: 'Start',
  step_of: 'Step {n} of 5', continue: 'Continue', back: 'Back', email: 'E-mail', password: 'Password', password_hint: 'At least 10 characters.',
  first_name: 'First name', last_name: 'Last name', language: 'Language of your back office',
  company_name: 'Company name', business_address: 'Business address', tax_number: 'VAT or tax number', contact_phone: 'Phone', website: 'Website',
  company_hint: 'Your shops show these details on invoices unless you change them per shop.',
  vendor_code: 'Shop code', vendor_code_hint: 'Letters, digits, - or _; also your shop\'s address: {host}/vendors/CODE/shop.', vendor_name: 'Shop name',
  shop_claim: 'Already selling on the marketplace?', shop_claim_lead: 'Give the marketplace API key of your shop: we find your shop and link it to your new account.',
  api_key: 'Marketplace API key', api_endpoint: 'API address (optional)', claim: 'Find and link my shop', shop_linked: 'Linked marketplace shop: {name}',
  tier: 'Plan', interval: 'Billing after the trial', monthly: 'Monthly', yearly: 'Yearly',
  card_lead: 'Your card is saved with Stripe for after the {days}-day trial; nothing is charged today. The card number goes to Stripe, never to us.',
  card_needs_js: 'The card form is Stripe\'s own and needs JavaScript. Enable it, or open this page in a browser that runs it.',
  card_saved: 'Card saved: {brand} ending in {last4}.', card_confirm: 'Save my card', card_pending: 'Stripe has not confirmed the card yet. Enter it and try again.',
  review_title: 'Ready to start', review_lead: 'Check your details, then start your {days}-day trial. Next, a short set-up guides you through your shop.',
  start: 'Start my trial', change: 'Change', trial_until: 'Free until {date}',
  error_form_token: 'The form expired. Please send it again.', error_throttled: 'Too many signups from your network. Try again later.',
  error_email_taken: 'An account with this e-mail exists already. Sign in, or use another e-mail.', error_code_taken: 'This shop code is taken. Choose another.',
  error_shop_taken: 'This marketplace shop is already linked to a shop here.', error_shop_key: 'The marketplace did not accept this API key.',
  error_shop_unknown: 'The marketplace knows no shop for this key.', error_invalid: 'Please check the marked fields.', error_not_found: 'This signup does not exist. Start a new one.',
  error_completed: 'This signup is complete. Sign in to your back office.', error_email: 'Enter an e-mail address such as name@example.com.',
  error_field: 'Check this field.', more_features: '+ {n} more', error_unavailable: 'The service we need is unavailable. Try again in a moment.',
} as const;
export type SignupKey = keyof typeof EN;

const FR: Partial<Record<SignupKey, string>> = {
  pricing_title: 'Offres et tarifs', pricing_lead: 'Chaque offre commence par {days} jours d\'essai gratuit. Votre carte est enregistrée pour après l\'essai, sans débit avant.',
  per_month: '/ mois', per_year: '/ an, facturé annuellement', unlimited: 'Illimité', orders_limit: '{n} commandes par mois', products_limit: '{n} produits',
  team_limit: '{n} membres d\'équipe', start_trial: 'Commencer l\'essai gratuit', add_ons: 'Options', already: 'Vous vendez déjà ici ?', sign_in: 'Se connecter',
  signup_title: 'Ouvrez votre boutique', signup_lead: '{days} jours gratuits avec l\'offre {tier}. Cinq étapes courtes ; l\'adresse de cette page vous y ramène.',
  step_account: 'Compte', step_company: 'Société', step_vendor: 'Boutique', step_tier: 'Offre', step_card: 'Carte', step_review: 'Démarrer',
  step_of: 'Étape {n} sur 5', continue: 'Continuer', back: 'Retour', email: 'E-mail', password: 'Mot de passe', password_hint: 'Au moins 10 caractères.',
  first_name: 'Prénom', last_name: 'Nom', language: 'Langue de votre espace', company_name: 'Nom de la société', business_address: 'Adresse',
  tax_number: 'Numéro de TVA', contact_phone: 'Téléphone', website: 'Site web', vendor_code: 'Code de la boutique', vendor_name: 'Nom de la boutique',
  shop_claim: 'Vous vendez déjà sur la place de marché ?', api_key: 'Clé API de la place de marché', claim: 'Trouver et lier ma boutique',
  tier: 'Offre', interval: 'Facturation après l\'essai', monthly: 'Mensuelle', yearly: 'Annuelle', card_confirm: 'Enregistrer ma carte',
  review_title: 'Prêt à démarrer', start: 'Démarrer mon essai', change: 'Modifier', trial_until: 'Gratuit jusqu\'au {date}',
  error_email_taken: 'Un compte existe déjà avec cet e-mail. Connectez-vous ou utilisez un autre e-mail.', error_code_taken: 'Ce code est déjà pris. Choisissez-en un autre.',
  error_invalid: 'Vérifiez les champs indiqués.', error_email: 'Saisissez une adresse e-mail comme nom@exemple.com.', error_field: 'Vérifiez ce champ.',
  more_features: '+ {n} autres', error_throttled: 'Trop d\'inscriptions depuis votre réseau. Réessayez plus tard.',
};
const DE: Partial<Record<SignupKey, string>> = {
  pricing_title: 'Tarife und Preise', pricing_lead: 'Jeder Tarif beginnt mit {days} Tagen kostenlos. Ihre Karte wird für nach dem Test gespeichert, vorher nicht belastet.',
  per_month: '/ Monat', per_year: '/ Jahr, jährlich abgerechnet', unlimited: 'Unbegrenzt', orders_limit: '{n} Bestellungen im Monat', products_limit: '{n} Produkte',
  team_limit: '{n} Teammitglieder', start_trial: 'Kostenlos testen', add_ons: 'Zusatzoptionen', already: 'Sie verkaufen schon hier?', sign_in: 'Anmelden',
  signup_title: 'Eröffnen Sie Ihren Shop', signup_lead: '{days} Tage kostenlos im Tarif {tier}. Fünf kurze Schritte; die Adresse dieser Seite bringt Sie zurück.',
  step_account: 'Konto', step_company: 'Firma', step_vendor: 'Shop', step_tier: 'Tarif', step_card: 'Karte', step_review: 'Start',
  step_of: 'Schritt {n} von 5', continue: 'Weiter', back: 'Zurück', email: 'E-Mail', password: 'Passwort', password_hint: 'Mindestens 10 Zeichen.',
  first_name: 'Vorname', last_name: 'Nachname', language: 'Sprache Ihres Backoffice', company_name: 'Firmenname', business_address: 'Geschäftsadresse',
  tax_number: 'USt-IdNr.', contact_phone: 'Telefon', website: 'Website', vendor_code: 'Shop-Code', vendor_name: 'Shop-Name',
  shop_claim: 'Sie verkaufen schon auf dem Marktplatz?', api_key: 'API-Schlüssel des Marktplatzes', claim: 'Meinen Shop finden und verknüpfen',
  tier: 'Tarif', interval: 'Abrechnung nach dem Test', monthly: 'Monatlich', yearly: 'Jährlich', card_confirm: 'Karte speichern',
  review_title: 'Bereit zum Start', start: 'Test starten', change: 'Ändern', trial_until: 'Kostenlos bis {date}',
  error_email_taken: 'Ein Konto mit dieser E-Mail existiert bereits. Melden Sie sich an oder nutzen Sie eine andere E-Mail.',
  error_code_taken: 'Dieser Shop-Code ist vergeben. Wählen Sie einen anderen.', error_invalid: 'Bitte prüfen Sie die markierten Felder.', error_email: 'Geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.',
  error_field: 'Bitte prüfen Sie dieses Feld.', more_features: '+ {n} weitere',
  error_throttled: 'Zu viele Anmeldungen aus Ihrem Netz. Versuchen Sie es später.',
};
const LB: Partial<Record<SignupKey, string>> = {
  ...DE, pricing_title: 'Offeren a Präisser', start_trial: 'Gratis testen', signup_title: 'Maacht Äre Buttek op', step_account: 'Kont', step_company: 'Firma',
  step_vendor: 'Buttek', continue: 'Weider', back: 'Zréck', password: 'Passwuert', sign_in: 'Umellen', start: 'Test starten',
};

const TEXTS: Record<LanguageCode, Partial<Record<SignupKey, string>>> = { en: EN, fr: FR, de: DE, lb: LB };

export function st(language: LanguageCode, key: SignupKey, values: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}
