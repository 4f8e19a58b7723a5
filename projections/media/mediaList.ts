import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { MEDIA_EVENT_TYPES, type MediaEvent } from '../../commands/media/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/** media_list: one row per stored image with its variants, for the media list and storage statistics. */
export const mediaList: Projection = {
  kind: 'projection',
  name: 'media_list',
  eventTypes: MEDIA_EVENT_TYPES,
  tables: ['media_list'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = new Map<number, any>();
    const deleted = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<MediaEvent>(raw);
      if (e.type === 'ImageUploaded') {
        const d = e.data;
        rows.set(d.media_id, {
          id: d.media_id,
          vendor_id: d.vendor_id,
          product_id: d.product_id,
          file_name: d.file_name,
          source_format: d.source_format,
          source_bytes: d.source_bytes,
          width: d.width,
          height: d.height,
          variants: JSON.stringify(d.variants),
          total_bytes: d.total_bytes,
          uploaded_by: d.uploaded_by === null ? null : String(d.uploaded_by),
          created_at: d.at,
        });
        deleted.delete(d.media_id);
      } else {
        rows.delete(e.data.media_id);
        deleted.add(e.data.media_id);
      }
    }
    if (deleted.size > 0)
      await trx('media_list')
        .whereIn('id', [...deleted])
        .delete();
    if (rows.size > 0)
      await trx('media_list')
        .insert([...rows.values()])
        .onConflict('id')
        .merge();
  },
};
