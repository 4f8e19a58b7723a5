import { createHash, randomUUID } from 'node:crypto';

export const newEventId = (): string => randomUUID();

/**
 * A name-based UUID (RFC 9562 version 5, SHA-1). Process managers derive the ids of the events
 * they cause from the triggering event id, so a re-run appends nothing new.
 */
export function deterministicId(...parts: string[]): string {
  const hash = createHash('sha1').update(parts.join('\u0000')).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Integer API ids come from PostgreSQL sequences (ARCHITECTURE.md "Storage"). */
export function sequenceName(aggregate: string): string {
  return `${aggregate.replace(/[^a-z_]/g, '_')}_id_seq`;
}
