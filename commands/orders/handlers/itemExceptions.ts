import type { CommandContext } from '../../../src/runtime/commandHandler.ts';
import { runOrderCommand, type OrderDeps } from './order.ts';

/** The vendor links an unmatched item to one of its products (SPEC.md 4.2 exception endpoints). */
export function resolveExceptionByHand(
  deps: OrderDeps,
  orderId: number,
  input: { vendor_id: number; exception_id: number; product_id: number; product_gtin: string | null },
  ctx: CommandContext,
) {
  return runOrderCommand(
    deps,
    orderId,
    {
      type: 'ResolveOrderItemException',
      data: { ...input, resolution: 'manual', by: ctx.userId, at: deps.clock.now().toISOString() },
    },
    ctx,
  );
}

/** A product with the item's GTIN entered the vendor's catalogue (SPEC.md part 3: matching product imported). */
export function resolveExceptionByImport(
  deps: OrderDeps,
  orderId: number,
  input: { vendor_id: number; exception_id: number; product_id: number; product_gtin: string | null },
  ctx: CommandContext,
) {
  return runOrderCommand(
    deps,
    orderId,
    {
      type: 'ResolveOrderItemException',
      data: { ...input, resolution: 'product_imported', by: ctx.userId, at: deps.clock.now().toISOString() },
    },
    ctx,
  );
}

export function ignoreException(deps: OrderDeps, orderId: number, vendorId: number, exceptionId: number, ctx: CommandContext) {
  return runOrderCommand(
    deps,
    orderId,
    {
      type: 'IgnoreOrderItemException',
      data: { vendor_id: vendorId, exception_id: exceptionId, by: ctx.userId, at: deps.clock.now().toISOString() },
    },
    ctx,
  );
}
