import { iso } from '../../src/core/dates.ts';

/** A content page as the admin and vendor areas show it: everything an author edits, with its state. */
export function contentPageRow(r: any) {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    slug: r.slug,
    template: r.template,
    is_published: r.is_published,
    status: (r.is_published ? 'published' : 'draft') as 'published' | 'draft',
    show_in_header: r.show_in_header,
    show_in_footer: r.show_in_footer,
    show_in_legal: r.show_in_legal,
    sort_order: r.sort_order,
    default_language: r.default_language,
    translations: r.translations,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    content_changed_at: iso(r.content_changed_at)!,
    published_at: iso(r.published_at),
  };
}
export type ContentPageRow = ReturnType<typeof contentPageRow>;

/** The columns of contentPageRow, for queries that join. */
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
