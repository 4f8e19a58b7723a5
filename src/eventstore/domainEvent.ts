/**
 * A stored event as the domain event its type names. A consumer is handed only the types it
 * subscribed to (its `eventTypes`, the union it names here), and the store keeps an event's data
 * as JSON, so the data's static type is given back here, in one place, instead of a cast in every
 * projector and process manager.
 */
export function domainEvent<E extends { type: string; data: unknown }>(stored: { type: string; data: unknown }): E {
  return stored as unknown as E;
}
