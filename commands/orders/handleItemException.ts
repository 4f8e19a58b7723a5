import { OrderItemExceptionNotFoundException, ProductMatchException } from './errors.ts';
import { cleanGtin, gtin14 } from '../../src/core/gtin.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { OrderEvent } from './events.ts';
import { orderFor } from './guards.ts';
import { EXCEPTION_TRANSITIONS, type ExceptionAction, type ExceptionState, type LoadedOrder, type OrderState } from './order.ts';

/**
 * SPEC.md part 3, order item exception: "matching product imported, the item's GTIN matches →
 * resolved, the item is linked to the real product" (resolution product_imported, checked here),
 * or the vendor matches the item by hand (resolution manual), or leaves it on the placeholder.
 */
export type ResolveOrderItemException = {
  type: 'ResolveOrderItemException';
  data: {
    vendor_id: number;
    exception_id: number;
    product_id: number;
    product_gtin: string | null;
    resolution: 'product_imported' | 'manual';
    by: number | string | null;
    at: string;
  };
};
export type IgnoreOrderItemException = {
  type: 'IgnoreOrderItemException';
  data: { vendor_id: number; exception_id: number; by: number | string | null; at: string };
};

function exceptionFor(order: LoadedOrder, exceptionId: number, action: ExceptionAction): ExceptionState {
  const x = order.exceptions.find((e) => e.exception_id === exceptionId);
  if (!x) throw new OrderItemExceptionNotFoundException(`Order ${order.order_id} has no item exception ${exceptionId}`);
  checkTransition('Order item exception', EXCEPTION_TRANSITIONS, action, x.status);
  return x;
}

const sameGtin = (a: string | null, b: string | null) => !!a && !!b && gtin14(cleanGtin(a)) === gtin14(cleanGtin(b));

export function resolveOrderItemException(command: ResolveOrderItemException, state: OrderState): OrderEvent[] {
  const { vendor_id, exception_id, product_id, product_gtin, resolution, by, at } = command.data;
  const order = orderFor(state, vendor_id, 'handle_exception');
  const x = exceptionFor(order, exception_id, 'resolve');
  if (resolution === 'product_imported' && !sameGtin(x.gtin, product_gtin)) {
    throw new ProductMatchException(
      `Product ${product_id} (GTIN ${product_gtin ?? 'none'}) does not match the item's GTIN ${x.gtin ?? 'none'}`,
    );
  }
  return [
    {
      type: 'OrderItemExceptionResolved',
      data: { order_id: order.order_id, vendor_id, exception_id, item_id: x.item_id, product_id, resolution, resolved_by: by, at },
    },
  ];
}

export function ignoreOrderItemException(command: IgnoreOrderItemException, state: OrderState): OrderEvent[] {
  const { vendor_id, exception_id, by, at } = command.data;
  const order = orderFor(state, vendor_id, 'handle_exception');
  const x = exceptionFor(order, exception_id, 'ignore');
  return [
    {
      type: 'OrderItemExceptionIgnored',
      data: { order_id: order.order_id, vendor_id, exception_id, item_id: x.item_id, ignored_by: by, at },
    },
  ];
}
