import {
  marketplaceImport,
  type MarketplaceImportCommand,
  type MarketplaceImportState,
} from '../../../commands/marketplace-imports/marketplaceImport.ts';
import type { Language } from '../../../commands/catalogue/events.ts';
import type { AcceptedRow, MarketplaceImportEvent, RejectedRow } from '../../../commands/marketplace-imports/events.ts';
import { productKey } from '../../../commands/marketplace-imports/rowMapping.ts';
import { withCheckDigit } from '../../../src/core/gtin.ts';
import type { History } from './history.ts';
import { between, pick } from './random.ts';
import { at, runScript, type Script, type Step } from './script.ts';
import { LAST, MARKETPLACES, productText, THINGS, VENDORS, vendorUser } from './vocabulary.ts';

/**
 * Marketplace CSV imports as the import worker writes them: Requested, Started, then one append
 * per 1,000 rows (the accepted rows, the rejected ones, the progress), then Completed, or Failed
 * part-way (1 in 20). Each marketplace feed is imported in English, then in German: the second
 * import updates the same products (same keys, same ids) and adds their German texts.
 */
function marketplaceImportsScript(rowsPerJob: number): Script<MarketplaceImportState, MarketplaceImportCommand, MarketplaceImportEvent> {
  const BATCH = 1000;
  return {
    decider: marketplaceImport,
    perTick: 0.25,
    vendorOf: (s) => (s.status === 'none' ? null : s.vendor_id),
    plan(id, tick, r) {
      const feed = Math.floor((id - 1) / 2);
      const language: Language = id % 2 === 1 ? 'en' : 'de';
      const marketplace = MARKETPLACES[feed % MARKETPLACES.length];
      const vendor = 1 + (feed % VENDORS);
      const fails = r() < 0.05 ? between(r, 1, Math.ceil(rowsPerJob / BATCH)) : 0;
      const steps: Step<MarketplaceImportState, MarketplaceImportCommand>[] = [
        {
          tick,
          make: () => ({
            type: 'RequestMarketplaceImport',
            data: {
              job_id: id,
              vendor_id: vendor,
              language,
              marketplace,
              delimiter: null,
              source: { kind: 'url', url: `https://feeds.example.com/${marketplace}/${feed}.csv` },
              requested_by: vendorUser(vendor),
              created_by_name: `Vendor ${vendor}`,
              at: at(tick),
            },
          }),
        },
        { tick: tick + 1, make: () => ({ type: 'StartMarketplaceImport', data: { at: at(tick + 1) } }) },
      ];
      const batches = Math.ceil(rowsPerJob / BATCH);
      const bytesTotal = rowsPerJob * 420;
      for (let b = 0; b < batches; b++) {
        const when = tick + 2 + b;
        if (fails && b === fails) {
          steps.push({
            tick: when,
            make: () => ({
              type: 'FailMarketplaceImport',
              data: { error_code: 'parse_error', error: `Row ${b * BATCH + 2}: unterminated quoted field`, at: at(when) },
            }),
          });
          return steps;
        }
        steps.push({
          tick: when,
          make: () => {
            const accepted: AcceptedRow[] = [];
            const rejected: RejectedRow[] = [];
            for (let k = 0; k < BATCH && b * BATCH + k < rowsPerJob; k++) {
              const index = feed * rowsPerJob + b * BATCH + k;
              const row = b * BATCH + k + 2;
              if (r() < 0.015) {
                rejected.push({
                  row,
                  identifier: null,
                  error_type: 'missing_identifier',
                  message: 'The row has neither a GTIN nor a SKU',
                  row_data: { title: `Item ${index}` },
                });
                continue;
              }
              const gtin = withCheckDigit(`41${String(index).padStart(10, '0')}`);
              const price = 199 + ((index * 7919) % 49_800);
              const text = productText(r, language, index);
              accepted.push({
                row,
                product_id: index + 1,
                key: productKey(vendor, gtin, marketplace, null),
                gtin,
                gtin_type: 'EAN13',
                sku: `${marketplace.slice(0, 3).toUpperCase()}-${index}`,
                brand: pick(r, LAST),
                image_link: `https://images.example.com/${marketplace}/${index}.jpg`,
                price_cents: price,
                sale_price_cents: index % 5 === 0 ? Math.floor(price * 0.9) : null,
                currency: 'EUR',
                product_type_raw: `Home > ${pick(r, THINGS)}`,
                marketplace,
                vendor_name: `Vendor ${vendor}`,
                title: text.title,
                description: text.description,
                short_description: text.short_description,
              });
            }
            return {
              type: 'RecordImportBatch',
              data: {
                accepted,
                rejected,
                new_products: language === 'en' ? accepted.length : 0,
                bytes_read: Math.min(bytesTotal, (b + 1) * BATCH * 420),
                bytes_total: bytesTotal,
                at: at(when),
              },
            };
          },
        });
      }
      steps.push({ tick: tick + 2 + batches, make: () => ({ type: 'CompleteMarketplaceImport', data: { at: at(tick + 2 + batches) } }) });
      return steps;
    },
  };
}

export const marketplaceHistory: History = {
  name: 'marketplace imports',
  generate: (_store, knex, enough, log, scale) =>
    runScript(knex, marketplaceImportsScript(20_000), { enough, log, seed: 3, writers: 2, scale }),
};
