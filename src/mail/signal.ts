/**
 * The in-process wake-up of the mail delivery workers: a mail enqueued by this process is sent
 * at once instead of at the next poll. Mails enqueued by another process wait for the poll.
 */
const listeners = new Set<() => void>();

export function onMailEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function mailEnqueued(): void {
  for (const listener of listeners) listener();
}
