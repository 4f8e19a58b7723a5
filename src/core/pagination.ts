import type { Knex } from 'knex';
/** The list form of every list endpoint (SPEC.md part 2 Conventions, ARCHITECTURE.md "Lists"). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface PageRequest {
  page: number;
  limit: number;
}

/** A list's offered orders: each field ascending, and descending with a leading '-'. */
export type SortOrders<F extends string> = Record<F | `-${F}`, string>;

/**
 * The ORDER BY of each offered order of a list (its `sort` parameter), from the column of each
 * field. Every order ends on the tie-break columns (a unique key, in the same direction), so pages
 * never repeat or skip a row; a tie-break column that is the field's own is not repeated. An
 * index per order makes a sorted page as cheap as the unsorted one.
 *
 *   sortOrders({ id: 'v.id', name: 'v.name' }, ['v.id'])
 *   → { id: 'v.id', '-id': 'v.id DESC', name: 'v.name, v.id', '-name': 'v.name DESC, v.id DESC' }
 */
export function sortOrders<F extends string>(columns: Record<F, string>, tieBreak: readonly string[]): SortOrders<F> {
  const out: Record<string, string> = {};
  for (const [field, column] of Object.entries(columns) as [F, string][]) {
    const keys = [column, ...tieBreak.filter((c) => c !== column)];
    out[field] = keys.join(', ');
    out[`-${field}`] = keys.map((c) => `${c} DESC`).join(', ');
  }
  return out as SortOrders<F>;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export function pageRequest(query: { page?: unknown; limit?: unknown }): PageRequest {
  const page = Math.max(1, Math.trunc(Number(query.page ?? 1)) || 1);
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.trunc(Number(query.limit ?? DEFAULT_LIMIT)) || DEFAULT_LIMIT));
  return { page, limit };
}

/**
 * Runs a knex query builder as a page: the count and the rows of the requested page.
 * `base` must not have an order, limit or offset yet; `order` is applied to the rows only.
 */
export async function paginate<T, R extends object = Record<string, unknown>>(
  base: Knex.QueryBuilder,
  request: PageRequest,
  order: (qb: Knex.QueryBuilder) => Knex.QueryBuilder,
  // Without a map, the caller's item type is the row the query selects: the caller names it (T), the query cannot.
  map: (row: R) => T = (row) => row as unknown as T,
): Promise<Page<T>> {
  // The rows are the page's query's, of the shape the caller's `map` reads (its row type).
  const [counted, rows] = (await Promise.all([
    base.clone().clearSelect().clearOrder().count({ count: '*' }),
    order(base.clone())
      .limit(request.limit)
      .offset((request.page - 1) * request.limit),
  ])) as [{ count: string | number }[], R[]];
  return { items: rows.map(map), total: Number(counted[0]!.count), page: request.page, limit: request.limit };
}

/**
 * Bounded totals, for lists over big read models (the admin user list first; ARCHITECTURE.md
 * "Lists"). Counting every match on every page costs as much as reading every match: 100,000
 * rows counted per request was most of the admin user list's time. A bounded list instead
 *   - knows the total for free when the page is not full (it is the last page): offset + items;
 *   - otherwise counts the matches, but stops at `cap + 1`: up to `cap` the total is exact;
 *   - above `cap`, reports an estimate (PostgreSQL's planner estimate of the matching rows),
 *     never below what is known for sure, with `total_exact: false`.
 * The response keeps the `{items, total, page, limit}` form; `total_exact` is added.
 */
export const EXACT_TOTAL_CAP = 1000;

export interface BoundedPage<T> extends Page<T> {
  /** False when `total` is an estimate (more than EXACT_TOTAL_CAP matches, no exact count asked). */
  total_exact: boolean;
}

/** The first answer of a bounded list: the page's rows and, when it was needed, the capped count. */
export interface BoundedCount {
  offset: number;
  limit: number;
  /** Rows returned for the page. */
  returned: number;
  /** Matches counted (up to cap + 1 when capped), or null when the page made a count needless. */
  counted: number | null;
  /** The count's cap, or null when it counted every match. */
  cap: number | null;
}

/** Whether the count has to run at all: only when the page is full, or empty past the first page. */
export function countNeeded(offset: number, limit: number, returned: number): boolean {
  return returned === limit || (returned === 0 && offset > 0);
}

/** The total when it is known exactly, or null when an estimate is needed (the cap was passed). */
export function exactTotal(c: BoundedCount): number | null {
  if (!countNeeded(c.offset, c.limit, c.returned)) return c.offset + c.returned;
  if (c.counted === null) throw new Error('The list counted nothing although its page was full');
  if (c.cap === null || c.counted <= c.cap) return c.counted;
  return null;
}

/** The reported total when the cap was passed: the estimate, but never below what is certain. */
export function estimatedTotal(c: BoundedCount, estimate: number): number {
  const certain = Math.max((c.cap ?? 0) + 1, c.offset + c.returned);
  return Math.max(certain, Math.round(Number.isFinite(estimate) ? estimate : 0));
}

/** One page of a short list held in memory (features, categories, tiers), in the list form of every list. */
export function pageOf<T>(items: readonly T[], query: { page?: number; limit?: number }) {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIMIT;
  return { items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit };
}
