import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the inventory pages of both back offices, in the four languages. */
// A translation table is read across its languages: one language per block, as written.
// prettier-ignore
const EN = {
  inventory: 'Inventory', lead: 'Your stock by warehouse and bin: what is on hand, reserved for orders and available.', lead_admin: 'Stock of every vendor by warehouse and bin.',
  bin: 'Bin {warehouse} / {bin}', product: 'Product', sku: 'SKU', gtin: 'EAN', warehouse: 'Warehouse', bin_location: 'Bin', on_hand: 'On hand', reserved: 'Reserved',
  available: 'Available', vendor: 'Vendor', updated: 'Updated', low_stock: 'Available at most', open: 'Add a bin', open_lead: 'A product’s stock at a new warehouse and bin.',
  quantity: 'Quantity', note: 'Note', opened: 'Bin {warehouse} / {bin} added.', adjust: 'Adjust the stock', adjust_lead: 'Count what is on the shelf, or book units in or out.',
  set_to: 'Set on hand to', change_by: 'Or change by (+/−)', adjusted: 'Stock of this bin is now {quantity}.', one_of: 'Give either the counted quantity or a change.',
  move: 'Move units to another bin', move_lead: 'Takes units from this bin and adds them to another bin of the same product (a new bin is added when it does not exist).',
  to_warehouse: 'To warehouse', to_bin: 'To bin', moved: '{quantity} units moved to {warehouse} / {bin}.', same_bin: 'Choose another bin than this one.',
  remove: 'Remove this bin', remove_confirm: 'Remove this bin and write off its units?', removed: 'Bin {warehouse} / {bin} removed.',
  ledger: 'Stock ledger', ledger_lead: 'Every movement of stock, newest first.', ledger_product: 'Movements of this product', when: 'When', type: 'Movement', change: 'Change',
  after: 'After', order: 'Order', reference: 'Reference', date_from: 'From', date_to: 'To', product_id: 'Product id', order_id: 'Order id',
  type_receipt: 'Receipt', type_adjustment: 'Adjustment', type_count: 'Count', type_reservation: 'Reservation', type_release: 'Release', type_shipment: 'Shipment',
  type_return: 'Return', type_removal: 'Removal',
  import: 'Stock import', import_lead: 'Upload a TSV or CSV stock count with the columns BIN, EAN, PRODUCT (optional) and QUANTITY (optional; a row without it counts one unit). Products are matched by EAN.',
  file: 'File', mode: 'What the file is', mode_set: 'A stock count: the quantities replace what the bins held', mode_add: 'A delivery: the quantities are added',
  start_import: 'Import the file', import_done: 'Import of {file} finished', rows: 'Rows', matched: 'Matched rows', unmatched: 'Unmatched EANs', invalid: 'Unreadable rows',
  products_updated: 'Products updated', bins_created: 'Bins added', bins_updated: 'Bins updated', units: 'Units', unmatched_title: 'EANs that matched no product',
  errors_title: 'Rows that could not be read', row: 'Row', problem: 'Problem', line: 'Line', ean: 'EAN', bins: 'Bins', digital_title: 'Digital products skipped (unlimited stock)',
  no_file: 'Choose the file to import.', import_ok: 'Every row was imported.', statistics: 'Movements by type', movements: 'Movements', products: 'Products', vendors: 'Vendors',
  last_movement: 'Last movement', units_moved: 'Units', all_bins: 'All bins', no_products: 'Add a physical product first: digital products have unlimited stock.',
} as const;
export type InventoryText = keyof typeof EN;

