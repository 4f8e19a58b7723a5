import type { Clock } from '../../../src/core/clock.ts';
import { ConflictException, InsufficientInventoryForCartException } from '../../../src/core/errors.ts';
import { InsufficientInventoryException } from '../../inventory/errors.ts';
import { WrongExpectedVersionError, type EventStore } from '../../../src/eventstore/port.ts';
import {
  handleCommand,
  handleFirstCommand,
  load,
  lostRace,
  prepareCommand,
  retryOnConflict,
  type CommandContext,
  type Companion,
  type Handled,
} from '../../../src/runtime/commandHandler.ts';
import type { Executor } from '../../../src/runtime/database.ts';
import { nextIdWith } from '../../../src/runtime/nextId.ts';
import { inTurn } from '../../../src/runtime/streamTurns.ts';
import { stock } from '../../../src/modules/inventory.ts';
import { claimQuotaSlot, releaseQuotaSlot } from '../../quotas/handlers.ts';
import type { PlanQuota } from '../../quotas/quota.ts';
import { reservation, reservationId, type ReservationState } from '../../reservations/reservation.ts';
import { ORDER_QUOTA, type ImportedItem, type OrderPlaced } from '../events.ts';
import { order, type OrderCommand } from '../orderDecider.ts';

/**
 * Places a shop order: claims the request's idempotency key, then records the order with the
 * stock of every line reserved (in the order's own append where the store can: reserveAndPlace).
 * Stock is taken at placement, on the stock aggregate of each product with its expected version:
 * two customers racing for the last units never both get them, the loser is refused with
 * InsufficientInventoryForCartException and nothing of theirs stays reserved.
 *
 * The key (vendor, customer, Idempotency-Key or cart version) is claimed in a reservation stream
 * that names the order id, so a retried request finds the order it already placed. A request cut
 * off between its reservations and the order (a crash, where the lines were reserved one by one) is
 * completed by its retry: the retry first gives back whatever the interrupted attempt reserved
 * under that order id, then reserves afresh.
 *
 * Before any stock, the order takes a slot of the vendor's orders-per-period limit (SPEC.md part
 * 8) in the `quota-orders:<vendor_id>:<period start>` stream, named by the order id: a retry takes
 * the same slot, a refused or failed placement gives it back, and a placement past the limit is
 * refused with TierLimitExceededException before anything is reserved.
 */
export interface CheckoutDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
}

/** The order as the shop prices it; ids are allocated here. */
export type ShopOrderDraft = Omit<OrderPlaced['data'], 'order_id' | 'order_number' | 'items'> & {
  items: Omit<ImportedItem, 'item_id'>[];
};

export interface CheckoutResult {
  order_id: number;
  /** False when the key named an order placed before: the request was a retry. */
  created: boolean;
  done: Handled<unknown, any>[];
}

/** The shop's order number: short, unique per platform, and telling the shop's orders apart from the extmarket's. */
export const shopOrderNumber = (orderId: number) => `S-${String(orderId).padStart(6, '0')}`;

/** The order a key placed before, or null (never placed, or cut off before the order was recorded). */
export async function placedShopOrder(
  deps: CheckoutDeps,
  vendorId: number,
  customerId: number,
  idempotencyKey: string,
): Promise<number | null> {
  const { state } = await load(deps.store, reservation, reservationId('shop_order', `${vendorId}:${customerId}:${idempotencyKey}`));
  if (!state.holder) return null;
  const orderId = Number(state.holder);
  return (await load(deps.store, order, orderId)).version > 0 ? orderId : null;
}

