import type { Knex } from 'knex';
import type { BackOfficeArea, Viewer } from '../backOffice/registry.ts';
import { select } from '../backOffice/components.ts';
import type { Html } from '../html.ts';

/**
 * What differs between the vendor's and the admins' catalogue pages, so each page is written once:
 * where it lives, which navigation entry it marks, and whose records it may show (a vendor's own
 * only, from the session, never from the URL; an admin's every vendor's).
 */
export interface CatalogueArea {
  area: BackOfficeArea;
  /** The vendor products' pages. */
  products: string;
  nav: string;
}

export const CATALOGUE_AREAS: Record<BackOfficeArea, CatalogueArea> = {
  vendor: { area: 'vendor', products: '/vendor/products', nav: 'products' },
  admin: { area: 'admin', products: '/admin/vendor-products', nav: 'vendor-products' },
};

/** The vendor whose records a viewer may see: the session's vendor, or null (an admin: any). */
export const scopeOf = (viewer: Viewer): number | null => viewer.vendor?.id ?? null;

import { HTML, SEE_OTHER } from '../pageRoutes.ts';

export { HTML, SEE_OTHER, pageNumber, queryText, queryId } from '../pageRoutes.ts';
export const FORM_RESPONSES = { 303: SEE_OTHER, 403: HTML, 404: HTML, 422: HTML };

/** The vendors an admin picks from (a filter, a form's vendor). */
export async function vendorOptions(knex: Knex): Promise<[string, string][]> {
  const rows = await knex('vendor_list').select('id', 'name', 'vendor_code').orderBy('name').limit(1000);
  return rows.map((r: { id: number; name: string; vendor_code: string }) => [String(r.id), `${r.name} (${r.vendor_code})`]);
}

/** The admin form's vendor field; none for a vendor (its own). */
export async function vendorField(
  knex: Knex,
  viewer: Viewer,
  label: string,
  value: string,
  problem?: string | null,
): Promise<Html | undefined> {
  if (viewer.vendor) return undefined;
  return select(viewer.language, {
    name: 'vendor_id',
    label,
    value,
    required: true,
    problem: problem ?? null,
    options: [['', '—'], ...(await vendorOptions(knex))],
  });
}
