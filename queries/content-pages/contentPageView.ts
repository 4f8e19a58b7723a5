import type { ContentPageRow } from '../../projections/content-pages/contentPages.ts';

/** A content page as the admin and vendor areas show it: everything an author edits, with its state. */
export function contentPageView(r: ContentPageRow) {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    slug: r.slug,
    template: r.template,
    is_published: r.is_published,
    status: r.is_published ? ('published' as const) : ('draft' as const),
    show_in_header: r.show_in_header,
    show_in_footer: r.show_in_footer,
    show_in_legal: r.show_in_legal,
    sort_order: r.sort_order,
    default_language: r.default_language,
    translations: r.translations,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    content_changed_at: r.content_changed_at.toISOString(),
    published_at: r.published_at?.toISOString() ?? null,
  };
}
export type ContentPageView = ReturnType<typeof contentPageView>;

/** The columns of contentPageView, for queries that join. */
export const PAGE_COLUMNS = [
  'id',
  'vendor_id',
  'slug',
  'template',
  'is_published',
  'show_in_header',
  'show_in_footer',
  'show_in_legal',
  'sort_order',
  'default_language',
  'translations',
  'created_at',
  'updated_at',
  'content_changed_at',
  'published_at',
].map((c) => `p.${c}`);

/** Every list of pages reads in the navigation's order: sort order, then slug, then id. */
export const PAGE_ORDER = 'p.sort_order, p.slug, p.id';