export async function placeShopOrder(
  deps: CheckoutDeps,
  draft: ShopOrderDraft,
  idempotencyKey: string,
  quota: PlanQuota,
  ctx: CommandContext,
): Promise<CheckoutResult> {
  const done: Handled<unknown, any>[] = [];
  const value = `${draft.vendor_id}:${draft.customer_id}:${idempotencyKey}`;
  const claim = reservationId('shop_order', value);
  /**
   * The key is claimed for an id new from the sequence. When this request's claim holds, no order
   * and no stock can be under that id yet, so there is neither an order to look for nor an
   * interrupted attempt's stock to give back. A key claimed before (a retry, or a request racing
   * this one) refuses the claim, and its holder names the order (the unused id is a harmless gap).
   * A key is claimed once in the usual case, so the claim is decided without reading its stream
   * first; a key claimed before fails that append and is decided again on its stream. The items'
   * ids come with the order's, in one statement, and go unused on a retry as well.
   */
  const { id, ids: itemIds } = await nextIdWith(deps.db, 'order', 'order_item', draft.items.length);
  let held: ReservationState;
  let fresh = false;
  try {
    const claimed = await handleFirstCommand(
      deps.store,
      reservation,
      claim,
      { type: 'ReserveUniqueValue', data: { kind: 'shop_order', value, holder: String(id) } },
      ctx,
    );
    done.push(claimed);
    held = claimed.state;
    fresh = held.holder === String(id);
  } catch (err) {
    if (!(err instanceof ConflictException)) throw err;
    ({ state: held } = await load(deps.store, reservation, claim));
  }
  const orderId = Number(held.holder);
  if (!fresh && (await load(deps.store, order, orderId)).version > 0) return { order_id: orderId, created: false, done };

  const slot = await claimQuotaSlot(deps.store, ORDER_QUOTA, quota.key, orderId, quota.limit, quota.opening, ctx);
  if (slot) done.push(slot);
  if (!fresh) {
    const physical = [...new Set(draft.items.filter((i) => !i.is_digital).map((i) => i.product_id))];
    try {
      done.push(...(await releaseOrderStock(deps, orderId, physical, ctx)));
    } catch (err) {
      done.push(await releaseQuotaSlot(deps.store, ORDER_QUOTA, quota.key, orderId, ctx));
      throw err;
    }
  }
  const items: ImportedItem[] = draft.items.map((item, i) => ({ ...item, item_id: itemIds[i] }));
  const placement: OrderCommand = {
    type: 'PlaceShopOrder',
    data: { ...draft, order_id: orderId, order_number: shopOrderNumber(orderId), items },
  };
  try {
    done.push(...(await reserveAndPlace(deps, orderId, items, placement, fresh, ctx)));
  } catch (err) {
    await releaseQuotaSlot(deps.store, ORDER_QUOTA, quota.key, orderId, ctx);
    throw err;
  }
  return { order_id: orderId, created: true, done };
}

/**
 * Records the order with the stock of its physical lines reserved. Where the store can, each
 * line's reservation goes into the order's own append (a Companion): the units are held if and
 * only if the order is recorded, and the reservations cost no statement of their own. A
 * reservation decided on a state another order has changed since fails that append, naming its
 * stock; the stock is read again and the whole placement decided again, as any lost race is
 * (retryOnConflict). One product on two lines, a caller's transaction or a store that appends one
 * stream at a time reserves line by line, then records the order.
 */
