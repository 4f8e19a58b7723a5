import type { CommandContext } from '../../../src/runtime/commandHandler.ts';
import { runOrderCommand, type OrderDeps } from './order.ts';

type Resolution = { vendor_id: number; exception_id: number; product_id: number; product_gtin: string | null };

function resolveException(
  deps: OrderDeps,
  orderId: number,
  input: Resolution,
  resolution: 'manual' | 'product_imported',
  ctx: CommandContext,
) {
  const data = { ...input, resolution, by: ctx.userId, at: deps.clock.now().toISOString() };
  return runOrderCommand(deps, orderId, { type: 'ResolveOrderItemException', data }, ctx);
}

/** The vendor links an unmatched item to one of its products (SPEC.md 4.2 exception endpoints). */
export const resolveExceptionByHand = (deps: OrderDeps, orderId: number, input: Resolution, ctx: CommandContext) =>
  resolveException(deps, orderId, input, 'manual', ctx);

/** A product with the item's GTIN entered the vendor's catalogue (SPEC.md part 3: matching product imported). */
export const resolveExceptionByImport = (deps: OrderDeps, orderId: number, input: Resolution, ctx: CommandContext) =>
  resolveException(deps, orderId, input, 'product_imported', ctx);

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
