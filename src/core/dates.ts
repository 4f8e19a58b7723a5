/**
 * Timestamps as the API writes them: ISO 8601 text in UTC. A read model's timestamp column
 * arrives as a Date from pg, as text from PGlite or a JSON body: both give the same text.
 */

/** A timestamp as ISO 8601 text; null and undefined stay null (a column that may be empty). */
export const iso = (v: unknown): string | null => (v == null ? null : isoTime(v));

/** A timestamp that is always there (created_at, updated_at) as ISO 8601 text. */
export const isoTime = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