async function reserveAndPlace(
  deps: CheckoutDeps,
  orderId: number,
  items: ImportedItem[],
  placement: OrderCommand,
  fresh: boolean,
  ctx: CommandContext,
): Promise<Handled<unknown, any>[]> {
  const physical = items.filter((i) => !i.is_digital);
  // An order id fresh from the sequence names an empty stream: nothing to read before the order.
  const place = fresh ? handleFirstCommand : handleCommand;
  const products = [...new Set(physical.map((i) => i.product_id))];
  const together = deps.store.appendTogether !== undefined && !ctx.tx && products.length === physical.length;
  if (!together) {
    const done: Handled<unknown, any>[] = [];
    try {
      for (const item of physical) done.push(await reserve(deps, orderId, item, ctx));
      done.push(await place(deps.store, order, orderId, placement, ctx));
    } catch (err) {
      // Whatever this attempt reserved goes back to the shelf before the refusal is answered.
      await releaseOrderStock(deps, orderId, products, ctx);
      throw err;
    }
    return done;
  }
  // The order and its reservations are stored together or not at all: a refused or failed attempt
  // leaves nothing on the shelf to give back, and nothing is read to look for it. This instance's
  // orders of the same products are decided one after another (inTurn), each on the stock the one before left.
  const stocks = products.map((p) => `${stock.aggregate}-${p}`);
  return retryOnConflict(() =>
    inTurn(deps.store, stocks, async () => {
      const prepared = await Promise.all(physical.map((item) => prepareReservation(deps, orderId, item, ctx)));
      const reserved: Handled<unknown, any>[] = [];
      const companions: Companion[] = prepared.map((p) => ({ append: p.append, stored: (result) => reserved.push(p.stored(result)) }));
      try {
        const placed = await place(deps.store, order, orderId, placement, ctx, () => companions);
        return [...reserved, placed];
      } catch (err) {
        if (!(err instanceof WrongExpectedVersionError)) throw err;
        throw lostRace(err.stream, err.expected, err.actual);
      }
    }),
  );
}

const reservationOf = (deps: CheckoutDeps, orderId: number, item: ImportedItem) => ({
  type: 'ReserveStock' as const,
  data: { order_id: orderId, order_item_id: item.item_id, quantity: item.quantity, at: deps.clock.now().toISOString() },
});

/** A line's reservation, decided for the order's append (prepareCommand); a shortage refuses the order, naming the line. */
async function prepareReservation(deps: CheckoutDeps, orderId: number, item: ImportedItem, ctx: CommandContext) {
  try {
    return await prepareCommand(deps.store, stock, item.product_id, reservationOf(deps, orderId, item), ctx);
  } catch (err) {
    throw shortLine(err, item);
  }
}

async function reserve(deps: CheckoutDeps, orderId: number, item: ImportedItem, ctx: CommandContext): Promise<Handled<unknown, any>> {
  try {
    return await retryOnConflict(() => handleCommand(deps.store, stock, item.product_id, reservationOf(deps, orderId, item), ctx), {
      tx: ctx.tx,
    });
  } catch (err) {
    throw shortLine(err, item);
  }
}

/** A stock refusal as the shopper's: the same body as the cart's own check at checkout (commands/carts/checkout.ts), the short line. */
function shortLine(err: unknown, item: ImportedItem): unknown {
  if (!(err instanceof InsufficientInventoryException)) return err;
  return new InsufficientInventoryForCartException(
    `Not enough stock of "${item.product_name}": ${item.quantity} wanted, ${String(err.extra?.available ?? 0)} available`,
    { lines: [{ product_id: item.product_id, requested: item.quantity, available: err.extra?.available ?? 0 }] },
  );
}

/** Gives back every unit the products hold for this order (an interrupted or refused placement). */
async function releaseOrderStock(
  deps: CheckoutDeps,
  orderId: number,
  productIds: number[],
  ctx: CommandContext,
): Promise<Handled<unknown, any>[]> {
  const done: Handled<unknown, any>[] = [];
  for (const productId of productIds) {
    // A lost race reads the product's reservations again: the lines already released are gone from them.
    await retryOnConflict(
      async () => {
        const { state } = await load(deps.store, stock, productId);
        const held = Object.keys(state.reservations)
          .filter((k) => k.startsWith(`${orderId}:`))
          .map((k) => Number(k.split(':')[1]));
        for (const itemId of held) {
          done.push(
            await handleCommand(
              deps.store,
              stock,
              productId,
              {
                type: 'ReleaseStock',
                data: { order_id: orderId, order_item_id: itemId, quantity: null, at: deps.clock.now().toISOString() },
              },
              ctx,
            ),
          );
        }
      },
      { tx: ctx.tx },
    );
  }
  return done;
}