// A translation table is read across its languages: one language per block, as written.
// prettier-ignore
const FR: Record<InventoryText, string> = {
  inventory: 'Stock', lead: 'Votre stock par entrepôt et emplacement : en main, réservé pour des commandes et disponible.', lead_admin: 'Le stock de tous les vendeurs par entrepôt et emplacement.',
  bin: 'Emplacement {warehouse} / {bin}', product: 'Produit', sku: 'Réf.', gtin: 'EAN', warehouse: 'Entrepôt', bin_location: 'Emplacement', on_hand: 'En main', reserved: 'Réservé',
  available: 'Disponible', vendor: 'Vendeur', updated: 'Mis à jour', low_stock: 'Disponible au plus', open: 'Ajouter un emplacement', open_lead: 'Le stock d’un produit dans un nouvel entrepôt et emplacement.',
  quantity: 'Quantité', note: 'Note', opened: 'Emplacement {warehouse} / {bin} ajouté.', adjust: 'Ajuster le stock', adjust_lead: 'Comptez ce qui est en rayon, ou entrez et sortez des unités.',
  set_to: 'Fixer le stock en main à', change_by: 'Ou modifier de (+/−)', adjusted: 'Le stock de cet emplacement est maintenant de {quantity}.', one_of: 'Indiquez soit la quantité comptée, soit une variation.',
  move: 'Déplacer des unités vers un autre emplacement', move_lead: 'Retire des unités de cet emplacement et les ajoute à un autre emplacement du même produit (créé s’il n’existe pas).',
  to_warehouse: 'Vers l’entrepôt', to_bin: 'Vers l’emplacement', moved: '{quantity} unités déplacées vers {warehouse} / {bin}.', same_bin: 'Choisissez un autre emplacement que celui-ci.',
  remove: 'Supprimer cet emplacement', remove_confirm: 'Supprimer cet emplacement et sortir ses unités ?', removed: 'Emplacement {warehouse} / {bin} supprimé.',
  ledger: 'Mouvements de stock', ledger_lead: 'Chaque mouvement de stock, du plus récent au plus ancien.', ledger_product: 'Mouvements de ce produit', when: 'Quand', type: 'Mouvement', change: 'Variation',
  after: 'Après', order: 'Commande', reference: 'Référence', date_from: 'Du', date_to: 'Au', product_id: 'Id produit', order_id: 'Id commande',
  type_receipt: 'Réception', type_adjustment: 'Ajustement', type_count: 'Inventaire', type_reservation: 'Réservation', type_release: 'Libération', type_shipment: 'Expédition',
  type_return: 'Retour', type_removal: 'Suppression',
  import: 'Import de stock', import_lead: 'Téléversez un inventaire TSV ou CSV avec les colonnes BIN, EAN, PRODUCT (facultative) et QUANTITY (facultative ; une ligne sans elle compte une unité). Les produits sont trouvés par EAN.',
  file: 'Fichier', mode: 'Nature du fichier', mode_set: 'Un inventaire : les quantités remplacent le contenu des emplacements', mode_add: 'Une livraison : les quantités sont ajoutées',
  start_import: 'Importer le fichier', import_done: 'Import de {file} terminé', rows: 'Lignes', matched: 'Lignes reconnues', unmatched: 'EAN inconnus', invalid: 'Lignes illisibles',
  products_updated: 'Produits mis à jour', bins_created: 'Emplacements ajoutés', bins_updated: 'Emplacements mis à jour', units: 'Unités', unmatched_title: 'EAN sans produit',
  errors_title: 'Lignes illisibles', row: 'Ligne', problem: 'Problème', line: 'Contenu', ean: 'EAN', bins: 'Emplacements', digital_title: 'Produits numériques ignorés (stock illimité)',
  no_file: 'Choisissez le fichier à importer.', import_ok: 'Toutes les lignes ont été importées.', statistics: 'Mouvements par type', movements: 'Mouvements', products: 'Produits', vendors: 'Vendeurs',
  last_movement: 'Dernier mouvement', units_moved: 'Unités', all_bins: 'Tous les emplacements', no_products: 'Ajoutez d’abord un produit physique : les produits numériques ont un stock illimité.',
};
// A translation table is read across its languages: one language per block, as written.
// prettier-ignore
const DE: Record<InventoryText, string> = {
  inventory: 'Lager', lead: 'Ihr Bestand nach Lager und Lagerplatz: vorhanden, für Bestellungen reserviert und verfügbar.', lead_admin: 'Der Bestand aller Händler nach Lager und Lagerplatz.',
  bin: 'Lagerplatz {warehouse} / {bin}', product: 'Produkt', sku: 'Art.-Nr.', gtin: 'EAN', warehouse: 'Lager', bin_location: 'Lagerplatz', on_hand: 'Vorhanden', reserved: 'Reserviert',
  available: 'Verfügbar', vendor: 'Händler', updated: 'Aktualisiert', low_stock: 'Höchstens verfügbar', open: 'Lagerplatz anlegen', open_lead: 'Der Bestand eines Produkts an einem neuen Lager und Lagerplatz.',
  quantity: 'Menge', note: 'Notiz', opened: 'Lagerplatz {warehouse} / {bin} angelegt.', adjust: 'Bestand anpassen', adjust_lead: 'Zählen Sie, was im Regal liegt, oder buchen Sie Einheiten ein oder aus.',
  set_to: 'Vorhanden setzen auf', change_by: 'Oder ändern um (+/−)', adjusted: 'Der Bestand dieses Lagerplatzes ist jetzt {quantity}.', one_of: 'Geben Sie entweder die gezählte Menge oder eine Änderung an.',
  move: 'Einheiten umlagern', move_lead: 'Nimmt Einheiten von diesem Lagerplatz und legt sie auf einen anderen Lagerplatz desselben Produkts (der angelegt wird, wenn es ihn nicht gibt).',
  to_warehouse: 'Nach Lager', to_bin: 'Nach Lagerplatz', moved: '{quantity} Einheiten nach {warehouse} / {bin} umgelagert.', same_bin: 'Wählen Sie einen anderen Lagerplatz als diesen.',
  remove: 'Lagerplatz entfernen', remove_confirm: 'Diesen Lagerplatz entfernen und seine Einheiten ausbuchen?', removed: 'Lagerplatz {warehouse} / {bin} entfernt.',
  ledger: 'Lagerbewegungen', ledger_lead: 'Jede Bewegung des Bestands, die neueste zuerst.', ledger_product: 'Bewegungen dieses Produkts', when: 'Wann', type: 'Bewegung', change: 'Änderung',
  after: 'Danach', order: 'Bestellung', reference: 'Referenz', date_from: 'Von', date_to: 'Bis', product_id: 'Produkt-ID', order_id: 'Bestell-ID',
  type_receipt: 'Eingang', type_adjustment: 'Korrektur', type_count: 'Inventur', type_reservation: 'Reservierung', type_release: 'Freigabe', type_shipment: 'Versand',
  type_return: 'Rücksendung', type_removal: 'Entfernung',
  import: 'Bestandsimport', import_lead: 'Laden Sie eine TSV- oder CSV-Inventur mit den Spalten BIN, EAN, PRODUCT (optional) und QUANTITY (optional; eine Zeile ohne zählt eine Einheit) hoch. Produkte werden über die EAN gefunden.',
  file: 'Datei', mode: 'Was die Datei ist', mode_set: 'Eine Inventur: die Mengen ersetzen den Inhalt der Lagerplätze', mode_add: 'Eine Lieferung: die Mengen werden hinzugefügt',
  start_import: 'Datei importieren', import_done: 'Import von {file} abgeschlossen', rows: 'Zeilen', matched: 'Zugeordnete Zeilen', unmatched: 'Unbekannte EANs', invalid: 'Unlesbare Zeilen',
  products_updated: 'Aktualisierte Produkte', bins_created: 'Neue Lagerplätze', bins_updated: 'Aktualisierte Lagerplätze', units: 'Einheiten', unmatched_title: 'EANs ohne Produkt',
  errors_title: 'Unlesbare Zeilen', row: 'Zeile', problem: 'Problem', line: 'Inhalt', ean: 'EAN', bins: 'Lagerplätze', digital_title: 'Übersprungene digitale Produkte (unbegrenzter Bestand)',
  no_file: 'Wählen Sie die Datei zum Import.', import_ok: 'Alle Zeilen wurden importiert.', statistics: 'Bewegungen nach Art', movements: 'Bewegungen', products: 'Produkte', vendors: 'Händler',
  last_movement: 'Letzte Bewegung', units_moved: 'Einheiten', all_bins: 'Alle Lagerplätze', no_products: 'Legen Sie zuerst ein physisches Produkt an: digitale Produkte haben unbegrenzten Bestand.',
};
// A translation table is read across its languages: one language per block, as written.
// prettier-ignore
const LB: Record<InventoryText, string> = {
  inventory: 'Lager', lead: 'Äre Stock no Lager a Lagerplaz: do, fir Bestellunge reservéiert an disponibel.', lead_admin: 'De Stock vun allen Händler no Lager a Lagerplaz.',
  bin: 'Lagerplaz {warehouse} / {bin}', product: 'Produit', sku: 'Art.-Nr.', gtin: 'EAN', warehouse: 'Lager', bin_location: 'Lagerplaz', on_hand: 'Do', reserved: 'Reservéiert',
  available: 'Disponibel', vendor: 'Händler', updated: 'Aktualiséiert', low_stock: 'Héchstens disponibel', open: 'Lagerplaz derbäisetzen', open_lead: 'De Stock vun engem Produit op engem neie Lager a Lagerplaz.',
  quantity: 'Quantitéit', note: 'Notiz', opened: 'Lagerplaz {warehouse} / {bin} derbäigesat.', adjust: 'Stock upassen', adjust_lead: 'Zielt wat am Regal läit, oder bucht Eenheeten eran oder eraus.',
  set_to: 'Do setzen op', change_by: 'Oder änneren ëm (+/−)', adjusted: 'De Stock vun dësem Lagerplaz ass elo {quantity}.', one_of: 'Gitt entweder déi gezielte Quantitéit oder eng Ännerung un.',
  move: 'Eenheeten ëmlageren', move_lead: 'Hëlt Eenheeten vun dësem Lagerplaz a leet se op en anere Lagerplaz vum selwechte Produit (deen ugeluecht gëtt, wann et en net gëtt).',
  to_warehouse: 'An de Lager', to_bin: 'Op de Lagerplaz', moved: '{quantity} Eenheeten op {warehouse} / {bin} ëmgelagert.', same_bin: 'Wielt en anere Lagerplaz wéi dësen.',
  remove: 'Lagerplaz ewechhuelen', remove_confirm: 'Dëse Lagerplaz ewechhuelen a seng Eenheeten ausbuchen?', removed: 'Lagerplaz {warehouse} / {bin} ewechgeholl.',
  ledger: 'Lagerbeweegungen', ledger_lead: 'All Beweegung vum Stock, déi neist als éischt.', ledger_product: 'Beweegunge vun dësem Produit', when: 'Wéini', type: 'Beweegung', change: 'Ännerung',
  after: 'Duerno', order: 'Bestellung', reference: 'Referenz', date_from: 'Vum', date_to: 'Bis', product_id: 'Produit-ID', order_id: 'Bestellungs-ID',
  type_receipt: 'Agang', type_adjustment: 'Korrektur', type_count: 'Inventur', type_reservation: 'Reservatioun', type_release: 'Fräigab', type_shipment: 'Versand',
  type_return: 'Retour', type_removal: 'Ewechhuelen',
  import: 'Stock-Import', import_lead: 'Luet eng TSV- oder CSV-Inventur mat de Kolonnen BIN, EAN, PRODUCT (fakultativ) a QUANTITY (fakultativ; eng Zeil ouni zielt eng Eenheet) erop. Produite ginn iwwer d’EAN fonnt.',
  file: 'Fichier', mode: 'Wat de Fichier ass', mode_set: 'Eng Inventur: d’Quantitéiten ersetzen den Inhalt vun de Lagerplazen', mode_add: 'Eng Liwwerung: d’Quantitéite ginn derbäigesat',
  start_import: 'Fichier importéieren', import_done: 'Import vu {file} fäerdeg', rows: 'Zeilen', matched: 'Erkannt Zeilen', unmatched: 'Onbekannt EANen', invalid: 'Onliesbar Zeilen',
  products_updated: 'Aktualiséiert Produiten', bins_created: 'Nei Lagerplazen', bins_updated: 'Aktualiséiert Lagerplazen', units: 'Eenheeten', unmatched_title: 'EANen ouni Produit',
  errors_title: 'Onliesbar Zeilen', row: 'Zeil', problem: 'Problem', line: 'Inhalt', ean: 'EAN', bins: 'Lagerplazen', digital_title: 'Iwwersprongen digital Produiten (onbegrenzte Stock)',
  no_file: 'Wielt de Fichier fir den Import.', import_ok: 'All Zeile goufen importéiert.', statistics: 'Beweegungen no Aart', movements: 'Beweegungen', products: 'Produiten', vendors: 'Händler',
  last_movement: 'Lescht Beweegung', units_moved: 'Eenheeten', all_bins: 'All Lagerplazen', no_products: 'Leet fir d’éischt e physesche Produit un: digital Produiten hunn en onbegrenzte Stock.',
};

const TEXTS: Record<LanguageCode, Record<InventoryText, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function ivt(language: LanguageCode, key: InventoryText, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
