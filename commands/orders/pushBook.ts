/**
 * The extmarket's answers to an order's decisions, by push key, kept in buckets by the key's
 * first character (the keys are event ids: 16 buckets of hex digits, the way a file store
 * shards by prefix, and an auditor reads `pushes.d.d5aaf11a-…` as such). Recording an answer copies one bucket and the bucket index, not every answer so far:
 * an order whose tracking number changed a thousand times has a thousand pushes, and copying
 * them all on each of them made folding its stream grow with their square (an auditor's view of
 * such an order spent most of its time there). States stay immutable, so every step of a replay
 * keeps the book as it was then.
 */
/** What the extmarket last answered to one push: a success is final, a failure is retried with the next attempt. */
export interface PushState {
  status: 'succeeded' | 'failed';
  attempt: number;
}

export type PushBook = Readonly<Record<string, Readonly<Record<string, PushState>>>>;

const bucketOf = (key: string): string => key.charAt(0);

export const NO_PUSHES: PushBook = {};

export const pushOf = (book: PushBook, key: string): PushState | undefined => book[bucketOf(key)]?.[key];

export function withPush(book: PushBook, key: string, push: PushState): PushBook {
  const bucket = bucketOf(key);
  return { ...book, [bucket]: { ...book[bucket], [key]: push } };
}
