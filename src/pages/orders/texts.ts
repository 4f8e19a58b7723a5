import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the order pages of both back offices, in the four languages. */
// A translation table is read across its languages: one language per block, as written.
// prettier-ignore
const EN = {
  orders: 'Orders', order: 'Order {number}', number: 'Order', date: 'Date', customer: 'Customer', channel: 'Channel', status: 'Status',
  total: 'Total', items: 'Items', search: 'Search', search_hint: 'Number, external id, name or e-mail', vendor: 'Vendor', vendor_id: 'Vendor id',
  channel_shop: 'Shop', channel_extmarket: 'Extmarket',
  status_unconfirmed: 'Unconfirmed', status_confirmed: 'Confirmed', status_declined: 'Declined', status_partially_shipped: 'Partially shipped', status_shipped: 'Shipped',
  product: 'Product', sku: 'SKU / EAN', qty: 'Qty', shipped: 'Shipped', unit_price: 'Unit price', line_total: 'Line total', actions: 'Actions',
  confirm: 'Confirm', decline: 'Decline', confirm_order: 'Confirm the whole order', reject_order: 'Decline the whole order',
  confirm_reject: 'Decline every item of this order? The extmarket is told.', confirm_decline: 'Decline this item? The extmarket is told.',
  ship: 'Ship', ship_label: 'Units to ship of {product}', tracking: 'Tracking', tracking_number: 'Tracking number', carrier: 'Carrier', save_tracking: 'Save tracking',
  addresses: 'Addresses', shipping_address: 'Shipping address', billing_address: 'Billing address',
  vat: 'VAT', vat_regime: 'VAT regime', vat_rate: 'VAT rate', vat_country: 'VAT country', buyer_vat: 'Buyer VAT number', exemption: 'Exemption',
  net: 'Net', vat_amount: 'VAT', gross: 'Gross', shipping: 'Delivery',
  exceptions: 'Item exceptions', exception_item: 'Item #{id} could not be matched (GTIN {gtin}).', resolve: 'Link to product', product_id: 'Product id',
  ignore: 'Ignore', exc_pending: 'Pending', exc_resolved: 'Resolved', exc_ignored: 'Ignored',
  shipment: 'Shipment', shipped_of: '{shipped} of {total} units shipped', external_order: 'Extmarket order', external_shipment: 'Extmarket shipment',
  sync: 'Extmarket sync', sync_in_sync: 'In sync', sync_pending: 'Pending', sync_failed: 'Failed',
  done_confirmed: 'Confirmed.', done_declined: 'Declined.', done_shipped: '{quantity} unit(s) shipped.', done_tracking: 'Tracking saved.',
  done_resolved: 'The item is linked to the product.', done_ignored: 'The exception is ignored.',
  open_exceptions: '{count} open exception(s)', summary: 'Summary', placed: 'Placed', updated: 'Updated', email: 'E-mail',
  as_of_items: 'Items as they were', as_of_tracking: 'Tracking then', none: 'None', open_customer: 'Customer',
  waiting: 'Waiting for a decision', per_page: 'Per page', all_vendors: 'All vendors', invoice: 'Invoice',
} as const;
export type OrderText = keyof typeof EN;

