import { bucketGet, bucketSet, emptyBuckets, type BucketedMap } from '../../src/core/bucketedMap.ts';

/** What the extmarket last answered to one push: a success is final, a failure is retried with the next attempt. */
export interface PushState {
  status: 'succeeded' | 'failed';
  attempt: number;
}

/**
 * The extmarket's answers to an order's decisions, by push key (src/core/bucketedMap.ts): an order
 * whose tracking number changed a thousand times has a thousand pushes, and recording each must
 * not copy all the others. The buckets are the keys' first character (the keys are event ids: 16
 * buckets of hex digits, the way a file store shards by prefix, and an auditor reads
 * `pushes.d.d5aaf11a-…` as such).
 */
export type PushBook = BucketedMap<PushState>;

const bucketOf = (key: string): string => key.charAt(0);

export const NO_PUSHES: PushBook = emptyBuckets();

export const pushOf = (book: PushBook, key: string): PushState | undefined => bucketGet(book, bucketOf(key), key);

export const withPush = (book: PushBook, key: string, push: PushState): PushBook => bucketSet(book, bucketOf(key), key, push);
