/**
 * Text filters over LIKE and ILIKE. In a pattern, `\` escapes (PostgreSQL's default escape
 * character) and `%` and `_` are wildcards: a filter value carries none of that meaning, so every
 * pattern built from a client's text goes through here. A value ending in a lone `\` would
 * otherwise be a pattern PostgreSQL refuses, and `%` would match everything.
 */

/** `text` taken literally inside a pattern: `whereILike(column, escapeLike(text))` is a case-insensitive equality. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching any value that contains `text`. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
