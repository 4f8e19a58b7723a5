import type { Knex } from 'knex';

/**
 * Platform operations (docs/platform-operations.md):
 *   - platform_module_states (projections/platform-modules/platformModuleStates.ts): per platform,
 *     the modules its stream mentions; a module without a row has the installation's default (on);
 *   - application_logs: the service's log lines of every instance, kept for the admins, bounded
 *     by age and row count (the app-logs retention task); written in batches by each instance;
 *   - metric_windows: each instance's request counts and latency histogram per API area and
 *     minute, added up on write; platform health sums the instances;
 *   - platform_instances: each instance's last report (memory, CPU, when it was last seen);
 *   - feed_heads: the event feed's head position seen each minute (events per minute, without
 *     counting the events table).
 * The last three are bookkeeping of the running service, not read models: nothing rebuilds them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE platform_module_states (
    key          text PRIMARY KEY,
    platform     text NOT NULL,
    module       text NOT NULL,
    is_on        boolean NOT NULL,
    enabled_by   text,
    required_by  text,
    reason       text,
    changed_at   timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX platform_module_states_platform ON platform_module_states (platform, module)');

  await knex.raw(`CREATE TABLE application_logs (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at        timestamptz NOT NULL,
    level     smallint NOT NULL,
    instance  text NOT NULL,
    msg       text NOT NULL,
    req_id    text,
    user_id   text,
    data      jsonb NOT NULL
  )`);
  await knex.raw('CREATE INDEX application_logs_at ON application_logs (at DESC, id DESC)');
  await knex.raw('CREATE INDEX application_logs_level ON application_logs (level, at DESC, id DESC)');
  await knex.raw('CREATE INDEX application_logs_req ON application_logs (req_id) WHERE req_id IS NOT NULL');
  await knex.raw('CREATE INDEX application_logs_user ON application_logs (user_id, at DESC, id DESC) WHERE user_id IS NOT NULL');

  await knex.raw(`CREATE TABLE metric_windows (
    minute         timestamptz NOT NULL,
    api_area       text NOT NULL,
    instance       text NOT NULL,
    requests       integer NOT NULL,
    client_errors  integer NOT NULL,
    server_errors  integer NOT NULL,
    duration_ms    double precision NOT NULL,
    buckets        integer[] NOT NULL,
    PRIMARY KEY (minute, api_area, instance)
  )`);

  await knex.raw(`CREATE TABLE platform_instances (
    instance         text PRIMARY KEY,
    host             text NOT NULL,
    pid              integer NOT NULL,
    started_at       timestamptz NOT NULL,
    seen_at          timestamptz NOT NULL,
    rss_bytes        bigint NOT NULL,
    heap_used_bytes  bigint NOT NULL,
    cpu_percent      real NOT NULL
  )`);

  await knex.raw(`CREATE TABLE feed_heads (
    minute  timestamptz PRIMARY KEY,
    head    bigint NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['feed_heads', 'platform_instances', 'metric_windows', 'application_logs', 'platform_module_states']) {
    await knex.raw(`DROP TABLE IF EXISTS ${table}`);
  }
}
