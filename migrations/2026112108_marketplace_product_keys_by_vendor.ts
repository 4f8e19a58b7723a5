import type { Knex } from 'knex';

/**
 * Marketplace product keys carry the importing vendor (commands/marketplace-imports/rowMapping.ts
 * productKey): `vendor:<id>:gtin:<14 digits>` / `vendor:<id>:sku:<marketplace>:<sku>`. Before,
 * a key was the GTIN (or marketplace + SKU) alone, platform-wide, so one vendor's import took over
 * the marketplace products another vendor had imported. A marketplace product now belongs to the
 * vendor whose import brought it.
 *
 * The registry's unscoped keys are given to that vendor: the vendor of the first import job whose
 * accepted rows carry the product id (events in the feed's store; with EventStoreDB the events
 * table is empty and the catalogue row's vendor_id, its last importer, stands in). So a vendor's
 * re-import keeps updating the product its earlier import created, and another vendor's import of
 * the same GTIN creates that vendor's own product. A key with neither (an id handed out to a
 * batch that was never recorded) is dropped: the next import meeting it takes a new id.
 *
 * The events are not rewritten (history stays as it happened) and neither is the catalogue read
 * model: a product an import of another vendor took over before this migration shows that
 * import's values until its own vendor imports it again. A rebuild gives the same rows as before.
 *
 * Also an index for the admin list filtered by vendor (queries/catalogue/listMarketplaceProducts.ts).
 * One statement per raw call (PGlite).
 */
const SCOPED = "key LIKE 'vendor:%'";

export async function up(knex: Knex): Promise<void> {
  const legacy = await knex.raw<{ rows: { found: boolean }[] }>(
    `SELECT EXISTS (SELECT 1 FROM marketplace_product_keys WHERE NOT ${SCOPED}) AS found`,
  );
  if (legacy.rows[0].found) {
    await knex.raw(`UPDATE marketplace_product_keys k
         SET key = 'vendor:' || o.vendor_id || ':' || k.key
        FROM (SELECT DISTINCT ON (product_id) product_id, vendor_id
                FROM (SELECT (r->>'product_id')::int AS product_id, (e.data->>'vendor_id')::int AS vendor_id, 0 AS source, e.position
                        FROM events e CROSS JOIN LATERAL jsonb_array_elements(e.data->'rows') r
                       WHERE e.type = 'MarketplaceImportRowsAccepted'
                      UNION ALL
                      SELECT id, vendor_id, 1, 0 FROM marketplace_product_list WHERE vendor_id IS NOT NULL) c
               ORDER BY product_id, source, position) o
       WHERE o.product_id = k.product_id AND NOT k.${SCOPED}
         AND NOT EXISTS (SELECT 1 FROM marketplace_product_keys s WHERE s.key = 'vendor:' || o.vendor_id || ':' || k.key)`);
    await knex.raw(`DELETE FROM marketplace_product_keys WHERE NOT ${SCOPED}`);
  }
  await knex.raw('CREATE INDEX IF NOT EXISTS marketplace_product_list_vendor ON marketplace_product_list (vendor_id, id)');
}

/** Back to unscoped keys; where vendors share a key, the lowest product id keeps it. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS marketplace_product_list_vendor');
  const bare = (k: string) => `regexp_replace(${k}, '^vendor:[0-9]+:', '')`;
  await knex.raw(`DELETE FROM marketplace_product_keys k WHERE k.${SCOPED}
     AND EXISTS (SELECT 1 FROM marketplace_product_keys o WHERE o.${SCOPED} AND ${bare('o.key')} = ${bare('k.key')} AND o.product_id < k.product_id)`);
  await knex.raw(`UPDATE marketplace_product_keys SET key = ${bare('key')} WHERE ${SCOPED}`);
}
