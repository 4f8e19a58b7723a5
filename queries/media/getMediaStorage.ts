import type { Knex } from 'knex';
import type { MediaListRow } from '../../projections/media/mediaList.ts';

/** Stored image files (every variant) and their bytes: what platform health shows of media. */
export async function getMediaStorage(knex: Knex): Promise<{ files: number; bytes: number }> {
  // bigint sums: exact text from the driver.
  const [row]: { files: string; bytes: string }[] = await knex<MediaListRow>('media_list').select(
    knex.raw('coalesce(sum(jsonb_array_length(variants)), 0)::bigint AS files'),
    knex.raw('coalesce(sum(total_bytes), 0)::bigint AS bytes'),
  );
  return { files: Number(row.files), bytes: Number(row.bytes) };
}
