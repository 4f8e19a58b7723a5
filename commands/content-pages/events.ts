/**
 * Content pages (SPEC.md part 2 "Content page"): a platform default page (vendor_id null), a
 * vendor's override of a default (same slug) or a vendor's own page, with a title and a Markdown
 * body per storefront language. Every change names the acting user in its metadata, so an
 * auditor can tell who published what and when, and fold the stream to any past time.
 */
export type PageLanguage = 'en' | 'fr' | 'de' | 'lb';
export type PageTemplate = 'default' | 'minimal' | 'modern' | 'full';
export const PAGE_TEMPLATES: readonly PageTemplate[] = ['default', 'minimal', 'modern', 'full'];

/** The title and the Markdown body of a page in one language. */
export interface PageText {
  title: string;
  body: string;
}

/** What an author edits; the published flag is not here: it moves by its own events. */
export interface PageContent {
  slug: string;
  template: PageTemplate;
  show_in_header: boolean;
  show_in_footer: boolean;
  show_in_legal: boolean;
  sort_order: number;
  /** The language a shopper reads when the page lacks theirs; it always has a text. */
  default_language: PageLanguage;
  translations: Partial<Record<PageLanguage, PageText>>;
}

type Owner = { page_id: number; vendor_id: number | null };

/** A page was written, as a draft or published at once. */
export type ContentPageCreated = { type: 'ContentPageCreated'; data: Owner & PageContent & { published: boolean; at: string } };
/** Some of the page's content changed (only the changed fields; `translations` holds the whole new set). */
export type ContentPageChanged = { type: 'ContentPageChanged'; data: Owner & { changes: Partial<PageContent>; at: string } };
/** The page became visible in the shop. */
export type ContentPagePublished = { type: 'ContentPagePublished'; data: Owner & { slug: string; at: string } };
/** The page went back to draft: the shop no longer shows it. */
export type ContentPageUnpublished = { type: 'ContentPageUnpublished'; data: Owner & { slug: string; at: string } };
/** The page was removed; its slug is free again. */
export type ContentPageDeleted = { type: 'ContentPageDeleted'; data: Owner & { slug: string; at: string } };

export type ContentPageEvent = ContentPageCreated | ContentPageChanged | ContentPagePublished | ContentPageUnpublished | ContentPageDeleted;

export const CONTENT_PAGE_EVENT_TYPES = [
  'ContentPageCreated',
  'ContentPageChanged',
  'ContentPagePublished',
  'ContentPageUnpublished',
  'ContentPageDeleted',
] as const satisfies readonly ContentPageEvent['type'][];
