import type { OrderEvent } from './events.ts';
import { orderFor } from './guards.ts';
import type { OrderState } from './order.ts';

/** Stores a tracking number against the order's external_shipment_id (SPEC.md 4.2 tracking). */
export type SetTracking = { type: 'SetTracking'; data: { vendor_id: number; tracking_number: string; carrier: string | null; at: string } };

export function setTracking(command: SetTracking, state: OrderState): OrderEvent[] {
  const { vendor_id, tracking_number, carrier, at } = command.data;
  const order = orderFor(state, vendor_id, 'set_tracking');
  if (order.tracking_number === tracking_number && order.carrier === carrier) return [];
  return [
    {
      type: 'OrderTrackingSet',
      data: {
        order_id: order.order_id,
        vendor_id,
        external_order_id: order.external_order_id,
        external_shipment_id: order.external_shipment_id,
        channel: order.channel,
        tracking_number,
        carrier,
        at,
      },
    },
  ];
}
