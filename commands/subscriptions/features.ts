/**
 * The 30 features in 8 categories of SPEC.md part 2 "Feature", drawn from what the platform
 * does, each with the lowest of the four named tiers that has it. The seeded tiers take their
 * feature lists from this table (a tier has every feature whose lowest tier is at or below it);
 * an admin may edit a tier's list afterwards.
 */
export const SEEDED_TIER_CODES = ['essential', 'professional', 'business', 'enterprise'] as const;
export type SeededTierCode = (typeof SEEDED_TIER_CODES)[number];

export const FEATURE_CATEGORIES = [
  { code: 'catalogue', name: 'Catalogue', description: 'Products, marketplace copies, imports and media' },
  { code: 'orders', name: 'Orders', description: 'Shop orders, shipments and item exceptions' },
  { code: 'extmarket', name: 'External marketplace', description: 'Selling on the extmarket: credentials, order sync, product feed' },
  { code: 'invoicing', name: 'Invoicing', description: 'EU VAT invoices, credit notes and their settings' },
  { code: 'storefront', name: 'Storefront', description: "The vendor's shop: pages, themes and domains" },
  { code: 'messaging', name: 'Messaging', description: 'Conversations with customers and the platform' },
  { code: 'analytics', name: 'Analytics', description: 'Statistics, reports and exports' },
  { code: 'team', name: 'Team', description: 'Team members, roles and permissions' },
] as const;
export type FeatureCategory = (typeof FEATURE_CATEGORIES)[number]['code'];

export interface FeatureDefinition {
  code: string;
  category: FeatureCategory;
  name: string;
  description: string;
  /** The lowest seeded tier that has the feature. */
  min_tier: SeededTierCode;
}

const f = (code: string, category: FeatureCategory, min_tier: SeededTierCode, name: string, description: string): FeatureDefinition => ({
  code,
  category,
  name,
  description,
  min_tier,
});

export const FEATURES: readonly FeatureDefinition[] = [
  f('product_management', 'catalogue', 'essential', 'Product management', 'Create, edit and delete vendor products'),
  f('marketplace_copy', 'catalogue', 'essential', 'Copy from the marketplace', 'Copy a marketplace product into the catalogue'),
  f('product_media', 'catalogue', 'essential', 'Product images', 'Upload images, converted to WebP in three sizes'),
  f('inventory_import', 'catalogue', 'professional', 'Inventory import', 'Bulk stock counts from TSV/CSV with warehouse and bin'),

  f('order_management', 'orders', 'essential', 'Order management', 'Confirm, ship and track shop orders'),
  f('partial_shipment', 'orders', 'essential', 'Partial shipment', 'Ship an order item by item'),
  f('order_item_exceptions', 'orders', 'professional', 'Order item exceptions', 'Record and resolve problems on order items'),
  f('order_tracking', 'orders', 'essential', 'Shipment tracking', 'Tracking numbers and carriers on shipments'),

  f('extmarket_connection', 'extmarket', 'professional', 'Extmarket connection', 'Store and test extmarket API credentials'),
  f('extmarket_order_sync', 'extmarket', 'professional', 'Extmarket order sync', 'Import and confirm or decline extmarket orders'),
  f('extmarket_product_feed', 'extmarket', 'business', 'Extmarket product feed', 'Export the catalogue as an extmarket feed'),
  f('extmarket_historical_import', 'extmarket', 'business', 'Extmarket historical import', 'Import past extmarket orders'),

  f('pdf_invoices', 'invoicing', 'essential', 'PDF invoices', 'EU VAT invoices as PDF'),
  f('oss_vat', 'invoicing', 'professional', 'One-stop-shop VAT', 'Destination-country VAT for EU consumers'),
  f('reverse_charge', 'invoicing', 'professional', 'B2B reverse charge', 'VIES-checked VAT numbers and reverse-charge invoices'),
  f('credit_notes', 'invoicing', 'business', 'Credit notes', 'Credit notes against issued invoices'),

  f('storefront', 'storefront', 'essential', 'Storefront', "The vendor's shop on a platform path"),
  f('content_pages', 'storefront', 'essential', 'Content pages', 'CMS pages in several languages'),
  f('custom_theme', 'storefront', 'professional', 'Custom theme', 'Theme presets and colours of the shop'),
  f('custom_domain', 'storefront', 'business', 'Custom domain', "Serve the shop on the vendor's own domain"),

  f('admin_messaging', 'messaging', 'essential', 'Platform messaging', "Conversations with the platform's admins"),
  f('customer_messaging', 'messaging', 'professional', 'Customer messaging', "Conversations with the shop's customers"),
  f('message_attachments', 'messaging', 'business', 'Message attachments', 'Files attached to messages'),

  f('sales_dashboard', 'analytics', 'essential', 'Sales dashboard', 'Order and revenue totals'),
  f('invoice_stats', 'analytics', 'professional', 'Invoice statistics', 'Invoiced amounts and VAT by period'),
  f('advanced_reports', 'analytics', 'business', 'Advanced reports', 'Reports by product, channel and country'),
  f('data_export', 'analytics', 'enterprise', 'Data export', 'Bulk export of orders, products and invoices'),

  f('team_members', 'team', 'essential', 'Team members', 'Invite members into the vendor'),
  f('roles_permissions', 'team', 'professional', 'Roles and permissions', 'Staff, manager and custom roles'),
  f('audit_history', 'team', 'enterprise', 'Audit history', 'Who changed what, from the event history'),
];

export const featureByCode = (code: string): FeatureDefinition | undefined => FEATURES.find((x) => x.code === code);

/** The features a seeded tier has: every feature whose lowest tier is at or below it. */
export const featuresUpTo = (tierCode: SeededTierCode): string[] => {
  const rank = SEEDED_TIER_CODES.indexOf(tierCode);
  return FEATURES.filter((x) => SEEDED_TIER_CODES.indexOf(x.min_tier) <= rank).map((x) => x.code);
};
