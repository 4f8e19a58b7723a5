import { Type } from '@sinclair/typebox';

/**
 * An order's and an order item's status, as every order answer names them: the orders area's
 * lists and details and the shop's own view of an order (src/http/schemas/shopOrders.ts) alike.
 */
export const OrderStatus = Type.Union(
  ['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped'].map((s) => Type.Literal(s)),
  { $id: 'OrderStatus' },
);
export const ItemStatus = Type.Union(
  ['unconfirmed', 'confirmed', 'declined'].map((s) => Type.Literal(s)),
  { $id: 'OrderItemStatus' },
);
