import type { Knex } from 'knex';

/**
 * Platform operations I (docs/platform-operations.md "Code quality", "Test runs"):
 *   - code_quality_fingerprints: the write side's registry of violation ids by fingerprint (a
 *     violation found again is the same one); not a read model, nothing rebuilds it;
 *   - code_quality_scans and code_quality_violations: read models of the scan and violation
 *     streams (projections/code-quality);
 *   - test_runs, test_results and test_collections: read models of the test-run streams
 *     (projections/test-runs).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE code_quality_scan_id_seq');
  await knex.raw('CREATE SEQUENCE violation_id_seq');
  await knex.raw('CREATE SEQUENCE test_run_id_seq');
  await knex.raw(`CREATE TABLE code_quality_fingerprints (
    fingerprint   text PRIMARY KEY,
    violation_id  integer NOT NULL UNIQUE
  )`);
  await knex.raw(`CREATE TABLE code_quality_scans (
    id                integer PRIMARY KEY,
    status            text NOT NULL,
    requested_by      text,
    progress_message  text,
    error_message     text,
    files             integer,
    found             integer,
    new_violations    integer,
    fixed             integer,
    new_errors        integer,
    by_severity       jsonb,
    created_at        timestamptz NOT NULL,
    started_at        timestamptz,
    completed_at      timestamptz,
    updated_at        timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX code_quality_scans_status ON code_quality_scans (status, id)');
  await knex.raw(`CREATE TABLE code_quality_violations (
    id              integer PRIMARY KEY,
    fingerprint     text NOT NULL,
    rule_id         text NOT NULL,
    severity        text NOT NULL,
    description     text NOT NULL,
    message         text NOT NULL,
    file_path       text NOT NULL,
    line            integer,
    target          text,
    status          text NOT NULL,
    present         boolean NOT NULL,
    assignee        text,
    priority        text,
    due_date        date,
    resolution      text,
    comments        jsonb NOT NULL,
    first_found_scan  integer NOT NULL,
    last_found_scan   integer NOT NULL,
    fixed_by_scan     integer,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX code_quality_violations_list ON code_quality_violations (severity, status, id)');
  await knex.raw("CREATE INDEX code_quality_violations_due ON code_quality_violations (due_date) WHERE status = 'assigned'");
  await knex.raw(`CREATE TABLE test_runs (
    id             integer PRIMARY KEY,
    kind           text NOT NULL,
    status         text NOT NULL,
    category       text,
    collection     text,
    requested_by   text,
    progress_message text,
    total          integer,
    passed         integer NOT NULL DEFAULT 0,
    failed         integer NOT NULL DEFAULT 0,
    pending        integer NOT NULL DEFAULT 0,
    pass_rate      double precision,
    duration_ms    integer,
    error_message  text,
    created_at     timestamptz NOT NULL,
    started_at     timestamptz,
    completed_at   timestamptz,
    updated_at     timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX test_runs_status ON test_runs (status, id)');
  await knex.raw(`CREATE TABLE test_results (
    run_id         integer NOT NULL,
    seq            integer NOT NULL,
    collection     text NOT NULL,
    file           text,
    title          text NOT NULL,
    status         text NOT NULL,
    duration_ms    integer,
    failure_message text,
    PRIMARY KEY (run_id, seq)
  )`);
  await knex.raw('CREATE INDEX test_results_title ON test_results (title, run_id)');
  await knex.raw(`CREATE TABLE test_collections (
    name           text PRIMARY KEY,
    category       text NOT NULL,
    files          integer NOT NULL,
    tests          integer NOT NULL,
    collected_by_run integer NOT NULL,
    collected_at   timestamptz NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'test_collections',
    'test_results',
    'test_runs',
    'code_quality_violations',
    'code_quality_scans',
    'code_quality_fingerprints',
  ]) {
    await knex.raw(`DROP TABLE IF EXISTS ${t}`);
  }
  for (const s of ['test_run_id_seq', 'violation_id_seq', 'code_quality_scan_id_seq']) await knex.raw(`DROP SEQUENCE IF EXISTS ${s}`);
}
