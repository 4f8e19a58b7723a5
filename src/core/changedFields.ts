/**
 * What a change command really changes: the fields of `proposed` (all it gives, or only `keys`)
 * that are set and differ from `current`. A decider records these in its event, and appends no
 * event when there are none, so a repeated or empty change leaves the history as it was.
 */
export function changedFields<T extends object>(
  current: T,
  proposed: Partial<T>,
  same: (a: unknown, b: unknown) => boolean = (a, b) => a === b,
  // Object.keys names the keys as text; a change command's keys are the record's own fields.
  keys: readonly (keyof T)[] = Object.keys(proposed) as (keyof T)[],
): Partial<T> {
  const changes: Partial<T> = {};
  for (const k of keys) {
    const v = proposed[k];
    if (v !== undefined && !same(current[k], v)) changes[k] = v;
  }
  return changes;
}

/** Equal as stored: the same JSON (for values that are objects or lists, such as translations or limits). */
export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
