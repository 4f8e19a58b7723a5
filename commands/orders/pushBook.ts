/**
 * The extmarket's answers to an order's decisions, by push key, kept in 32 buckets by a hash of
 * the key. Recording an answer copies one bucket and the bucket index, not every answer so far:
 * an order whose tracking number changed a thousand times has a thousand pushes, and copying
 * them all on each of them made folding its stream grow with their square (an auditor's view of
 * such an order spent most of its time there). States stay immutable, so every step of a replay
 * keeps the book as it was then.
 */
/** What the extmarket last answered to one push: a success is final, a failure is retried with the next attempt. */
export interface PushState {
  key: string;
  status: 'succeeded' | 'failed';
  attempt: number;
}

export type PushBook = Readonly<Record<string, Readonly<Record<string, PushState>>>>;

const BUCKETS = 32;

function bucketOf(key: string): string {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return String((h >>> 0) % BUCKETS);
}

export const NO_PUSHES: PushBook = {};

export const pushOf = (book: PushBook, key: string): PushState | undefined => book[bucketOf(key)]?.[key];

export function withPush(book: PushBook, push: PushState): PushBook {
  const bucket = bucketOf(push.key);
  return { ...book, [bucket]: { ...book[bucket], [push.key]: push } };
}
