import type { Knex } from 'knex';
import { ContentPageNotFoundException } from '../../commands/content-pages/errors.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { ContentPageRow } from '../../projections/content-pages/contentPages.ts';
import { contentPageView, PAGE_COLUMNS, PAGE_ORDER, type ContentPageView } from './contentPageView.ts';

export interface ContentPageFilter {
  /** A vendor's pages (its overrides and own pages) only. */
  vendor_id?: number;
  /** The platform defaults only. */
  platform?: boolean;
  slug?: string;
}

/** Pages of every owner (admin), filtered by owner and slug, in the navigation's order. */
export function listContentPages(knex: Knex, filter: ContentPageFilter, page: PageRequest): Promise<Page<ContentPageView>> {
  const base = knex('content_pages as p').select(PAGE_COLUMNS);
  if (filter.platform) base.whereNull('p.vendor_id');
  if (filter.vendor_id !== undefined) base.where('p.vendor_id', filter.vendor_id);
  if (filter.slug !== undefined) base.where('p.slug', filter.slug);
  return paginate(base, page, (q) => q.orderByRaw(PAGE_ORDER), contentPageView);
}

export async function getContentPage(knex: Knex, id: number): Promise<ContentPageView> {
  const row = await knex('content_pages as p').select(PAGE_COLUMNS).where('p.id', id).first<ContentPageRow | undefined>();
  if (!row) throw new ContentPageNotFoundException(`Content page ${id} not found`);
  return contentPageView(row);
}
