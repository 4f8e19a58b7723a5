/**
 * One day's capacity measurement (SPEC.md part 2 CapacitySnapshot; docs/subscriptions.md
 * "Capacity planning"). Counts are taken from the read models when the snapshot is taken; a
 * figure that cannot be measured on this deployment is null.
 */
export interface CapacityMetrics {
  vendors: number;
  active_vendors: number;
  /** Subscription records per tier code and per status (every status, not only the live ones). */
  subscriptions_by_tier: Record<string, number>;
  subscriptions_by_status: Record<string, number>;
  /** Trialing, active or past due. */
  live_subscriptions: number;
  /** Vendor products, placeholders not counted. */
  products: number;
  orders_total: number;
  /** Orders (both channels) imported or placed in the 24 hours before the snapshot (service clock). */
  orders_last_24h: number;
  /** Events in the store; null on EventStoreDB (not in the database). */
  events_total: number | null;
  /** Events recorded in the 24 hours before the snapshot (the database's clock stamps them). */
  events_last_24h: number | null;
  media_files: number;
  /** Bytes of every stored image variant (the media read model's total_bytes). */
  media_bytes: number;
  /** pg_database_size of the service's database (PostgreSQL, or PGlite's own files). */
  database_bytes: number | null;
}
