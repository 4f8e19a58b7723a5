import { CONTENT_PAGE_EVENT_TYPES, type ContentPageEvent } from '../../commands/content-pages/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

/** The title and the Markdown body of a page in one language (PageText of commands/content-pages/events.ts). */
const PageText = Type.Object({ title: Type.String(), body: Type.String() });

export const ContentPageRow = readModel('content_pages', {
  id: column.int(),
  vendor_id: column.nullable(column.int({ description: 'null: a platform default' })),
  slug: column.text(),
  template: column.oneOf(['default', 'minimal', 'modern', 'full']),
  is_published: column.bool(),
  show_in_header: column.bool(),
  show_in_footer: column.bool(),
  show_in_legal: column.bool(),
  /** Position in the navigation, lowest first. */
  sort_order: column.int(),
  /** The language a shopper reads when the page lacks theirs; it always has a text. */
  default_language: column.oneOf(['en', 'fr', 'de', 'lb']),
  translations: column.json(
    Type.Object({ en: Type.Optional(PageText), fr: Type.Optional(PageText), de: Type.Optional(PageText), lb: Type.Optional(PageText) }),
  ),
  created_at: column.time(),
  updated_at: column.time(),
  /** Moves with the content only, not with publishing. */
  content_changed_at: column.time(),
  published_at: column.nullable(column.time()),
});
export type ContentPageRow = RowOf<typeof ContentPageRow>;

/**
 * content_pages: one row per live page (platform defaults, vendor overrides and vendor pages),
 * for every page list and the shop's page and navigation reads. `content_changed_at` moves with
 * the content only (not with publishing), so a vendor learns when the default it overrides was
 * rewritten after its override.
 */
export const contentPages = rowProjection<JsonRow<ContentPageRow>>({
  name: 'content_pages',
  eventTypes: CONTENT_PAGE_EVENT_TYPES,
  readModel: ContentPageRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { page_id: number }).page_id],
    apply(rows, raw) {
      const e = domainEvent<ContentPageEvent>(raw);
      const id = e.data.page_id;
      if (e.type === 'ContentPageCreated') {
        const { page_id: _id, published, at, ...content } = e.data;
        rows.set(id, {
          id,
          ...content,
          is_published: published,
          created_at: at,
          updated_at: at,
          content_changed_at: at,
          published_at: published ? at : null,
        });
        return;
      }
      if (e.type === 'ContentPageDeleted') {
        rows.delete(id);
        return;
      }
      const row = rows.get(id);
      if (!row) return;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'ContentPageChanged':
          Object.assign(row, e.data.changes);
          row.content_changed_at = e.data.at;
          break;
        case 'ContentPagePublished':
          row.is_published = true;
          row.published_at = e.data.at;
          break;
        case 'ContentPageUnpublished':
          row.is_published = false;
          break;
      }
    },
  },
});
