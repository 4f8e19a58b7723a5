import type { Knex } from 'knex';
import {
  EXACT_TOTAL_CAP,
  estimatedTotal,
  exactTotal,
  type BoundedCount,
  type BoundedPage,
  type PageRequest,
} from '../../src/core/pagination.ts';
import { sql } from '../../src/runtime/database.ts';
import { estimatedRows } from '../../src/runtime/rowEstimate.ts';
import { containing, escapeLike } from '../../src/core/likePattern.ts';
import type { UserListRow } from '../../projections/users/userList.ts';

export interface UserListFilter {
  search?: string;
  role?: string;
  is_active?: boolean;
}

/** The orders of the admin user list; every one is total (a unique key last), so pages never overlap. */
export const USER_SORTS = {
  id: (t = '') => `${t}id`,
  '-id': (t = '') => `${t}id DESC`,
  created_at: (t = '') => `${t}created_at, ${t}id`,
  '-created_at': (t = '') => `${t}created_at DESC, ${t}id DESC`,
  // lower(email) and lower(username) are unique (user_list_email, user_list_username).
  email: (t = '') => `lower(${t}email)`,
  '-email': (t = '') => `lower(${t}email) DESC`,
  username: (t = '') => `lower(${t}username)`,
  '-username': (t = '') => `lower(${t}username) DESC`,
} as const;
export type UserSort = keyof typeof USER_SORTS;

export interface UserListOptions {
  /** Default `id`. */
  sort?: UserSort;
  /** Count every match even past EXACT_TOTAL_CAP (costs a read of every match). */
  exactTotal?: boolean;
}

export interface UserListItem {
  id: number;
  email: string;
  username: string;
  role: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  preferred_language: string;
  is_active: boolean;
  must_change_password: boolean;
  created_at: string;
  updated_at: string;
}

/** A user_list row as the list and the detail read it (every column but the searched text). */
export type ListedUser = Omit<UserListRow, 'search_text'>;

