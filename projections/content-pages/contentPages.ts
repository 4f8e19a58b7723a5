import { CONTENT_PAGE_EVENT_TYPES, type ContentPageEvent } from '../../commands/content-pages/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/**
 * content_pages: one row per live page (platform defaults, vendor overrides and vendor pages),
 * for every page list and the shop's page and navigation reads. `content_changed_at` moves with
 * the content only (not with publishing), so a vendor learns when the default it overrides was
 * rewritten after its override.
 */
export const contentPages = rowProjection<Record<string, any>>({
  name: 'content_pages',
  eventTypes: CONTENT_PAGE_EVENT_TYPES,
  fold: {
    table: 'content_pages',
    key: 'id',
    keyType: 'integer',
    columns: [
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
    ],
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
