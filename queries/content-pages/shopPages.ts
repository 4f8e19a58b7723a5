import type { Knex } from 'knex';
import type { ContentPageRow } from '../../projections/content-pages/contentPages.ts';

/** The published pages a shop shows: the vendor's own, and the platform defaults it has no published page for. */
function shownPages(knex: Knex, vendorId: number) {
  return knex('content_pages as p')
    .where('p.is_published', true)
    .where((q) =>
      q
        .where('p.vendor_id', vendorId)
        .orWhere((w) =>
          w
            .whereNull('p.vendor_id')
            .whereNotExists(
              knex('content_pages as o')
                .select(knex.raw('1'))
                .where('o.vendor_id', vendorId)
                .where('o.is_published', true)
                .whereRaw('o.slug = p.slug'),
            ),
        ),
    );
}

const SHOWN = [
  'id',
  'vendor_id',
  'slug',
  'template',
  'show_in_header',
  'show_in_footer',
  'show_in_legal',
  'sort_order',
  'default_language',
  'translations',
  'updated_at',
] as const satisfies readonly (keyof ContentPageRow)[];

/** What a shop shows of a page. */
export type ShownPage = Pick<ContentPageRow, (typeof SHOWN)[number]>;

const COLUMNS = SHOWN.map((c) => `p.${c}`);

/** The page a shop serves at a slug: the vendor's published page first, then the published platform default. Drafts never. */
export async function findShownPage(knex: Knex, vendorId: number, slug: string): Promise<ShownPage | null> {
  const row = await shownPages(knex, vendorId)
    .select(COLUMNS)
    .where('p.slug', slug)
    .orderByRaw('p.vendor_id NULLS LAST')
    .first<ShownPage | undefined>();
  return row ?? null;
}

/** The shop's pages placed in its header, footer or legal links, in the navigation's order. */
export function listNavigationPages(knex: Knex, vendorId: number): Promise<ShownPage[]> {
  return shownPages(knex, vendorId)
    .select(COLUMNS)
    .where((q) => q.where('p.show_in_header', true).orWhere('p.show_in_footer', true).orWhere('p.show_in_legal', true))
    .orderByRaw('p.sort_order, p.slug, p.id')
    .limit(200);
}
