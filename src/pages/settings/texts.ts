import { areaTexts } from '../backOffice/texts.ts';

/** The words of the vendor's settings pages, in the four languages (English in full, the others falling back to it). */
// A translation table is read across its languages: one language per block, as written.
// prettier-ignore
const EN = {
  title: 'Settings', subtitle: 'How your shop presents itself, where it is served and how it talks to the extmarket.',
  tab_business: 'Business info', tab_localization: 'Localization', tab_extmarket: 'Extmarket', tab_domains: 'Domains', tab_theme: 'Theme',
  read_only: 'You may look at these settings; changing them needs the settings.edit permission. Ask the owner of the shop.',
  saved: 'The settings are saved.', reset_done: 'The contact data is the company\'s again.', field_reset: '{field} is the company\'s again.',
  save: 'Save', not_valid: 'Some values are not valid; see the fields below.',
  // Business info
  identity: 'Shop identity', name: 'Shop name', description: 'Description', contact: 'Contact data',
  contact_lead: 'Each field is either your shop\'s own value or inherited from your company, {company}. A field left empty inherits the company\'s value.',
  contact_email: 'Contact e-mail', contact_phone: 'Phone', website: 'Website', business_address: 'Business address', tax_number: 'Tax number',
  own_value: 'Own value', inherited: 'Inherited from the company', company_value: 'Company\'s value: {value}', company_none: 'The company has no value.',
  reset_field: 'Use the company\'s value', reset_all: 'Reset all contact data to the company\'s',
  reset_all_confirm: 'Replace every own contact value with the company\'s?', all_inherited: 'Every contact field is inherited from the company.',
  // Localization
  languages: 'Languages', dashboard_language: 'Back-office language', storefront_language: 'Default shop language',
  storefront_languages: 'Languages the shop offers', storefront_locale: 'Shop locale', locale_hint: 'Formats of dates, numbers and prices, e.g. fr-LU. Empty: the platform\'s.',
  effective_locale: 'Locale in use: {locale} ({source})', source_vendor: 'your setting', source_platform: 'the platform\'s', source_environment: 'the service\'s default',
  source_fallback: 'the built-in default',
  // Extmarket settings
  listing: 'Listing on the extmarket', listing_lead: 'What the extmarket shows of your offers: the VAT rate, delivery, preorders and your product feeds.',
  default_tax_rate: 'Default VAT rate', tax_rate_option: '{rate} %', none: 'Not set', boost_sort: 'Boost (0 to 10)', preorder_days: 'Preorder days',
  delivery_method: 'Delivery methods', method_nationwide: 'Nationwide delivery', method_package_delivery: 'Package delivery', method_self_collect: 'Self collection',
  csv_url_fr: 'Product feed (French)', csv_url_en: 'Product feed (English)', csv_url_de: 'Product feed (German)', feed_hint: 'An https address of a CSV file.',
  extmarket_identity: 'Extmarket shop: {id}', no_identity: 'No extmarket shop is linked yet.',
  // Domains
  path_url: 'Path address', subdomain_url: 'Subdomain', custom_domains: 'Custom domains', addresses: 'Where your shop is served',
  domain: 'Domain', status: 'Status', primary: 'Primary', inactive: 'Inactive', checked: 'Last checked', verified_at: 'Verified',
  status_verified: 'Verified', status_pending: 'Waiting for DNS', status_failed: 'Check failed',
  no_domains: 'No custom domain yet.', ask_admin: 'Custom domains are added by the platform\'s administrators: ask them to add yours, then publish the record below with your DNS provider.',
  steps_title: 'Verification steps for {domain}', step_1: 'At your DNS provider, create a TXT record.', record_type: 'Type', record_name: 'Name', record_value: 'Value',
  step_2: 'Wait until the record is published (from minutes to a few hours).', step_3: 'The administrators check it; the domain serves your shop once verified.',
  last_error: 'Last check: {error}', open: 'Open',
  // Theme (the section itself is the themes area's)
} as const;

export type SettingsText = keyof typeof EN;

