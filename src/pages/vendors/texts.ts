import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the admins' vendor pages, in the four languages. */
const EN = {
  title: 'Vendors', new_vendor: 'New vendor', search: 'Search', name: 'Name', code: 'Vendor code', subdomain: 'Subdomain', company: 'Company',
  company_id: 'Company number', description: 'Description', status: 'Status', verified: 'Verified', unverified: 'Not verified', active: 'Active',
  inactive: 'Inactive', created: 'Created', overview: 'Overview', domains: 'Domains', theme: 'Theme', history: 'History', contact: 'Contact data',
  inherited: 'inherited from {company}', own_value: 'own value', contact_hint: 'Leave a field empty to inherit the company\'s value.',
  reset_contact: 'Inherit every contact value from the company', languages: 'Languages', dashboard_language: 'Dashboard language',
  storefront_language: 'Shop language', save: 'Save', create: 'Create vendor', saved: 'The vendor is saved.', created_notice: 'The vendor is created.',
  verify: 'Mark verified', unverify: 'Withdraw verification', activate: 'Activate', deactivate: 'Deactivate', delete: 'Delete vendor',
  delete_confirm: 'Delete this vendor? Its shop closes.', deleted: 'The vendor is deleted.', flag_changed: 'The vendor is updated.',
  shop: 'Open the shop', domain: 'Domain', add_domain: 'Add a domain', primary: 'Primary', make_primary: 'Make primary',
  verify_domain: 'Check the DNS record now', remove: 'Remove', remove_confirm: 'Remove this domain?', domain_added: 'The domain is added: publish its TXT record, then check it.',
  domain_removed: 'The domain is removed.', domain_verified: 'The domain {domain} is verified.', domain_failed: 'The TXT record of {domain} was not found: {error}',
  domain_changed: 'The domain is updated.', steps_title: 'How to verify a domain',
  step_1: 'Publish a TXT record named {name} with the value shown.', step_2: 'Point the domain (CNAME or A record) to the platform.',
  step_3: 'Check the record here; once verified and active, the domain serves the shop.', record: 'TXT record', value: 'Value',
  last_check: 'Last check', no_domains: 'No custom domain yet: the shop is served on its subdomain and path.', extmarket: 'Marketplace identity',
  extmarket_vendor_id: 'Marketplace vendor id', extmarket_vendor_slug: 'Marketplace shop slug',
  contact_email: 'Contact e-mail', contact_phone: 'Phone', website: 'Website', business_address: 'Business address', tax_number: 'Tax number',
} as const;
type Key = keyof typeof EN;

const FR: Partial<Record<Key, string>> = {
  title: 'Vendeurs', new_vendor: 'Nouveau vendeur', search: 'Rechercher', name: 'Nom', code: 'Code vendeur', subdomain: 'Sous-domaine', company: 'Société',
  description: 'Description', status: 'Statut', verified: 'Vérifié', unverified: 'Non vérifié', active: 'Actif', inactive: 'Inactif', created: 'Créé',
  overview: 'Aperçu', domains: 'Domaines', theme: 'Thème', history: 'Historique', contact: 'Coordonnées', inherited: 'hérité de {company}',
  own_value: 'valeur propre', contact_hint: 'Laissez un champ vide pour hériter de la valeur de la société.',
  reset_contact: 'Hériter toutes les coordonnées de la société', languages: 'Langues', save: 'Enregistrer', create: 'Créer le vendeur',
  saved: 'Le vendeur est enregistré.', verify: 'Marquer vérifié', unverify: 'Retirer la vérification', activate: 'Activer', deactivate: 'Désactiver',
  delete: 'Supprimer le vendeur', shop: 'Ouvrir la boutique', domain: 'Domaine', add_domain: 'Ajouter un domaine', primary: 'Principal',
  make_primary: 'Rendre principal', verify_domain: 'Vérifier l\'enregistrement DNS', remove: 'Retirer', steps_title: 'Vérifier un domaine',
  contact_email: 'E-mail de contact', contact_phone: 'Téléphone', website: 'Site web', business_address: 'Adresse commerciale', tax_number: 'Numéro de TVA',
};
const DE: Partial<Record<Key, string>> = {
  title: 'Händler', new_vendor: 'Neuer Händler', search: 'Suchen', name: 'Name', code: 'Händlercode', subdomain: 'Subdomain', company: 'Unternehmen',
  description: 'Beschreibung', status: 'Status', verified: 'Verifiziert', unverified: 'Nicht verifiziert', active: 'Aktiv', inactive: 'Inaktiv',
  created: 'Angelegt', overview: 'Übersicht', domains: 'Domains', theme: 'Design', history: 'Verlauf', contact: 'Kontaktdaten',
  inherited: 'geerbt von {company}', own_value: 'eigener Wert', contact_hint: 'Ein leeres Feld erbt den Wert des Unternehmens.',
  reset_contact: 'Alle Kontaktdaten vom Unternehmen erben', languages: 'Sprachen', save: 'Speichern', create: 'Händler anlegen',
  saved: 'Der Händler ist gespeichert.', verify: 'Als verifiziert markieren', unverify: 'Verifizierung entziehen', activate: 'Aktivieren',
  deactivate: 'Deaktivieren', delete: 'Händler löschen', shop: 'Shop öffnen', domain: 'Domain', add_domain: 'Domain hinzufügen', primary: 'Primär',
  make_primary: 'Zur primären machen', verify_domain: 'DNS-Eintrag jetzt prüfen', remove: 'Entfernen', steps_title: 'Eine Domain verifizieren',
  contact_email: 'Kontakt-E-Mail', contact_phone: 'Telefon', website: 'Website', business_address: 'Geschäftsadresse', tax_number: 'Steuernummer',
};
const LB: Partial<Record<Key, string>> = {
  ...DE, title: 'Händler', search: 'Sichen', name: 'Numm', overview: 'Iwwersiicht', history: 'Verlaf', save: 'Späicheren', shop: 'Buttek opmaachen',
};

const TEXTS: Record<LanguageCode, Partial<Record<Key, string>>> = { en: EN, fr: FR, de: DE, lb: LB };

export function vt(language: LanguageCode, key: Key, values: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}