export function toUserItem(r: ListedUser): UserListItem {
  const full = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return {
    id: r.id,
    email: r.email,
    username: r.username,
    role: r.role,
    first_name: r.first_name,
    last_name: r.last_name,
    full_name: full || null,
    preferred_language: r.preferred_language,
    is_active: r.is_active,
    must_change_password: r.must_change_password,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/**
 * The searched text of a user: e-mail, username, first and last name joined by a unit separator
 * (U+001F), lower-cased, stored by PostgreSQL in the generated column user_list.search_text
 * (migration 2026112201_user_list_search_text.ts) and indexed by trigrams (user_list_search; a
 * role filter is tested on its candidates, 2026112203_user_list_one_search_index.ts). A term without U+001F matches this text iff it matches one of the four
 * fields (the separator cannot be part of a match), and `lower(x) LIKE lower(p)` is how
 * PostgreSQL runs `x ILIKE p` in a UTF-8 database: the same answers as the ILIKE per field it
 * replaces, from one index and one cheap test per row instead of four, with nothing lower-cased
 * at read time.
 */
export const USER_SEARCH_TEXT = 'search_text';

const COLUMNS =
  'id, email, username, role, first_name, last_name, preferred_language, is_active, must_change_password, created_at, updated_at';

/** A statement of the list: SQL text with `$n` parameters. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** The WHERE clause of a filter and its parameters (numbered from 1). */
function where(filter: UserListFilter): { clause: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (filter.search) {
    values.push(containing(filter.search));
    const p = `$${values.length}`;
    conditions.push(
      filter.search.includes('\x1f')
        ? // The separator itself is searched for: only the per-field test is exact (no index).
          `(email ILIKE ${p} OR username ILIKE ${p} OR first_name ILIKE ${p} OR last_name ILIKE ${p})`
        : `${USER_SEARCH_TEXT} LIKE lower(${p})`,
    );
  }
  if (filter.role) {
    values.push(filter.role);
    conditions.push(`role = $${values.length}`);
  }
  if (filter.is_active !== undefined) {
    values.push(filter.is_active);
    conditions.push(`is_active = $${values.length}`);
  }
  return { clause: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', values };
}

/**
 * The one statement of a list request: the page, and the matches counted up to the cap only when
 * the page is full (or empty past the first page). One round trip, one snapshot: the total and
 * the page agree. `counted` is null when the page itself tells the total.
 */
export function listStatement(
  filter: UserListFilter,
  page: PageRequest,
  options: UserListOptions = {},
): Statement & { cap: number | null; offset: number } {
  const { clause, values } = where(filter);
  const order = USER_SORTS[options.sort ?? 'id'];
  const cap = options.exactTotal ? null : EXACT_TOTAL_CAP;
  // A page far past any table (page=1e20) must stay a valid bigint: it is empty either way.
  const offset = Math.min((page.page - 1) * page.limit, Number.MAX_SAFE_INTEGER);
  const n = values.length;
  const [limit, skip, countLimit] = [`$${n + 1}`, `$${n + 2}`, `$${n + 3}`];
  const text = `WITH page AS MATERIALIZED (SELECT ${COLUMNS} FROM user_list ${clause} ORDER BY ${order()} LIMIT ${limit} OFFSET ${skip}),
returned AS (SELECT count(*) AS n FROM page)
SELECT CASE WHEN returned.n = ${limit} OR (returned.n = 0 AND ${skip} > 0)
  THEN (SELECT count(*) FROM (SELECT 1 FROM user_list ${clause} LIMIT ${countLimit}) matches) END AS counted, page.*
FROM returned LEFT JOIN page ON true
ORDER BY ${order('page.')}`;
  return { text, values: [...values, page.limit, offset, cap === null ? null : cap + 1], cap, offset };
}

/** The statement whose row count PostgreSQL estimates for the total past the cap (estimatedRows: no row is read). */
export function estimateStatement(filter: UserListFilter): Statement {
  const { clause, values } = where(filter);
  return { text: `SELECT 1 FROM user_list ${clause}`, values };
}

/**
 * UserListResponse (SPEC.md 4.1): paginated, searched on e-mail, username and names (a substring,
 * any letter case), filtered by role and active flag, in one of USER_SORTS.
 *
 * `total` is exact up to EXACT_TOTAL_CAP matches and on the last page; past that it is the
 * planner's estimate (never below what is certain) and `total_exact` is false, unless
 * `exactTotal` asks for the full count. See src/core/pagination.ts "Bounded totals".
 */
export async function listUsers(
  knex: Knex,
  filter: UserListFilter,
  page: PageRequest,
  options: UserListOptions = {},
): Promise<BoundedPage<UserListItem>> {
  const statement = listStatement(filter, page, options);
  // The page left-joined to its count: one row of nulls but `counted` when the page is empty.
  type Counted = { counted: string | null };
  const rows = await sql<Counted & (ListedUser | { [K in keyof ListedUser]: null })>(knex, statement.text, statement.values);
  const items = rows.filter((r): r is Counted & ListedUser => r.id !== null);
  const bounded: BoundedCount = {
    offset: statement.offset,
    limit: page.limit,
    returned: items.length,
    counted: rows[0]?.counted === null || rows[0]?.counted === undefined ? null : Number(rows[0].counted),
    cap: statement.cap,
  };
  let total = exactTotal(bounded);
  let exact = true;
  if (total === null) {
    const estimate = estimateStatement(filter);
    total = estimatedTotal(bounded, await estimatedRows(knex, estimate));
    exact = false;
  }
  return { items: items.map(toUserItem), total, page: page.page, limit: page.limit, total_exact: exact };
}

/** Autocomplete: the first matches by prefix of e-mail or username (the search index narrows them). */
export async function searchUsers(knex: Knex, term: string, limit: number) {
  const escaped = escapeLike(term);
  return sql<Pick<UserListRow, 'id' | 'email' | 'username' | 'role'>>(
    knex,
    `SELECT id, email, username, role FROM user_list
    WHERE ${USER_SEARCH_TEXT} LIKE lower($1) AND (email ILIKE $2 OR username ILIKE $2)
    ORDER BY username LIMIT $3`,
    [`%${escaped}%`, `${escaped}%`, limit],
  );
}