export const st = areaTexts<SettingsText>(EN, {
  // A translation table is read across its languages: one language per block, as written.
  // prettier-ignore
  fr: {
    title: 'Paramètres', subtitle: 'La présentation de votre boutique, ses adresses et son lien avec l\'extmarket.',
    tab_business: 'Entreprise', tab_localization: 'Langues', tab_extmarket: 'Extmarket', tab_domains: 'Domaines', tab_theme: 'Thème',
    read_only: 'Vous pouvez consulter ces paramètres ; les modifier demande le droit settings.edit. Demandez au propriétaire de la boutique.',
    saved: 'Les paramètres sont enregistrés.', reset_done: 'Les coordonnées sont à nouveau celles de l\'entreprise.', field_reset: '{field} reprend la valeur de l\'entreprise.',
    save: 'Enregistrer', not_valid: 'Certaines valeurs ne sont pas valides ; voir les champs ci-dessous.',
    identity: 'Identité de la boutique', name: 'Nom de la boutique', description: 'Description', contact: 'Coordonnées',
    contact_lead: 'Chaque champ est la valeur propre de la boutique ou héritée de votre entreprise, {company}. Un champ vide hérite de la valeur de l\'entreprise.',
    contact_email: 'E-mail de contact', contact_phone: 'Téléphone', website: 'Site web', business_address: 'Adresse', tax_number: 'Numéro fiscal',
    own_value: 'Valeur propre', inherited: 'Héritée de l\'entreprise', company_value: 'Valeur de l\'entreprise : {value}', company_none: 'L\'entreprise n\'a pas de valeur.',
    reset_field: 'Reprendre la valeur de l\'entreprise', reset_all: 'Tout reprendre de l\'entreprise',
    reset_all_confirm: 'Remplacer toutes les coordonnées propres par celles de l\'entreprise ?', all_inherited: 'Toutes les coordonnées sont héritées de l\'entreprise.',
    languages: 'Langues', dashboard_language: 'Langue du back-office', storefront_language: 'Langue par défaut de la boutique',
    storefront_languages: 'Langues proposées par la boutique', storefront_locale: 'Locale de la boutique', locale_hint: 'Format des dates, nombres et prix, p. ex. fr-LU. Vide : celle de la plateforme.',
    effective_locale: 'Locale utilisée : {locale} ({source})', source_vendor: 'votre réglage', source_platform: 'celle de la plateforme', source_environment: 'celle du service',
    source_fallback: 'la valeur intégrée',
    listing: 'Présence sur l\'extmarket', listing_lead: 'Ce que l\'extmarket montre de vos offres : TVA, livraison, précommandes et flux produits.',
    default_tax_rate: 'Taux de TVA par défaut', none: 'Non défini', boost_sort: 'Mise en avant (0 à 10)', preorder_days: 'Jours de précommande',
    delivery_method: 'Modes de livraison', method_nationwide: 'Livraison nationale', method_package_delivery: 'Colis', method_self_collect: 'Retrait sur place',
    csv_url_fr: 'Flux produits (français)', csv_url_en: 'Flux produits (anglais)', csv_url_de: 'Flux produits (allemand)', feed_hint: 'Une adresse https d\'un fichier CSV.',
    extmarket_identity: 'Boutique extmarket : {id}', no_identity: 'Aucune boutique extmarket n\'est liée.',
    path_url: 'Adresse par chemin', subdomain_url: 'Sous-domaine', custom_domains: 'Domaines personnalisés', addresses: 'Où votre boutique est servie',
    domain: 'Domaine', status: 'Statut', primary: 'Principal', inactive: 'Inactif', checked: 'Dernière vérification', verified_at: 'Vérifié',
    status_verified: 'Vérifié', status_pending: 'En attente du DNS', status_failed: 'Échec de la vérification',
    no_domains: 'Aucun domaine personnalisé.', ask_admin: 'Les domaines personnalisés sont ajoutés par les administrateurs de la plateforme : demandez-leur d\'ajouter le vôtre, puis publiez l\'enregistrement ci-dessous chez votre fournisseur DNS.',
    steps_title: 'Étapes de vérification de {domain}', step_1: 'Chez votre fournisseur DNS, créez un enregistrement TXT.', record_type: 'Type', record_name: 'Nom', record_value: 'Valeur',
    step_2: 'Attendez sa publication (de quelques minutes à quelques heures).', step_3: 'Les administrateurs le vérifient ; le domaine sert votre boutique une fois vérifié.',
    last_error: 'Dernière vérification : {error}', open: 'Ouvrir',
  },
  // A translation table is read across its languages: one language per block, as written.
  // prettier-ignore
  de: {
    title: 'Einstellungen', subtitle: 'Wie sich Ihr Shop zeigt, wo er erreichbar ist und wie er mit dem Extmarket spricht.',
    tab_business: 'Unternehmen', tab_localization: 'Sprachen', tab_extmarket: 'Extmarket', tab_domains: 'Domains', tab_theme: 'Design',
    read_only: 'Sie können diese Einstellungen ansehen; ändern erfordert das Recht settings.edit. Fragen Sie den Eigentümer des Shops.',
    saved: 'Die Einstellungen sind gespeichert.', reset_done: 'Die Kontaktdaten sind wieder die des Unternehmens.', field_reset: '{field} ist wieder der Wert des Unternehmens.',
    save: 'Speichern', not_valid: 'Einige Werte sind ungültig; siehe die Felder unten.',
    identity: 'Shop-Identität', name: 'Shop-Name', description: 'Beschreibung', contact: 'Kontaktdaten',
    contact_lead: 'Jedes Feld ist ein eigener Wert des Shops oder vom Unternehmen {company} geerbt. Ein leeres Feld erbt den Wert des Unternehmens.',
    contact_email: 'Kontakt-E-Mail', contact_phone: 'Telefon', website: 'Website', business_address: 'Geschäftsadresse', tax_number: 'Steuernummer',
    own_value: 'Eigener Wert', inherited: 'Vom Unternehmen geerbt', company_value: 'Wert des Unternehmens: {value}', company_none: 'Das Unternehmen hat keinen Wert.',
    reset_field: 'Wert des Unternehmens nutzen', reset_all: 'Alle Kontaktdaten vom Unternehmen übernehmen',
    reset_all_confirm: 'Alle eigenen Kontaktdaten durch die des Unternehmens ersetzen?', all_inherited: 'Alle Kontaktdaten sind vom Unternehmen geerbt.',
    languages: 'Sprachen', dashboard_language: 'Sprache des Backoffice', storefront_language: 'Standardsprache des Shops',
    storefront_languages: 'Sprachen des Shops', storefront_locale: 'Shop-Locale', locale_hint: 'Format von Datum, Zahlen und Preisen, z. B. de-LU. Leer: die der Plattform.',
    effective_locale: 'Verwendete Locale: {locale} ({source})', source_vendor: 'Ihre Einstellung', source_platform: 'die der Plattform', source_environment: 'die des Dienstes',
    source_fallback: 'der eingebaute Standard',
    listing: 'Auftritt im Extmarket', listing_lead: 'Was der Extmarket von Ihren Angeboten zeigt: MwSt., Versand, Vorbestellungen und Produkt-Feeds.',
    default_tax_rate: 'Standard-MwSt.-Satz', none: 'Nicht gesetzt', boost_sort: 'Hervorhebung (0 bis 10)', preorder_days: 'Vorbestellungstage',
    delivery_method: 'Versandarten', method_nationwide: 'Landesweite Lieferung', method_package_delivery: 'Paketversand', method_self_collect: 'Selbstabholung',
    csv_url_fr: 'Produkt-Feed (Französisch)', csv_url_en: 'Produkt-Feed (Englisch)', csv_url_de: 'Produkt-Feed (Deutsch)', feed_hint: 'Eine https-Adresse einer CSV-Datei.',
    extmarket_identity: 'Extmarket-Shop: {id}', no_identity: 'Noch kein Extmarket-Shop verknüpft.',
    path_url: 'Pfad-Adresse', subdomain_url: 'Subdomain', custom_domains: 'Eigene Domains', addresses: 'Wo Ihr Shop erreichbar ist',
    domain: 'Domain', status: 'Status', primary: 'Primär', inactive: 'Inaktiv', checked: 'Zuletzt geprüft', verified_at: 'Bestätigt',
    status_verified: 'Bestätigt', status_pending: 'Wartet auf DNS', status_failed: 'Prüfung fehlgeschlagen',
    no_domains: 'Noch keine eigene Domain.', ask_admin: 'Eigene Domains fügen die Administratoren der Plattform hinzu: bitten Sie sie darum und veröffentlichen Sie dann den Eintrag unten bei Ihrem DNS-Anbieter.',
    steps_title: 'Bestätigung von {domain}', step_1: 'Legen Sie bei Ihrem DNS-Anbieter einen TXT-Eintrag an.', record_type: 'Typ', record_name: 'Name', record_value: 'Wert',
    step_2: 'Warten Sie, bis er veröffentlicht ist (Minuten bis einige Stunden).', step_3: 'Die Administratoren prüfen ihn; bestätigt zeigt die Domain Ihren Shop.',
    last_error: 'Letzte Prüfung: {error}', open: 'Öffnen',
  },
  // A translation table is read across its languages: one language per block, as written.
  // prettier-ignore
  lb: {
    title: 'Astellungen', subtitle: 'Wéi Äre Buttek sech weist, wou en erreechbar ass a wéi e mam Extmarket schwätzt.',
    tab_business: 'Betrib', tab_localization: 'Sproochen', tab_extmarket: 'Extmarket', tab_domains: 'Domainen', tab_theme: 'Design',
    read_only: 'Dir kënnt dës Astellunge kucken; ännere brauch d\'Recht settings.edit. Frot de Proprietär vum Buttek.',
    saved: 'D\'Astellunge sinn gespäichert.', reset_done: 'D\'Kontaktdaten sinn erëm déi vun der Firma.', field_reset: '{field} ass erëm de Wäert vun der Firma.',
    save: 'Späicheren', not_valid: 'E puer Wäerter sinn net gëlteg; kuckt d\'Felder ënnendrënner.',
    identity: 'Identitéit vum Buttek', name: 'Numm vum Buttek', description: 'Beschreiwung', contact: 'Kontaktdaten',
    contact_lead: 'All Feld ass en eegene Wäert vum Buttek oder vun Ärer Firma {company} iwwerholl. En eidelt Feld iwwerhëlt de Wäert vun der Firma.',
    contact_email: 'Kontakt-E-Mail', contact_phone: 'Telefon', website: 'Websäit', business_address: 'Adress', tax_number: 'Steiernummer',
    own_value: 'Eegene Wäert', inherited: 'Vun der Firma iwwerholl', company_value: 'Wäert vun der Firma: {value}', company_none: 'D\'Firma huet kee Wäert.',
    reset_field: 'Wäert vun der Firma huelen', reset_all: 'All Kontaktdaten vun der Firma huelen',
    reset_all_confirm: 'All eege Kontaktdaten duerch déi vun der Firma ersetzen?', all_inherited: 'All Kontaktdaten sinn vun der Firma iwwerholl.',
    languages: 'Sproochen', dashboard_language: 'Sprooch vum Backoffice', storefront_language: 'Standardsprooch vum Buttek',
    storefront_languages: 'Sproochen vum Buttek', storefront_locale: 'Locale vum Buttek',
    listing: 'Optrëtt um Extmarket', default_tax_rate: 'Standard-TVA-Taux', none: 'Net gesat', delivery_method: 'Liwwerarten',
    path_url: 'Pad-Adress', custom_domains: 'Eege Domainen', addresses: 'Wou Äre Buttek erreechbar ass', domain: 'Domain', status: 'Status',
    no_domains: 'Nach keng eegen Domain.', ask_admin: 'Eege Domainen setzen d\'Administrateure vun der Plattform derbäi: frot se dono a publizéiert dann den Entrée hei ënnen bei Ärem DNS-Ubidder.',
    steps_title: 'Bestätegung vun {domain}', step_1: 'Leet bei Ärem DNS-Ubidder en TXT-Entrée un.', record_type: 'Typ', record_name: 'Numm', record_value: 'Wäert',
    open: 'Opmaachen',
  },
});
