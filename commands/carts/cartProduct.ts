import type { EventStore } from '../../src/eventstore/port.ts';
import { current } from '../../src/runtime/currentState.ts';
import { vendorProduct, type VendorProductState } from '../../src/modules/catalogue.ts';
import { openLocations, stock } from '../../src/modules/inventory.ts';

export type LiveProduct = Extract<VendorProductState, { status: 'active' | 'inactive' }>;

/**
 * What the cart needs to know of a product at one vendor, read from the product's and its
 * stock's streams (a decision on the cart must not rest on a read model that may lag):
 * - `product`: the product as it stands, or null when it is unknown, deleted or another vendor's
 *   (those three must look the same to a shopper);
 * - `sellable`: active and not the placeholder;
 * - `available`: units free for sale, the sum over the open stock locations of on hand minus
 *   reserved for orders; null when unlimited (digital products).
 */
export interface CartProduct {
  product: LiveProduct | null;
  sellable: boolean;
  available: number | null;
}

export async function cartProduct(store: EventStore, vendorId: number, productId: number): Promise<CartProduct> {
  // Both streams at once: the stock's read is wasted only on a digital product or one that is not for this shop.
  const [{ state }, { state: held }] = await Promise.all([current(store, vendorProduct, productId), current(store, stock, productId)]);
  if ((state.status !== 'active' && state.status !== 'inactive') || state.vendor_id !== vendorId) {
    return { product: null, sellable: false, available: 0 };
  }
  const sellable = state.status === 'active' && !state.is_placeholder;
  if (state.is_digital) return { product: state, sellable, available: null };
  const available = openLocations(held).reduce((n, l) => n + l.quantity - l.reserved, 0);
  return { product: state, sellable, available: Math.max(available, 0) };
}

/** Reads cart products (`cartProduct` of one store). */
export type CartProductReader = (vendorId: number, productId: number) => Promise<CartProduct>;

/**
 * One request's reads of cart products: a product the command decided on is the one its answer
 * shows, read once (two stream reads per product, before the command and again for the answer).
 */
export function cartProductReader(store: EventStore): CartProductReader {
  const read = new Map<string, Promise<CartProduct>>();
  return (vendorId, productId) => {
    const key = `${vendorId}:${productId}`;
    let found = read.get(key);
    if (!found) read.set(key, (found = cartProduct(store, vendorId, productId)));
    return found;
  };
}

/**
 * The price a shopper pays now: the sale price when one is set and lower than the price (the
 * catalogue refuses a sale price at or above the price, commands/catalogue), else the price.
 */
export function currentPriceCents(product: LiveProduct): number {
  const sale = product.sale_price_cents;
  return sale !== null && sale < product.price_cents ? sale : product.price_cents;
}
