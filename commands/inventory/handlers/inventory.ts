import type { Clock } from '../../../src/core/clock.ts';
import { DigitalProductInventoryException } from '../errors.ts';
import type { EventStore } from '../../../src/eventstore/port.ts';
import { handleCommand, type CommandContext, type Handled } from '../../../src/runtime/commandHandler.ts';
import type { Executor } from '../../../src/runtime/database.ts';
import { nextId } from '../../../src/runtime/nextId.ts';
import { liveProduct } from '../../../src/modules/catalogue.ts';
import type { OrderRef } from '../commands.ts';
import { stock } from '../stockDecider.ts';

/**
 * Stock command handlers: the inventory routes use them, and the orders area reserves, ships,
 * releases and returns through the four order functions at the bottom (from its process
 * managers, with `ctx.commandContext(event)` so a repeated event moves nothing twice).
 * Digital products have unlimited inventory (SPEC.md part 1 capability 3): they get no stock
 * rows, and order movements of a digital product record nothing.
 */
export interface InventoryDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
}

/** The service's clock: every recorded time of these commands, so a test can move time forward. */
const now = (deps: { clock: Clock }) => deps.clock.now().toISOString();

export interface NewInventory {
  product_id: number;
  warehouse: string;
  bin_location: string;
  quantity: number;
  note?: string | null;
  reference?: string | null;
}

export async function openInventory(deps: InventoryDeps, input: NewInventory, actingVendor: number | null, ctx: CommandContext) {
  const product = await liveProduct(deps, input.product_id, actingVendor);
  if (product.is_digital) throw new DigitalProductInventoryException('Digital products have unlimited inventory; they have no stock rows');
  const inventoryId = await nextId(deps.db, 'inventory');
  const done = await handleCommand(
    deps.store,
    stock,
    input.product_id,
    {
      type: 'OpenInventoryLocation',
      data: {
        product_id: input.product_id,
        vendor_id: product.vendor_id,
        inventory_id: inventoryId,
        warehouse: input.warehouse.trim(),
        bin_location: input.bin_location.trim(),
        quantity: input.quantity,
        reference: input.reference ?? null,
        note: input.note ?? null,
        at: now(deps),
      },
    },
    { ...ctx, vendorId: product.vendor_id },
  );
  return { id: inventoryId, done: [done] };
}

export async function adjustInventory(
  deps: InventoryDeps,
  productId: number,
  inventoryId: number,
  change: { set?: number; change?: number; note?: string | null },
  actingVendor: number | null,
  ctx: CommandContext,
) {
  return [
    await handleCommand(
      deps.store,
      stock,
      productId,
      {
        type: 'AdjustStock',
        data: {
          acting_vendor_id: actingVendor,
          inventory_id: inventoryId,
          set: change.set,
          change: change.change,
          note: change.note ?? null,
          at: now(deps),
        },
      },
      ctx,
    ),
  ];
}

/** Moves units from one bin of the product to another (opened when missing), in one append. */
export async function moveStock(
  deps: InventoryDeps,
  productId: number,
  fromId: number,
  to: { warehouse: string; bin_location: string; quantity: number; note?: string | null },
  actingVendor: number | null,
  ctx: CommandContext,
) {
  const newId = await nextId(deps.db, 'inventory');
  return [
    await handleCommand(
      deps.store,
      stock,
      productId,
      {
        type: 'MoveStock',
        data: {
          acting_vendor_id: actingVendor,
          from_inventory_id: fromId,
          warehouse: to.warehouse.trim(),
          bin_location: to.bin_location.trim(),
          new_inventory_id: newId,
          quantity: to.quantity,
          reference: `move:${fromId}`,
          note: to.note ?? null,
          at: now(deps),
        },
      },
      ctx,
    ),
  ];
}

export async function closeInventory(
  deps: InventoryDeps,
  productId: number,
  inventoryId: number,
  note: string | null,
  actingVendor: number | null,
  ctx: CommandContext,
) {
  return [
    await handleCommand(
      deps.store,
      stock,
      productId,
      {
        type: 'CloseInventoryLocation',
        data: { acting_vendor_id: actingVendor, inventory_id: inventoryId, note, at: now(deps) },
      },
      ctx,
    ),
  ];
}

type OrderMove = OrderRef & { product_id: number; quantity: number };
type Result = Handled<unknown, any>[];

async function unlessDigital(
  deps: InventoryDeps,
  productId: number,
  ctx: CommandContext,
  run: () => Promise<Handled<unknown, any>>,
): Promise<Result> {
  const product = await liveProduct(deps, productId, null, ctx.tx);
  return product.is_digital ? [] : [await run()];
}

export function reserveStock(deps: InventoryDeps, m: OrderMove, ctx: CommandContext): Promise<Result> {
  return unlessDigital(deps, m.product_id, ctx, () =>
    handleCommand(
      deps.store,
      stock,
      m.product_id,
      {
        type: 'ReserveStock',
        data: { order_id: m.order_id, order_item_id: m.order_item_id, quantity: m.quantity, at: now(deps) },
      },
      ctx,
    ),
  );
}

export function releaseStock(
  deps: InventoryDeps,
  m: OrderRef & { product_id: number; quantity: number | null },
  ctx: CommandContext,
): Promise<Result> {
  return unlessDigital(deps, m.product_id, ctx, () =>
    handleCommand(
      deps.store,
      stock,
      m.product_id,
      {
        type: 'ReleaseStock',
        data: { order_id: m.order_id, order_item_id: m.order_item_id, quantity: m.quantity, at: now(deps) },
      },
      ctx,
    ),
  );
}

export function shipStock(deps: InventoryDeps, m: OrderMove, ctx: CommandContext): Promise<Result> {
  return unlessDigital(deps, m.product_id, ctx, () =>
    handleCommand(
      deps.store,
      stock,
      m.product_id,
      {
        type: 'ShipStock',
        data: { order_id: m.order_id, order_item_id: m.order_item_id, quantity: m.quantity, at: now(deps) },
      },
      ctx,
    ),
  );
}

export function returnStock(
  deps: InventoryDeps,
  m: OrderMove & { inventory_id?: number | null; note?: string | null },
  ctx: CommandContext,
): Promise<Result> {
  return unlessDigital(deps, m.product_id, ctx, () =>
    handleCommand(
      deps.store,
      stock,
      m.product_id,
      {
        type: 'ReturnStock',
        data: {
          order_id: m.order_id,
          order_item_id: m.order_item_id,
          quantity: m.quantity,
          inventory_id: m.inventory_id ?? null,
          note: m.note ?? null,
          at: now(deps),
        },
      },
      ctx,
    ),
  );
}
