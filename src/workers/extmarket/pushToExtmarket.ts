import type { ExtmarketOperation } from '../../../commands/orders/events.ts';
import { ExtmarketCredentialsException } from '../../core/errors.ts';
import { clientFor, type SyncWorkerDeps } from './runExtmarketSync.ts';

/**
 * One of our decisions sent to the extmarket: confirm or decline the inventory units of an item
 * (isAvailable true or false), or the tracking of the order's shipment. The call carries the id
 * of the event that holds the decision as its idempotency key; setting a unit's state twice is
 * harmless on the extmarket's side too. Returns what to record, never throws for the extmarket.
 */
export interface PushRequest {
  key: string;
  order_id: number;
  vendor_id: number;
  operation: ExtmarketOperation;
  item_id: number | null;
  inventory_unit_ids: string[];
  external_shipment_id: string | null;
  tracking_number: string | null;
  carrier: string | null;
}

export interface PushOutcome {
  ok: boolean;
  error: string | null;
  retry_at: string | null;
}

/** 30 s, 1 min, 2 min … capped at one hour: retried for as long as it fails, never dropped. */
export function retryAt(attempt: number, from: number): string {
  return new Date(from + Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1))).toISOString();
}

export async function pushToExtmarket(
  deps: Pick<SyncWorkerDeps, 'knex' | 'store' | 'dataDir' | 'clock'>,
  p: PushRequest,
  attempt: number,
  tx?: unknown,
): Promise<PushOutcome> {
  try {
    const client = await clientFor(deps, p.vendor_id, tx).catch((err) => {
      throw new ExtmarketCredentialsException((err as Error).message);
    });
    if (p.operation === 'set_tracking') {
      if (!p.external_shipment_id || !p.tracking_number) return { ok: true, error: null, retry_at: null };
      await client.setShipmentTracking(p.external_shipment_id, p.tracking_number, p.carrier, p.key);
    } else {
      const isAvailable = p.operation === 'confirm_item';
      await client.confirmInventoryUnits(
        p.inventory_unit_ids.map((inventoryUnitId) => ({ inventoryUnitId, isAvailable })),
        p.key,
      );
    }
    return { ok: true, error: null, retry_at: null };
  } catch (err) {
    return { ok: false, error: (err as Error).message.slice(0, 500), retry_at: retryAt(attempt, deps.clock.now().getTime()) };
  }
}
