import type { Knex } from 'knex';
import { unreadSql, visibleTo, type Viewer } from './viewer.ts';

/**
 * The reader's unread messages over every conversation they take part in (the badge): each
 * admin, each member of a vendor's team and each customer has their own count.
 */
export async function unreadCount(knex: Knex, reader: Viewer): Promise<number> {
  const row = await knex
    .from(
      knex('conversations as c')
        .modify(visibleTo(reader))
        .select(knex.raw('? AS n', [unreadSql(knex, reader)]))
        .as('u'),
    )
    .sum({ total: 'n' })
    .first<{ total: string | number | null } | undefined>();
  return Number(row?.total ?? 0);
}
