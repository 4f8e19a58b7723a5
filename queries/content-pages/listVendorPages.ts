import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { ContentPageRow } from '../../projections/content-pages/contentPages.ts';
import { contentPageView, PAGE_COLUMNS, PAGE_ORDER } from './contentPageView.ts';

/** A page with the platform default of its slug, when it is a vendor's page and there is one. */
type PageWithDefault = ContentPageRow & { default_id: number | null; default_changed_at: Date | null };

/**
 * A page as a vendor sees it: whose it is, whether it overrides a platform default (same slug),
 * and whether that default's content was rewritten after the override was last written, so the
 * vendor knows to look at it again.
 */
export function vendorPageRow(r: PageWithDefault) {
  const overrides = r.vendor_id !== null && r.default_id !== null;
  const changedAt = overrides && r.default_changed_at !== null && r.default_changed_at > r.updated_at ? r.default_changed_at : null;
  return {
    ...contentPageView(r),
    source: r.vendor_id === null ? ('platform' as const) : ('vendor' as const),
    overrides_default: overrides,
    default_page_id: overrides ? r.default_id : null,
    default_changed_since_override: changedAt !== null,
    default_changed_at: changedAt?.toISOString() ?? null,
  };
}
export type VendorPageRow = ReturnType<typeof vendorPageRow>;

function withDefaults(knex: Knex) {
  return knex('content_pages as p')
    .leftJoin('content_pages as d', (j) => j.on('d.slug', 'p.slug').andOnNull('d.vendor_id').andOnNotNull('p.vendor_id'))
    .select([...PAGE_COLUMNS, 'd.id as default_id', 'd.content_changed_at as default_changed_at']);
}

/**
 * The pages a vendor's shop works with: its own pages, and the platform defaults it has not
 * overridden (an override of a slug replaces the default).
 */
export function listVendorPages(knex: Knex, vendorId: number, page: PageRequest): Promise<Page<VendorPageRow>> {
  const base = withDefaults(knex).where((q) =>
    q
      .where('p.vendor_id', vendorId)
      .orWhere((w) =>
        w
          .whereNull('p.vendor_id')
          .whereNotExists(knex('content_pages as o').select(knex.raw('1')).where('o.vendor_id', vendorId).whereRaw('o.slug = p.slug')),
      ),
  );
  return paginate(base, page, (q) => q.orderByRaw(PAGE_ORDER), vendorPageRow);
}

/** Only the vendor's own pages (overrides and custom pages), with the changed-default flag. */
export function listVendorOverrides(knex: Knex, vendorId: number, page: PageRequest): Promise<Page<VendorPageRow>> {
  return paginate(withDefaults(knex).where('p.vendor_id', vendorId), page, (q) => q.orderByRaw(PAGE_ORDER), vendorPageRow);
}

/** One of the vendor's own pages, as the vendor list shows it. */
export async function getVendorPage(knex: Knex, vendorId: number, id: number): Promise<VendorPageRow | null> {
  const row = await withDefaults(knex).where('p.vendor_id', vendorId).where('p.id', id).first<PageWithDefault | undefined>();
  return row ? vendorPageRow(row) : null;
}

/**
 * Pages of every owner for the admins (platform defaults, vendor overrides and custom pages), each
 * with the changed-default flag of an override; filtered by owner (`platform`, or one vendor) and slug.
 */
export function listPagesWithDefaults(
  knex: Knex,
  filter: { vendor_id?: number; platform?: boolean; slug?: string },
  page: PageRequest,
): Promise<Page<VendorPageRow>> {
  const base = withDefaults(knex);
  if (filter.platform) base.whereNull('p.vendor_id');
  if (filter.vendor_id !== undefined) base.where('p.vendor_id', filter.vendor_id);
  if (filter.slug !== undefined) base.where('p.slug', filter.slug);
  return paginate(base, page, (q) => q.orderByRaw(PAGE_ORDER), vendorPageRow);
}

/** One page of any owner with the changed-default flag of an override. */
export async function getPageWithDefault(knex: Knex, id: number): Promise<VendorPageRow | null> {
  const row = await withDefaults(knex).where('p.id', id).first<PageWithDefault | undefined>();
  return row ? vendorPageRow(row) : null;
}
