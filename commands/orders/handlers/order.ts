import type { Clock } from '../../../src/core/clock.ts';
import { ConcurrencyException, ConflictException } from '../../../src/core/errors.ts';
import type { EventStore } from '../../../src/eventstore/port.ts';
import { handleCommand, load, retryOnConflict, type CommandContext, type Handled } from '../../../src/runtime/commandHandler.ts';
import type { Executor } from '../../../src/runtime/database.ts';
import { nextId } from '../../../src/runtime/nextId.ts';
import { reservation, reservationId } from '../../reservations/reservation.ts';
import type { DecisionSource, ImportedItem, ImportedOrder, OrderEvent } from '../events.ts';
import { order, type OrderCommand, type OrderState } from '../orderDecider.ts';

/**
 * Order command handlers for the HTTP routes, the order sync and the process managers.
 * Every command appends at the version it loaded (a concurrent write is a conflict, never a lost
 * update). A conflict reloads and decides again: two clerks of one vendor confirming two items of one
 * order both succeed, while two shipments of the last unit get one success and one refusal.
 */
export interface OrderDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
}

/** The service's clock: every recorded time of these commands, so a test can move time forward. */
const now = (deps: { clock: Clock }) => deps.clock.now().toISOString();

export async function runOrderCommand(
  deps: OrderDeps,
  orderId: number,
  command: OrderCommand,
  ctx: CommandContext,
): Promise<Handled<OrderState, OrderEvent>> {
  return retryOnConflict(() => handleCommand(deps.store, order, orderId, command, ctx), { tx: ctx.tx });
}

export const loadOrder = (deps: OrderDeps, orderId: number) => load(deps.store, order, orderId);

type Who = { vendor_id: number; source: DecisionSource };
export const confirmItem = (deps: OrderDeps, orderId: number, itemId: number, who: Who, ctx: CommandContext) =>
  runOrderCommand(deps, orderId, { type: 'ConfirmOrderItem', data: { ...who, item_id: itemId, at: now(deps) } }, ctx);
export const declineItem = (deps: OrderDeps, orderId: number, itemId: number, who: Who, ctx: CommandContext) =>
  runOrderCommand(deps, orderId, { type: 'DeclineOrderItem', data: { ...who, item_id: itemId, at: now(deps) } }, ctx);
export const confirmWholeOrder = (deps: OrderDeps, orderId: number, who: Who, ctx: CommandContext) =>
  runOrderCommand(deps, orderId, { type: 'ConfirmOrder', data: { ...who, at: now(deps) } }, ctx);
export const rejectWholeOrder = (deps: OrderDeps, orderId: number, who: Who, ctx: CommandContext) =>
  runOrderCommand(deps, orderId, { type: 'RejectOrder', data: { ...who, at: now(deps) } }, ctx);
export const shipOrderItem = (deps: OrderDeps, orderId: number, vendorId: number, itemId: number, quantity: number, ctx: CommandContext) =>
  runOrderCommand(deps, orderId, { type: 'ShipItem', data: { vendor_id: vendorId, item_id: itemId, quantity, at: now(deps) } }, ctx);
export const setOrderTracking = (
  deps: OrderDeps,
  orderId: number,
  vendorId: number,
  trackingNumber: string,
  carrier: string | null,
  ctx: CommandContext,
) =>
  runOrderCommand(
    deps,
    orderId,
    { type: 'SetTracking', data: { vendor_id: vendorId, tracking_number: trackingNumber, carrier, at: now(deps) } },
    ctx,
  );

/** An order as the sync reads it: ids are allocated here; unmatched items point at the placeholder. */
export type IncomingOrder = Omit<ImportedOrder, 'order_id' | 'items'> & { items: Omit<ImportedItem, 'item_id'>[] };

export interface ImportResult {
  order_id: number;
  created: boolean;
  done: Handled<unknown, any>[];
}

/**
 * Imports one extmarket order once. The pair (vendor, external order id) is claimed on the write
 * side (a reservation stream, so two concurrent syncs cannot import it twice); a claim whose
 * order stream is still empty (a crash between the two appends) is completed by the next sync.
 */
export async function importExtmarketOrder(
  deps: OrderDeps,
  incoming: IncomingOrder,
  placeholderProductId: number,
  ctx: CommandContext,
): Promise<ImportResult> {
  const claim = reservationId('extmarket_order', `${incoming.vendor_id}:${incoming.external_order_id}`);
  const done: Handled<unknown, any>[] = [];
  let { state: held } = await load(deps.store, reservation, claim, ctx.tx);
  if (!held.holder) {
    const id = await nextId(deps.db, 'order');
    try {
      done.push(
        await handleCommand(
          deps.store,
          reservation,
          claim,
          {
            type: 'ReserveUniqueValue',
            data: { kind: 'extmarket_order', value: `${incoming.vendor_id}:${incoming.external_order_id}`, holder: String(id) },
          },
          ctx,
        ),
      );
    } catch (err) {
      if (!(err instanceof ConflictException)) throw err;
    }
    ({ state: held } = await load(deps.store, reservation, claim, ctx.tx));
  }
  const orderId = Number(held.holder);
  const existing = await load(deps.store, order, orderId, ctx.tx);
  if (existing.version > 0) return { order_id: orderId, created: false, done };
  const items: ImportedItem[] = [];
  for (const item of incoming.items) items.push({ ...item, item_id: await nextId(deps.db, 'order_item') });
  const unmatched = [];
  for (const item of items.filter((i) => i.needs_product_match)) {
    unmatched.push({
      exception_id: await nextId(deps.db, 'order_item_exception'),
      item_id: item.item_id,
      placeholder_product_id: placeholderProductId,
    });
  }
  try {
    done.push(
      await handleCommand(
        deps.store,
        order,
        orderId,
        {
          type: 'ImportOrder',
          data: { order: { ...incoming, order_id: orderId, items }, unmatched, at: now(deps) },
        },
        ctx,
      ),
    );
  } catch (err) {
    // Another sync imported it between our load and our append: that is the same order.
    if (!(err instanceof ConcurrencyException)) throw err;
    return { order_id: orderId, created: false, done };
  }
  return { order_id: orderId, created: true, done };
}
