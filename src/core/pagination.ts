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
export async function paginate<T>(
  base: any,
  request: PageRequest,
  order: (qb: any) => any,
  map: (row: any) => T = (row) => row as T,
): Promise<Page<T>> {
  const [[{ count }], rows] = await Promise.all([
    base.clone().clearSelect().clearOrder().count({ count: '*' }),
    order(base.clone()).limit(request.limit).offset((request.page - 1) * request.limit),
  ]);
  return { items: rows.map(map), total: Number(count), page: request.page, limit: request.limit };
}