// A translation table is read across its languages: one language per block, as written.
// prettier-ignore
const FR: Record<OrderText, string> = {
  orders: 'Commandes', order: 'Commande {number}', number: 'Commande', date: 'Date', customer: 'Client', channel: 'Canal', status: 'Statut',
  total: 'Total', items: 'Articles', search: 'Rechercher', search_hint: 'Numéro, id externe, nom ou e-mail', vendor: 'Vendeur', vendor_id: 'Id vendeur',
  channel_shop: 'Boutique', channel_extmarket: 'Extmarket',
  status_unconfirmed: 'Non confirmée', status_confirmed: 'Confirmée', status_declined: 'Refusée', status_partially_shipped: 'Expédiée en partie', status_shipped: 'Expédiée',
  product: 'Produit', sku: 'SKU / EAN', qty: 'Qté', shipped: 'Expédié', unit_price: 'Prix unitaire', line_total: 'Total ligne', actions: 'Actions',
  confirm: 'Confirmer', decline: 'Refuser', confirm_order: 'Confirmer toute la commande', reject_order: 'Refuser toute la commande',
  confirm_reject: 'Refuser tous les articles de cette commande ? L’extmarket en est informé.', confirm_decline: 'Refuser cet article ? L’extmarket en est informé.',
  ship: 'Expédier', ship_label: 'Unités de {product} à expédier', tracking: 'Suivi', tracking_number: 'Numéro de suivi', carrier: 'Transporteur', save_tracking: 'Enregistrer le suivi',
  addresses: 'Adresses', shipping_address: 'Adresse de livraison', billing_address: 'Adresse de facturation',
  vat: 'TVA', vat_regime: 'Régime de TVA', vat_rate: 'Taux de TVA', vat_country: 'Pays de TVA', buyer_vat: 'N° TVA de l’acheteur', exemption: 'Exonération',
  net: 'HT', vat_amount: 'TVA', gross: 'TTC', shipping: 'Livraison',
  exceptions: 'Exceptions d’articles', exception_item: 'L’article n°{id} n’a pas pu être associé (GTIN {gtin}).', resolve: 'Associer au produit', product_id: 'Id produit',
  ignore: 'Ignorer', exc_pending: 'En attente', exc_resolved: 'Résolue', exc_ignored: 'Ignorée',
  shipment: 'Expédition', shipped_of: '{shipped} unités expédiées sur {total}', external_order: 'Commande extmarket', external_shipment: 'Expédition extmarket',
  sync: 'Synchronisation extmarket', sync_in_sync: 'À jour', sync_pending: 'En attente', sync_failed: 'En échec',
  done_confirmed: 'Confirmé.', done_declined: 'Refusé.', done_shipped: '{quantity} unité(s) expédiée(s).', done_tracking: 'Suivi enregistré.',
  done_resolved: 'L’article est associé au produit.', done_ignored: 'L’exception est ignorée.',
  open_exceptions: '{count} exception(s) ouverte(s)', summary: 'Résumé', placed: 'Passée le', updated: 'Mise à jour', email: 'E-mail',
  as_of_items: 'Articles tels qu’alors', as_of_tracking: 'Suivi alors', none: 'Aucun', open_customer: 'Client',
  waiting: 'En attente de décision', per_page: 'Par page', all_vendors: 'Tous les vendeurs', invoice: 'Facture',
};
// A translation table is read across its languages: one language per block, as written.
// prettier-ignore
const DE: Record<OrderText, string> = {
  orders: 'Bestellungen', order: 'Bestellung {number}', number: 'Bestellung', date: 'Datum', customer: 'Kunde', channel: 'Kanal', status: 'Status',
  total: 'Summe', items: 'Positionen', search: 'Suchen', search_hint: 'Nummer, externe ID, Name oder E-Mail', vendor: 'Händler', vendor_id: 'Händler-ID',
  channel_shop: 'Shop', channel_extmarket: 'Extmarket',
  status_unconfirmed: 'Unbestätigt', status_confirmed: 'Bestätigt', status_declined: 'Abgelehnt', status_partially_shipped: 'Teilweise versandt', status_shipped: 'Versandt',
  product: 'Produkt', sku: 'SKU / EAN', qty: 'Menge', shipped: 'Versandt', unit_price: 'Stückpreis', line_total: 'Positionssumme', actions: 'Aktionen',
  confirm: 'Bestätigen', decline: 'Ablehnen', confirm_order: 'Ganze Bestellung bestätigen', reject_order: 'Ganze Bestellung ablehnen',
  confirm_reject: 'Alle Positionen dieser Bestellung ablehnen? Der Extmarket wird informiert.', confirm_decline: 'Diese Position ablehnen? Der Extmarket wird informiert.',
  ship: 'Versenden', ship_label: 'Zu versendende Einheiten von {product}', tracking: 'Sendungsverfolgung', tracking_number: 'Sendungsnummer', carrier: 'Versanddienstleister', save_tracking: 'Sendungsnummer speichern',
  addresses: 'Adressen', shipping_address: 'Lieferadresse', billing_address: 'Rechnungsadresse',
  vat: 'MwSt.', vat_regime: 'MwSt.-Regelung', vat_rate: 'MwSt.-Satz', vat_country: 'MwSt.-Land', buyer_vat: 'USt-IdNr. des Käufers', exemption: 'Befreiung',
  net: 'Netto', vat_amount: 'MwSt.', gross: 'Brutto', shipping: 'Lieferung',
  exceptions: 'Positionsausnahmen', exception_item: 'Position #{id} konnte nicht zugeordnet werden (GTIN {gtin}).', resolve: 'Mit Produkt verknüpfen', product_id: 'Produkt-ID',
  ignore: 'Ignorieren', exc_pending: 'Offen', exc_resolved: 'Gelöst', exc_ignored: 'Ignoriert',
  shipment: 'Versand', shipped_of: '{shipped} von {total} Einheiten versandt', external_order: 'Extmarket-Bestellung', external_shipment: 'Extmarket-Sendung',
  sync: 'Extmarket-Abgleich', sync_in_sync: 'Abgeglichen', sync_pending: 'Ausstehend', sync_failed: 'Fehlgeschlagen',
  done_confirmed: 'Bestätigt.', done_declined: 'Abgelehnt.', done_shipped: '{quantity} Einheit(en) versandt.', done_tracking: 'Sendungsnummer gespeichert.',
  done_resolved: 'Die Position ist mit dem Produkt verknüpft.', done_ignored: 'Die Ausnahme wird ignoriert.',
  open_exceptions: '{count} offene Ausnahme(n)', summary: 'Übersicht', placed: 'Bestellt', updated: 'Aktualisiert', email: 'E-Mail',
  as_of_items: 'Positionen zu dem Zeitpunkt', as_of_tracking: 'Sendungsnummer damals', none: 'Keine', open_customer: 'Kunde',
  waiting: 'Wartet auf Entscheidung', per_page: 'Pro Seite', all_vendors: 'Alle Händler', invoice: 'Rechnung',
};
// A translation table is read across its languages: one language per block, as written.
// prettier-ignore
const LB: Record<OrderText, string> = {
  orders: 'Bestellungen', order: 'Bestellung {number}', number: 'Bestellung', date: 'Datum', customer: 'Client', channel: 'Kanal', status: 'Status',
  total: 'Total', items: 'Positiounen', search: 'Sichen', search_hint: 'Nummer, extern ID, Numm oder E-Mail', vendor: 'Händler', vendor_id: 'Händler-ID',
  channel_shop: 'Buttek', channel_extmarket: 'Extmarket',
  status_unconfirmed: 'Net confirméiert', status_confirmed: 'Confirméiert', status_declined: 'Ofgeleent', status_partially_shipped: 'Deelweis verschéckt', status_shipped: 'Verschéckt',
  product: 'Produkt', sku: 'SKU / EAN', qty: 'Unz.', shipped: 'Verschéckt', unit_price: 'Stéckpräis', line_total: 'Positiounstotal', actions: 'Aktiounen',
  confirm: 'Confirméieren', decline: 'Oflehnen', confirm_order: 'Ganz Bestellung confirméieren', reject_order: 'Ganz Bestellung oflehnen',
  confirm_reject: 'All Positioune vun dëser Bestellung oflehnen? Den Extmarket gëtt informéiert.', confirm_decline: 'Dës Positioun oflehnen? Den Extmarket gëtt informéiert.',
  ship: 'Verschécken', ship_label: 'Eenheete vu(n) {product} ze verschécken', tracking: 'Sendungsverfolgung', tracking_number: 'Sendungsnummer', carrier: 'Transporteur', save_tracking: 'Sendungsnummer späicheren',
  addresses: 'Adressen', shipping_address: 'Liwweradress', billing_address: 'Rechnungsadress',
  vat: 'TVA', vat_regime: 'TVA-Regimm', vat_rate: 'TVA-Taux', vat_country: 'TVA-Land', buyer_vat: 'TVA-Nummer vum Keefer', exemption: 'Befreiung',
  net: 'Netto', vat_amount: 'TVA', gross: 'Brutto', shipping: 'Liwwerung',
  exceptions: 'Positiouns-Ausnamen', exception_item: 'Positioun #{id} konnt net zougeuerdnet ginn (GTIN {gtin}).', resolve: 'Mam Produkt verbannen', product_id: 'Produkt-ID',
  ignore: 'Ignoréieren', exc_pending: 'Op', exc_resolved: 'Geléist', exc_ignored: 'Ignoréiert',
  shipment: 'Versand', shipped_of: '{shipped} vun {total} Eenheete verschéckt', external_order: 'Extmarket-Bestellung', external_shipment: 'Extmarket-Sendung',
  sync: 'Extmarket-Ofgläich', sync_in_sync: 'Ofgeglach', sync_pending: 'Ausstoend', sync_failed: 'Feelgeschloen',
  done_confirmed: 'Confirméiert.', done_declined: 'Ofgeleent.', done_shipped: '{quantity} Eenheet(en) verschéckt.', done_tracking: 'Sendungsnummer gespäichert.',
  done_resolved: 'D’Positioun ass mam Produkt verbonnen.', done_ignored: 'D’Ausnam gëtt ignoréiert.',
  open_exceptions: '{count} oppen Ausnam(en)', summary: 'Iwwersiicht', placed: 'Bestallt', updated: 'Aktualiséiert', email: 'E-Mail',
  as_of_items: 'Positiounen zu deem Zäitpunkt', as_of_tracking: 'Sendungsnummer deemools', none: 'Keng', open_customer: 'Client',
  waiting: 'Waart op Decisioun', per_page: 'Pro Säit', all_vendors: 'All Händler', invoice: 'Rechnung',
};

const TEXTS: Record<LanguageCode, Record<OrderText, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function ot(language: LanguageCode, key: OrderText, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
