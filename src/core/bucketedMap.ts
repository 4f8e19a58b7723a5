/**
 * An immutable map kept in buckets: setting or deleting a key copies its bucket and the bucket
 * index, not the whole map. For an aggregate's state that grows by a key per event (an order's
 * extmarket answers, a quota's holders): copying such a collection whole on every event made
 * folding the stream grow with the square of its length. Each state of a replay keeps the map as
 * it was then. The caller names the bucket of a key: a few dozen buckets keep both copies small.
 */
export type BucketedMap<V> = Readonly<Record<string, Readonly<Record<string, V>>>>;

export const emptyBuckets = <V>(): BucketedMap<V> => ({});

export const bucketGet = <V>(map: BucketedMap<V>, bucket: string, key: string): V | undefined =>
  Object.hasOwn(map, bucket) && Object.hasOwn(map[bucket]!, key) ? map[bucket]![key] : undefined;

export function bucketSet<V>(map: BucketedMap<V>, bucket: string, key: string, value: V): BucketedMap<V> {
  return { ...map, [bucket]: { ...map[bucket], [key]: value } };
}

export function bucketDelete<V>(map: BucketedMap<V>, bucket: string, key: string): BucketedMap<V> {
  if (bucketGet(map, bucket, key) === undefined) return map;
  const { [key]: _gone, ...rest } = map[bucket]!;
  return { ...map, [bucket]: rest };
}

/** A bucket for any string key: a small hash of it, modulo `buckets`. */
export function hashBucket(key: string, buckets: number): string {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return String((h >>> 0) % buckets);
}
