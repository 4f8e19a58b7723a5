import { order, type OrderCommand, type OrderState } from '../../../commands/orders/orderDecider.ts';
import type {
  DecisionSource,
  ExtmarketOperation,
  ImportedItem,
  ImportedOrder,
  OrderAddress,
  OrderEvent,
  OrderVat,
} from '../../../commands/orders/events.ts';
import type { History } from './history.ts';
import { between, pick, type Rng } from './random.ts';
import { at, runScript, type Script, type Step } from './script.ts';
import { ean, LANGS, LAST, person, THINGS, VENDORS, vendorUser, WORDS } from './vocabulary.ts';

const placeholderProduct = (vendor: number) => 1_000_000 + vendor;
const CARRIERS = ['DHL', 'UPS', 'Post Luxembourg', 'DPD', 'GLS', null] as const;
/** [country, VAT rate] of the buyers; the sellers are in Luxembourg. */
const BUYERS = [
  ['LU', 17],
  ['LU', 17],
  ['FR', 20],
  ['DE', 19],
  ['BE', 21],
  ['NL', 21],
  ['AT', 20],
  ['IT', 22],
] as const;

function orderVat(r: Rng, gross: number, country: string, rate: number): OrderVat {
  if (country !== 'LU' && r() < 0.06) {
    return {
      vat_regime: 'reverse_charge',
      vat_rate: 0,
      vat_country_iso: null,
      seller_country_iso: 'LU',
      buyer_vat_number: `${country}${between(r, 100_000_000, 999_999_999)}`,
      vat_exemption_reference: 'Reverse charge: Article 196 of Council Directive 2006/112/EC',
      net_cents: gross,
      vat_cents: 0,
      gross_cents: gross,
    };
  }
  const net = Math.round((gross * 100) / (100 + rate));
  return {
    vat_regime: country === 'LU' ? 'domestic' : 'oss',
    vat_rate: rate,
    vat_country_iso: country,
    seller_country_iso: 'LU',
    buyer_vat_number: null,
    vat_exemption_reference: null,
    net_cents: net,
    vat_cents: gross - net,
    gross_cents: gross,
  };
}

/**
 * Orders of extmarket vendors. Most are live orders: imported by the sync (1 in 8 items matches
 * no product and raises an exception, resolved or ignored a few minutes later), confirmed whole or
 * item by item (some items declined, a few orders rejected), shipped in up to three parcels,
 * tracked (sometimes corrected), and every decision of ours pushed to the extmarket (some pushes
 * fail and are retried). A share are the historical import of a vendor that joins: every item
 * unmatched until its catalogue is imported (resolved by the import, by hand, or ignored), the
 * decisions reported by the extmarket itself.
 */
