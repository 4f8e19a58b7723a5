import type { Knex } from 'knex';

/**
 * Shop customers (commands/customers): their ids and their addresses' ids, the customer list of
 * vendors and admins with the saved addresses and order statistics (projections/customers/
 * customerList.ts), and the open sessions the customer guard reads (customerSessions.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE customer_id_seq');
  await knex.raw('CREATE SEQUENCE customer_address_id_seq');
  await knex.raw(`CREATE TABLE customer_list (
    id                 integer PRIMARY KEY,
    vendor_id          integer NOT NULL,
    email              text NOT NULL,
    first_name         text,
    last_name          text,
    preferred_language text,
    preferences        jsonb NOT NULL DEFAULT '{}',
    addresses          jsonb NOT NULL DEFAULT '[]',
    order_count        integer NOT NULL DEFAULT 0,
    total_spent_cents  bigint NOT NULL DEFAULT 0,
    last_order_at      timestamptz,
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL
  )`);
  // One customer per (vendor, e-mail): the reservation streams decide it, the index states it.
  await knex.raw('CREATE UNIQUE INDEX customer_list_vendor_email ON customer_list (vendor_id, email)');
  // The documented sorts of the vendor list (per vendor) and of the admin list (across vendors).
  for (const column of ['created_at', 'last_name', 'order_count', 'total_spent_cents', 'last_order_at']) {
    await knex.raw(`CREATE INDEX customer_list_vendor_${column} ON customer_list (vendor_id, ${column}, id)`);
    await knex.raw(`CREATE INDEX customer_list_${column} ON customer_list (${column}, id)`);
  }
  await knex.raw('CREATE INDEX customer_list_email ON customer_list (email, id)');
  await knex.raw(`CREATE TABLE customer_sessions (
    session_id  text PRIMARY KEY,
    customer_id integer NOT NULL,
    vendor_id   integer NOT NULL,
    started_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE customer_sessions');
  await knex.raw('DROP TABLE customer_list');
  await knex.raw('DROP SEQUENCE customer_address_id_seq');
  await knex.raw('DROP SEQUENCE customer_id_seq');
}
