import { CartValidationException, EmptyCartException, InsufficientInventoryForCartException } from '../../src/core/errors.ts';
import type { RateCategory } from '../../src/core/vat/rates.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { current } from '../../src/runtime/currentState.ts';
import type { Services } from '../../src/runtime/services.ts';
import type { Language } from '../catalogue/events.ts';
import { type CartState, cart } from './cart.ts';
import { cartProduct, currentPriceCents, type LiveProduct } from './cartProduct.ts';
import { cartStreamId } from './events.ts';
import { linePrice } from './linePrice.ts';

/**
 * What the orders area reads of a cart when it places an order: the lines with the unit price
 * the customer agreed to (commands/carts/linePrice.ts), the product's name in the order's
 * language and its VAT rate category, checked against the product and its stock as they stand.
 */
export interface CheckoutLine {
  product_id: number;
  quantity: number;
  /** Gross unit price in cents, VAT included: the lower of the current and the agreed price. */
  unit_price_cents: number;
  product_name: string;
  gtin: string | null;
  sku: string | null;
  is_digital: boolean;
  vat_rate_category: RateCategory;
}

/** The cart of a session at a vendor and its stream version (0 when the cart was never used). */
export async function loadCart(store: EventStore, vendorId: number, sessionId: string): Promise<{ state: CartState; version: number }> {
  return current(store, cart, cartStreamId(vendorId, sessionId));
}

/** A product's title in `language`, else in English, else in any language it has. */
export function productTitle(product: LiveProduct, language: string): string {
  const t = product.translations as Record<string, { title: string } | undefined>;
  return t[language as Language]?.title ?? t.en?.title ?? Object.values(t).find((x) => x?.title)?.title ?? `Product ${product.id}`;
}

/**
 * The lines an order is placed from. Throws EmptyCartException for an empty cart,
 * CartValidationException naming the products whose price rose without being accepted or that
 * are no longer for sale, InsufficientInventoryForCartException when stock no longer covers a
 * line. `version` is the cart's version the lines were read at (an idempotency key for the order).
 */
export async function checkoutLines(
  services: Services,
  vendorId: number,
  sessionId: string,
  language: string,
): Promise<{ version: number; lines: CheckoutLine[] }> {
  const { state, version } = await loadCart(services.store, vendorId, sessionId);
  if (state.lines.length === 0) throw new EmptyCartException('The cart is empty');
  const lines: CheckoutLine[] = [];
  const unavailable: number[] = [];
  const risen: { product_id: number; price_at_add_cents: number; current_price_cents: number }[] = [];
  const short: { product_id: number; requested: number; available: number }[] = [];
  const found = await Promise.all(state.lines.map((line) => cartProduct(services.store, vendorId, line.product_id)));
  for (const [i, line] of state.lines.entries()) {
    const { product, sellable, available } = found[i];
    if (!product || !sellable) {
      unavailable.push(line.product_id);
      continue;
    }
    const current = currentPriceCents(product);
    const price = linePrice(line.agreed_price_cents, current);
    if (price.price_increased)
      risen.push({ product_id: line.product_id, price_at_add_cents: line.agreed_price_cents, current_price_cents: current });
    if (available !== null && line.quantity > available) short.push({ product_id: line.product_id, requested: line.quantity, available });
    lines.push({
      product_id: line.product_id,
      quantity: line.quantity,
      unit_price_cents: price.unit_price_cents,
      product_name: productTitle(product, language),
      gtin: product.gtin,
      sku: product.vendor_sku,
      is_digital: product.is_digital,
      vat_rate_category: product.vat_rate_category ?? 'standard',
    });
  }
  if (unavailable.length > 0) {
    throw new CartValidationException(
      `Products no longer for sale: ${unavailable.join(', ')}; remove them from the cart`,
      unavailable.map((id) => ({ pointer: `/cart/items/${id}`, message: `Product ${id} is no longer for sale` })),
    );
  }
  if (risen.length > 0) {
    throw new CartValidationException(
      `The price of products ${risen.map((r) => r.product_id).join(', ')} rose since they were added; accept the new price first`,
      risen.map((r) => ({
        pointer: `/cart/items/${r.product_id}`,
        message: `Price rose from ${r.price_at_add_cents} to ${r.current_price_cents} cents; accept it first`,
      })),
    );
  }
  if (short.length > 0) {
    throw new InsufficientInventoryForCartException(`Not enough stock for products ${short.map((s) => s.product_id).join(', ')}`, {
      lines: short,
    });
  }
  return { version, lines };
}