function ordersScript(historicalShare: number): Script<OrderState, OrderCommand, OrderEvent> {
  let nextItem = 1;
  let nextException = 1;
  let nextProduct = 500_000;
  return {
    decider: order,
    perTick: 150,
    vendorOf: (s) => (s.status === 'none' ? null : s.vendor_id),
    plan(id, tick, r) {
      const vendor = 1 + (id % VENDORS);
      const historical = r() < historicalShare;
      const p = person(id);
      const [country, rate] = pick(r, BUYERS);
      const ext = `EXT-${vendor}-${id}`;
      const items: ImportedItem[] = Array.from({ length: between(r, 1, 3) }, (_, n) => {
        const quantity = 1 + Math.floor(r() * r() * 5);
        const unmatched = historical || r() < 1 / 8;
        const units = Array.from({ length: quantity }, (_, k) => `${ext}-${n}-${k}`);
        return {
          item_id: nextItem++,
          external_item_id: units[0],
          inventory_unit_ids: units,
          product_id: unmatched ? placeholderProduct(vendor) : between(r, 1, 200_000),
          needs_product_match: unmatched,
          product_name: `${pick(r, WORDS)} ${pick(r, THINGS)} ${between(r, 1, 999)}`,
          ean: ean(r),
          mpn: r() < 0.5 ? `MPN-${between(r, 1000, 99999)}` : null,
          sku: `SKU-${vendor}-${between(r, 1, 20_000)}`,
          quantity,
          unit_price_cents: between(r, 199, 19_999),
          is_digital: r() < 0.03,
        };
      });
      const address: OrderAddress = {
        first_name: p.first,
        last_name: p.last,
        company: r() < 0.1 ? `${p.last} SARL` : null,
        street: `${between(r, 1, 200)} rue ${pick(r, LAST)}`,
        street_2: r() < 0.2 ? `apt ${between(r, 1, 40)}` : null,
        postal_code: String(between(r, 1000, 9999)),
        city: pick(r, ['Luxembourg', 'Esch', 'Metz', 'Trier', 'Arlon', 'Lyon']),
        country_iso: country,
      };
      const gross = items.reduce((sum, i) => sum + i.quantity * i.unit_price_cents, 0);
      const imported: ImportedOrder = {
        order_id: id,
        vendor_id: vendor,
        channel: 'extmarket',
        external_order_id: ext,
        external_shipment_id: `SHP-${ext}`,
        order_number: `${vendor}-${100_000 + id}`,
        order_date: at(tick - (historical ? between(r, 1_000, 400_000) : between(r, 1, 30))),
        customer_first_name: p.first,
        customer_last_name: p.last,
        customer_email: p.email,
        customer_locale: pick(r, LANGS),
        shipping_country_iso: country,
        billing_country_iso: country,
        shipping_address: address,
        billing_address: r() < 0.9 ? address : { ...address, street: `${between(r, 1, 200)} avenue ${pick(r, LAST)}` },
        currency: 'EUR',
        items,
        vat: orderVat(r, gross, country, rate),
        sync_job_id: historical ? 100_000 + vendor : between(r, 1, 5_000),
      };
      const unmatched = items
        .filter((i) => i.needs_product_match)
        .map((i) => ({ exception_id: nextException++, item_id: i.item_id, placeholder_product_id: placeholderProduct(vendor) }));
      const steps: Step<OrderState, OrderCommand>[] = [
        { tick, make: () => ({ type: 'ImportOrder', data: { order: imported, unmatched, at: at(tick) } }) },
      ];
      // Exceptions: the catalogue import brings the product (its GTIN matches), or the vendor matches by hand or leaves it.
      for (const x of unmatched) {
        const when = historical ? tick + between(r, 3, 15) : tick + between(r, 1, 3);
        const item = items.find((i) => i.item_id === x.item_id)!;
        const how = r();
        steps.push({
          tick: when,
          make: () =>
            how < 0.1
              ? {
                  type: 'IgnoreOrderItemException',
                  data: { vendor_id: vendor, exception_id: x.exception_id, by: vendorUser(vendor), at: at(when, 5) },
                }
              : {
                  type: 'ResolveOrderItemException',
                  data: {
                    vendor_id: vendor,
                    exception_id: x.exception_id,
                    product_id: nextProduct++,
                    product_gtin: how < 0.8 ? item.ean : null,
                    resolution: how < 0.8 ? 'product_imported' : 'manual',
                    by: how < 0.8 ? null : vendorUser(vendor),
                    at: at(when, 5),
                  },
                },
        });
      }
      if (historical) {
        // The extmarket reports what the vendor decided there, item by item; shipping happened there too.
        for (const i of items) {
          const confirm = r() < 0.95;
          steps.push({
            tick: tick + 1,
            make: () => ({
              type: confirm ? 'ConfirmOrderItem' : 'DeclineOrderItem',
              data: { vendor_id: vendor, item_id: i.item_id, source: 'extmarket', at: at(tick + 1) },
            }),
          });
        }
        return steps;
      }
      const source = (): DecisionSource => {
        const x = r();
        return x < 0.75 ? 'vendor' : x < 0.95 ? 'extmarket' : 'admin';
      };
      const decided = tick + 4;
      let confirmed: ImportedItem[];
      const mode = r();
      if (mode < 0.03) {
        const s = source();
        steps.push({ tick: decided, make: () => ({ type: 'RejectOrder', data: { vendor_id: vendor, source: s, at: at(decided, 10) } }) });
        confirmed = [];
      } else if (mode < 0.5) {
        const s = source();
        steps.push({ tick: decided, make: () => ({ type: 'ConfirmOrder', data: { vendor_id: vendor, source: s, at: at(decided, 10) } }) });
        confirmed = items;
      } else {
        confirmed = [];
        items.forEach((i, n) => {
          const yes = r() < 0.92;
          if (yes) confirmed.push(i);
          const s = source();
          steps.push({
            tick: decided + n,
            make: () => ({
              type: yes ? 'ConfirmOrderItem' : 'DeclineOrderItem',
              data: { vendor_id: vendor, item_id: i.item_id, source: s, at: at(decided + n, 20) },
            }),
          });
        });
      }
      if (confirmed.length === 0) return steps;
      const shipped = tick + between(r, 8, 12);
      for (const i of confirmed) {
        // Units ship in one parcel, or (when several) in up to three as they come in.
        const parts = i.quantity >= 2 && r() < 0.6 ? between(r, 2, Math.min(3, i.quantity)) : 1;
        let left = i.quantity;
        for (let part = 0, when = shipped; part < parts; part++, when += between(r, 2, 6)) {
          const quantity = part === parts - 1 ? left : between(r, 1, left - (parts - part - 1));
          left -= quantity;
          const tick = when;
          steps.push({
            tick,
            make: () => ({ type: 'ShipItem', data: { vendor_id: vendor, item_id: i.item_id, quantity, at: at(tick, 30) } }),
          });
        }
      }
      if (r() < 0.9) {
        const carrier = pick(r, CARRIERS);
        steps.push({
          tick: shipped,
          make: () => ({
            type: 'SetTracking',
            data: { vendor_id: vendor, tracking_number: `1Z${id}${between(r, 1000, 9999)}`, carrier, at: at(shipped, 40) },
          }),
        });
        if (r() < 0.08) {
          steps.push({
            tick: shipped + 3,
            make: () => ({
              type: 'SetTracking',
              data: { vendor_id: vendor, tracking_number: `1Z${id}C${between(r, 1000, 9999)}`, carrier, at: at(shipped + 3, 40) },
            }),
          });
        }
      }
      return steps;
    },
    react(appended, tick, r) {
      const steps: Step<OrderState, OrderCommand>[] = [];
      for (const e of appended) {
        const d = e.data;
        const decision =
          (e.type === 'OrderItemConfirmed' || e.type === 'OrderItemDeclined') && d.channel === 'extmarket' && d.source !== 'extmarket';
        const tracking = e.type === 'OrderTrackingSet' && d.channel === 'extmarket';
        if (!decision && !tracking) continue;
        const base = {
          vendor_id: d.vendor_id,
          key: e.id,
          operation: (decision
            ? e.type === 'OrderItemConfirmed'
              ? 'confirm_item'
              : 'decline_item'
            : 'set_tracking') as ExtmarketOperation,
          item_id: decision ? d.item_id : null,
          inventory_unit_ids: decision ? d.inventory_unit_ids : [],
          external_shipment_id: tracking ? d.external_shipment_id : null,
          tracking_number: tracking ? d.tracking_number : null,
          carrier: tracking ? d.carrier : null,
        };
        // Most pushes land at once; some fail (the extmarket is down) and land on a retry.
        const attempts = r() < 0.88 ? 1 : r() < 0.9 ? 2 : 3;
        for (let attempt = 1, when = tick + 1; attempt <= attempts; attempt++, when += 2 + attempt) {
          const ok = attempt === attempts;
          const retry = when + 2 + attempt;
          steps.push({
            tick: when,
            make: () => ({
              type: 'RecordExtmarketPush',
              data: {
                ...base,
                attempt,
                at: at(when, 50),
                ok,
                error: ok ? null : 'extmarket answered 503 Service Unavailable',
                retry_at: ok ? null : at(retry),
              },
            }),
          });
        }
      }
      return steps;
    },
  };
}

/** Three in ten orders come from the historical imports of joining vendors (all items unmatched). */
export const ordersHistory: History = {
  name: 'orders',
  generate: (_store, knex, enough, log, scale) => runScript(knex, ordersScript(0.3), { enough, log, seed: 1, scale }),
};
