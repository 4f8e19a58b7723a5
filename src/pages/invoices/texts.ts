import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the vendor's invoice pages, in the four languages. */
const EN = {
  invoices: 'Invoices and credit notes', invoice: 'Invoice {number}', credit_note: 'Credit note {number}', number: 'Number', type: 'Type',
  type_invoice: 'Invoice', type_credit_note: 'Credit note', issued: 'Issued', supplied: 'Supplied', buyer: 'Buyer', seller: 'Seller', order: 'Order',
  net: 'Net', vat: 'VAT', gross: 'Gross', regime: 'VAT regime', download: 'Download PDF', lines: 'Lines', description: 'Description',
  qty: 'Qty', unit_net: 'Unit price (net)', rate: 'Rate', line_net: 'Net', vat_groups: 'VAT by rate', mentions: 'Mentions', credits: 'Credits invoice',
  settings: 'Invoice settings', settings_lead: 'What every invoice prints about you, and how invoices are numbered.',
  company_name: 'Company name', company_address: 'Address', company_postal_code: 'Postal code', company_city: 'City', company_country_iso: 'Country',
  vat_number: 'VAT number', invoice_prefix: 'Number prefix', payment_terms: 'Payment terms', bank_name: 'Bank', bank_iban: 'IBAN', bank_bic: 'BIC',
  footer_text: 'Footer', oss: 'One-Stop Shop: charge the VAT of the buyer’s country', saved: 'Invoice settings saved.',
  not_configured: 'Set your invoice settings before issuing an invoice.', issue: 'Issue the invoice of order {order}', issued_done: 'Invoice {number} issued.',
  order_filter: 'Order id', no_pdf: 'Not rendered yet',
} as const;
export type InvoiceText = keyof typeof EN;

const FR: Record<InvoiceText, string> = {
  invoices: 'Factures et avoirs', invoice: 'Facture {number}', credit_note: 'Avoir {number}', number: 'Numéro', type: 'Type',
  type_invoice: 'Facture', type_credit_note: 'Avoir', issued: 'Émise le', supplied: 'Livrée le', buyer: 'Acheteur', seller: 'Vendeur', order: 'Commande',
  net: 'HT', vat: 'TVA', gross: 'TTC', regime: 'Régime de TVA', download: 'Télécharger le PDF', lines: 'Lignes', description: 'Désignation',
  qty: 'Qté', unit_net: 'Prix unitaire HT', rate: 'Taux', line_net: 'HT', vat_groups: 'TVA par taux', mentions: 'Mentions', credits: 'Avoir sur la facture',
  settings: 'Paramètres de facturation', settings_lead: 'Ce que chaque facture indique sur vous, et la numérotation des factures.',
  company_name: 'Raison sociale', company_address: 'Adresse', company_postal_code: 'Code postal', company_city: 'Ville', company_country_iso: 'Pays',
  vat_number: 'N° de TVA', invoice_prefix: 'Préfixe de numéro', payment_terms: 'Conditions de paiement', bank_name: 'Banque', bank_iban: 'IBAN', bank_bic: 'BIC',
  footer_text: 'Pied de page', oss: 'Guichet unique (OSS) : TVA du pays de l’acheteur', saved: 'Paramètres de facturation enregistrés.',
  not_configured: 'Renseignez vos paramètres de facturation avant d’émettre une facture.', issue: 'Émettre la facture de la commande {order}', issued_done: 'Facture {number} émise.',
  order_filter: 'Id de commande', no_pdf: 'Pas encore générée',
};
const DE: Record<InvoiceText, string> = {
  invoices: 'Rechnungen und Gutschriften', invoice: 'Rechnung {number}', credit_note: 'Gutschrift {number}', number: 'Nummer', type: 'Art',
  type_invoice: 'Rechnung', type_credit_note: 'Gutschrift', issued: 'Ausgestellt', supplied: 'Geliefert', buyer: 'Käufer', seller: 'Verkäufer', order: 'Bestellung',
  net: 'Netto', vat: 'MwSt.', gross: 'Brutto', regime: 'MwSt.-Regelung', download: 'PDF herunterladen', lines: 'Positionen', description: 'Bezeichnung',
  qty: 'Menge', unit_net: 'Stückpreis (netto)', rate: 'Satz', line_net: 'Netto', vat_groups: 'MwSt. nach Satz', mentions: 'Hinweise', credits: 'Gutschrift zu Rechnung',
  settings: 'Rechnungseinstellungen', settings_lead: 'Was jede Rechnung über Sie angibt, und wie Rechnungen nummeriert werden.',
  company_name: 'Firmenname', company_address: 'Adresse', company_postal_code: 'Postleitzahl', company_city: 'Ort', company_country_iso: 'Land',
  vat_number: 'USt-IdNr.', invoice_prefix: 'Nummernpräfix', payment_terms: 'Zahlungsbedingungen', bank_name: 'Bank', bank_iban: 'IBAN', bank_bic: 'BIC',
  footer_text: 'Fußzeile', oss: 'One-Stop-Shop: MwSt. des Käuferlandes berechnen', saved: 'Rechnungseinstellungen gespeichert.',
  not_configured: 'Legen Sie Ihre Rechnungseinstellungen fest, bevor Sie eine Rechnung ausstellen.', issue: 'Rechnung zu Bestellung {order} ausstellen', issued_done: 'Rechnung {number} ausgestellt.',
  order_filter: 'Bestell-ID', no_pdf: 'Noch nicht erstellt',
};
const LB: Record<InvoiceText, string> = {
  invoices: 'Rechnungen a Gutschrëften', invoice: 'Rechnung {number}', credit_note: 'Gutschrëft {number}', number: 'Nummer', type: 'Zort',
  type_invoice: 'Rechnung', type_credit_note: 'Gutschrëft', issued: 'Ausgestallt', supplied: 'Geliwwert', buyer: 'Keefer', seller: 'Verkeefer', order: 'Bestellung',
  net: 'Netto', vat: 'TVA', gross: 'Brutto', regime: 'TVA-Regimm', download: 'PDF eroflueden', lines: 'Positiounen', description: 'Beschreiwung',
  qty: 'Unz.', unit_net: 'Stéckpräis (netto)', rate: 'Taux', line_net: 'Netto', vat_groups: 'TVA no Taux', mentions: 'Hiweiser', credits: 'Gutschrëft zu Rechnung',
  settings: 'Rechnungsastellungen', settings_lead: 'Wat all Rechnung iwwer Iech ugëtt, a wéi Rechnungen nummeréiert ginn.',
  company_name: 'Firmennumm', company_address: 'Adress', company_postal_code: 'Postleitzuel', company_city: 'Uertschaft', company_country_iso: 'Land',
  vat_number: 'TVA-Nummer', invoice_prefix: 'Nummere-Präfix', payment_terms: 'Bezuelbedingungen', bank_name: 'Bank', bank_iban: 'IBAN', bank_bic: 'BIC',
  footer_text: 'Fousszeil', oss: 'One-Stop-Shop: TVA vum Land vum Keefer', saved: 'Rechnungsastellunge gespäichert.',
  not_configured: 'Leet Är Rechnungsastellunge fest, ier Dir eng Rechnung ausstellt.', issue: 'Rechnung fir d’Bestellung {order} ausstellen', issued_done: 'Rechnung {number} ausgestallt.',
  order_filter: 'Bestellungs-ID', no_pdf: 'Nach net erstallt',
};

const TEXTS: Record<LanguageCode, Record<InvoiceText, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function invt(language: LanguageCode, key: InvoiceText, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
