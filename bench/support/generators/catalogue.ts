import { vendorProduct, type VendorProductCommand, type VendorProductState } from '../../../commands/catalogue/vendorProduct.ts';
import type { Translations, VendorProductEvent, VendorProductFields } from '../../../commands/catalogue/events.ts';
import type { History } from './history.ts';
import { between, pick } from './random.ts';
import { at, runScript, type Script, type Step } from './script.ts';
import { ean, LAST, MARKETPLACES, productText, THINGS, VENDORS } from './vocabulary.ts';

const TAX_RATES = [1700, 1700, 1700, 800, 300] as const;

/**
 * Vendor products: created by vendors (some copied from a marketplace product), then changed
 * over weeks: prices and sale prices most often, titles and translations, brand and image, taken
 * off sale and put back, and a few deleted.
 */
function vendorProductsScript(): Script<VendorProductState, VendorProductCommand, VendorProductEvent> {
  return {
    decider: vendorProduct,
    perTick: 120,
    vendorOf: (s) => (s.status === 'none' ? null : s.vendor_id),
    plan(id, tick, r) {
      const vendor = 1 + (id % VENDORS);
      const price = between(r, 199, 49_999);
      const gtin = r() < 0.85 ? ean(r) : null;
      const translations: Translations = { en: productText(r, 'en', id) };
      if (r() < 0.4) translations.fr = productText(r, 'fr', id);
      if (r() < 0.3) translations.de = productText(r, 'de', id);
      const created: VendorProductCommand = {
        type: 'CreateVendorProduct',
        data: {
          product_id: id,
          vendor_id: vendor,
          is_placeholder: false,
          source_marketplace_product_id: r() < 0.4 ? between(r, 1, 500_000) : null,
          vendor_sku: r() < 0.9 ? `V${vendor}-${id}` : null,
          gtin,
          gtin_type: gtin ? 'EAN13' : null,
          marketplace: r() < 0.6 ? pick(r, MARKETPLACES) : null,
          brand: r() < 0.8 ? pick(r, LAST) : null,
          image_link: r() < 0.7 ? `https://cdn.example.com/p/${vendor}/${id}.webp` : null,
          product_type_raw: r() < 0.5 ? `Home > ${pick(r, THINGS)}` : null,
          is_digital: r() < 0.03,
          translations,
          price_cents: price,
          sale_price_cents: r() < 0.2 ? Math.floor(price * 0.8) : null,
          cost_cents: r() < 0.6 ? Math.floor(price * 0.5) : null,
          tax_rate_bp: pick(r, TAX_RATES),
          currency: 'EUR',
          is_active: r() < 0.9,
          at: at(tick),
        },
      };
      const steps: Step<VendorProductState, VendorProductCommand>[] = [{ tick, make: () => created }];
      const changes = between(r, 0, 8);
      for (let c = 0; c < changes; c++) {
        const when = tick + between(r, 1, 60);
        const kind = r();
        const x = r();
        const change = (state: VendorProductState): Partial<VendorProductFields> | null => {
          if (state.status !== 'active' && state.status !== 'inactive') return null;
          if (kind < 0.45) {
            const next = Math.max(199, Math.round(state.price_cents * (0.85 + x * 0.3)));
            return { price_cents: next, sale_price_cents: x < 0.25 ? Math.floor(next * 0.9) : null };
          }
          if (kind < 0.55) return { cost_cents: Math.floor(state.price_cents * (0.3 + x * 0.4)) };
          if (kind < 0.8) {
            const language = pick(r, ['en', 'en', 'fr', 'de', 'lb'] as const);
            return { translations: { [language]: productText(r, language, id + c + 1) } };
          }
          if (kind < 0.88)
            return x < 0.5 ? { brand: pick(r, LAST) } : { image_link: `https://cdn.example.com/p/${vendor}/${id}-${c}.webp` };
          return { is_active: state.status !== 'active' };
        };
        steps.push({
          tick: when,
          make: (state) => {
            const changes = change(state);
            return changes
              ? { type: 'ChangeVendorProduct', data: { acting_vendor_id: x < 0.9 ? vendor : null, changes, at: at(when, 15) } }
              : null;
          },
        });
      }
      if (r() < 0.04) {
        const when = tick + 61;
        steps.push({
          tick: when,
          make: (state) =>
            state.status === 'active' || state.status === 'inactive'
              ? { type: 'DeleteVendorProduct', data: { acting_vendor_id: vendor, at: at(when) } }
              : null,
        });
      }
      return steps;
    },
  };
}

export const catalogueHistory: History = {
  name: 'vendor products',
  generate: (_store, knex, enough, log, scale) => runScript(knex, vendorProductsScript(), { enough, log, seed: 2, scale }),
};
