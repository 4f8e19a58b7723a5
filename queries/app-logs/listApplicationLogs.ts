import type { Knex } from 'knex';
import type { BoundedPage, PageRequest } from '../../src/core/pagination.ts';
import { isoTime } from '../../src/core/dates.ts';

export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;
const NAMES = Object.fromEntries(Object.entries(LOG_LEVELS).map(([k, v]) => [v, k]));

export interface LogFilter {
  /** The lowest level shown. */
  level?: LogLevelName;
  from?: string;
  to?: string;
  /** Text in the message or the line's fields. */
  search?: string;
  request_id?: string;
  user_id?: string;
  instance?: string;
}

export interface LogLine {
  id: number;
  at: string;
  level: LogLevelName;
  instance: string;
  msg: string;
  req_id: string | null;
  user_id: string | null;
  data: Record<string, unknown>;
}

/** An application_logs row (the service's own store, not a read model of events). */
interface LogRow {
  id: string | number;
  at: Date;
  level: number;
  instance: string;
  msg: string;
  req_id: string | null;
  user_id: string | null;
  data: Record<string, unknown> | string;
}

/** Matches counted before the total becomes an estimate: a page never counts millions of lines. */
const COUNT_CAP = 10_000;
/** A text search without `from` looks this far back: the store can hold millions of lines. */
export const SEARCH_WINDOW_MS = 24 * 3_600_000;

const likeEscape = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The admins' log store (application_logs), newest first, filtered. The total is exact up to
 * 10,000 matches; above, `total_exact` is false and the total is what is certain (10,001).
 */
export async function listApplicationLogs(knex: Knex, filter: LogFilter, page: PageRequest, now: Date): Promise<BoundedPage<LogLine>> {
  const q = knex('application_logs');
  if (filter.level) q.where('level', '>=', LOG_LEVELS[filter.level]);
  const from = filter.from ?? (filter.search ? new Date(now.getTime() - SEARCH_WINDOW_MS).toISOString() : undefined);
  if (from) q.where('at', '>=', from);
  if (filter.to) q.where('at', '<=', filter.to);
  if (filter.request_id) q.where('req_id', filter.request_id);
  if (filter.user_id) q.where('user_id', filter.user_id);
  if (filter.instance) q.where('instance', filter.instance);
  if (filter.search) {
    // The stored text cannot hold a NUL: a search for one matches nothing, and never reaches the database as such.
    const term = `%${likeEscape(filter.search.replace(/\u0000/g, ''))}%`;
    q.where((w) => w.whereRaw('msg ILIKE ?', [term]).orWhereRaw('data::text ILIKE ?', [term]));
  }
  const offset = (page.page - 1) * page.limit;
  const [rows, [{ n }]] = await Promise.all([
    q
      .clone()
      .select<LogRow[]>('*')
      .orderBy([
        { column: 'at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(offset),
    knex
      .from(
        q
          .clone()
          .select(knex.raw('1'))
          .limit(COUNT_CAP + 1)
          .as('m'),
      )
      .count<{ n: string | number }[]>({ n: '*' }),
  ]);
  const counted = Number(n);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      at: isoTime(r.at),
      level: (NAMES[r.level] ?? 'info') as LogLevelName,
      instance: r.instance,
      msg: r.msg,
      req_id: r.req_id,
      user_id: r.user_id,
      data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
    })),
    total: counted,
    page: page.page,
    limit: page.limit,
    total_exact: counted <= COUNT_CAP,
  };
}
