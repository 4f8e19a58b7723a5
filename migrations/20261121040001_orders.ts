import type { Knex } from 'knex';

/**
 * Orders read models: orders, their items, shipments, order item exceptions (SPEC.md
 * part 2 names the table order_item_exceptions) and the outbox of decisions the extmarket must
 * hear about. Money in *_cents (SPEC.md part 2 "Conventions"). One statement per raw call (PGlite).
 */
export async function up(knex: Knex): Promise<void> {
  for (const seq of ['order_id_seq', 'order_item_id_seq', 'order_item_exception_id_seq']) await knex.raw(`CREATE SEQUENCE ${seq}`);

  // projections/orders/orderList.ts
  await knex.raw(`CREATE TABLE order_list (
    id                      integer PRIMARY KEY,
    vendor_id               integer NOT NULL,
    channel                 text NOT NULL,
    status                  text NOT NULL,
    order_number            text NOT NULL,
    external_order_id       text,
    external_shipment_id    text,
    order_date              timestamptz NOT NULL,
    customer_first_name     text,
    customer_last_name      text,
    customer_email          text,
    customer_locale         text,
    shipping_country_iso    text,
    billing_country_iso     text,
    shipping_address        jsonb NOT NULL,
    billing_address         jsonb NOT NULL,
    currency                text NOT NULL,
    vat_regime              text NOT NULL,
    vat_rate                numeric(5,2) NOT NULL,
    vat_country_iso         text,
    seller_country_iso      text NOT NULL,
    buyer_vat_number        text,
    vat_exemption_reference text,
    net_cents               bigint NOT NULL,
    vat_cents               bigint NOT NULL,
    gross_cents             bigint NOT NULL,
    item_count              integer NOT NULL,
    open_exception_count    integer NOT NULL DEFAULT 0,
    tracking_number         text,
    carrier                 text,
    sync_job_id             integer,
    imported_at             timestamptz NOT NULL,
    updated_at              timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX order_list_external ON order_list (vendor_id, external_order_id)');
  await knex.raw('CREATE INDEX order_list_vendor ON order_list (vendor_id, status, order_date DESC)');
  await knex.raw('CREATE INDEX order_list_date ON order_list (order_date DESC, id DESC)');

  // projections/orders/orderDetail.ts
  await knex.raw(`CREATE TABLE order_items (
    id                  integer PRIMARY KEY,
    order_id            integer NOT NULL,
    vendor_id           integer NOT NULL,
    status              text NOT NULL,
    product_id          integer NOT NULL,
    needs_product_match boolean NOT NULL,
    product_name        text NOT NULL,
    ean                 text,
    mpn                 text,
    sku                 text,
    quantity            integer NOT NULL,
    shipped_quantity    integer NOT NULL DEFAULT 0,
    unit_price_cents    bigint NOT NULL,
    external_item_id    text,
    inventory_unit_ids  jsonb NOT NULL,
    is_digital          boolean NOT NULL,
    updated_at          timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX order_items_order ON order_items (order_id, id)');

  // projections/orders/shipmentStatus.ts: one row per shipment of units of an item.
  await knex.raw(`CREATE TABLE order_shipments (
    order_id         integer NOT NULL,
    item_id          integer NOT NULL,
    vendor_id        integer NOT NULL,
    quantity         integer NOT NULL,
    shipped_quantity integer NOT NULL,
    shipped_at       timestamptz NOT NULL,
    PRIMARY KEY (order_id, item_id, shipped_quantity)
  )`);

  // projections/orders/orderItemExceptions.ts
  await knex.raw(`CREATE TABLE order_item_exceptions (
    id                     integer PRIMARY KEY,
    vendor_id              integer NOT NULL,
    order_id               integer NOT NULL,
    item_id                integer NOT NULL,
    status                 text NOT NULL,
    gtin                   text,
    gtin14                 text,
    sku                    text,
    mpn                    text,
    product_name           text NOT NULL,
    placeholder_product_id integer NOT NULL,
    resolved_product_id    integer,
    resolution             text,
    resolved_by            text,
    resolved_at            timestamptz,
    created_at             timestamptz NOT NULL,
    updated_at             timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX order_item_exceptions_vendor ON order_item_exceptions (vendor_id, status, id)');
  await knex.raw("CREATE INDEX order_item_exceptions_gtin ON order_item_exceptions (vendor_id, gtin14) WHERE status = 'pending'");

  // projections/orders/extmarketPushes.ts: decisions the extmarket must hear about, and how that went.
  await knex.raw(`CREATE TABLE extmarket_pushes (
    key                  text PRIMARY KEY,
    order_id             integer NOT NULL,
    vendor_id            integer NOT NULL,
    operation            text NOT NULL,
    item_id              integer,
    inventory_unit_ids   jsonb NOT NULL,
    external_shipment_id text,
    tracking_number      text,
    carrier              text,
    status               text NOT NULL,
    attempts             integer NOT NULL DEFAULT 0,
    last_error           text,
    retry_at             timestamptz,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX extmarket_pushes_due ON extmarket_pushes (status, retry_at)');
  await knex.raw('CREATE INDEX extmarket_pushes_order ON extmarket_pushes (order_id)');

  // src/processes/recordInventoryTransactionOnItemShipped.ts: shipments whose stock could not move.
  await knex.raw(`CREATE TABLE order_stock_issues (
    event_id   uuid PRIMARY KEY,
    order_id   integer NOT NULL,
    item_id    integer NOT NULL,
    vendor_id  integer NOT NULL,
    product_id integer NOT NULL,
    quantity   integer NOT NULL,
    error      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw('CREATE INDEX order_stock_issues_order ON order_stock_issues (order_id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['order_stock_issues', 'extmarket_pushes', 'order_item_exceptions', 'order_shipments', 'order_items', 'order_list'])
    await knex.raw(`DROP TABLE ${t}`);
  for (const seq of ['order_item_exception_id_seq', 'order_item_id_seq', 'order_id_seq']) await knex.raw(`DROP SEQUENCE ${seq}`);
}
