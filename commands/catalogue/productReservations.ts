import { ConflictException } from '../../src/core/errors.ts';
import { gtin14 } from '../../src/core/gtin.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { reservation, reservationId } from '../reservations/reservation.ts';

/**
 * A SKU and a GTIN are unique within one vendor's catalogue (two vendors may sell the same GTIN).
 * They are claimed in reservation streams, like e-mails (README "Uniqueness on the write side"),
 * so two concurrent creations with one SKU cannot both win. The GTIN claim is what makes an
 * inventory import or an order item match exactly one product of the vendor.
 */
export interface ProductKeys {
  vendor_sku: string | null;
  gtin: string | null;
}

type Claim = { kind: 'vendor_sku' | 'vendor_gtin'; value: string; label: string };

function claims(vendorId: number, keys: Partial<ProductKeys>): Claim[] {
  const out: Claim[] = [];
  if (keys.vendor_sku) out.push({ kind: 'vendor_sku', value: `${vendorId}:${keys.vendor_sku}`, label: `SKU '${keys.vendor_sku}'` });
  if (keys.gtin) out.push({ kind: 'vendor_gtin', value: `${vendorId}:${gtin14(keys.gtin)}`, label: `GTIN ${keys.gtin}` });
  return out;
}

async function run(store: EventStore, type: 'ReserveUniqueValue' | 'ReleaseUniqueValue', c: Claim, holder: number, ctx: CommandContext) {
  return handleCommand(
    store,
    reservation,
    reservationId(c.kind, c.value),
    { type, data: { kind: c.kind, value: c.value, holder: String(holder) } },
    ctx,
  );
}

/** Claims the keys for `productId`; on a conflict releases what it claimed and throws a 409. */
export async function reserveProductKeys(
  store: EventStore,
  vendorId: number,
  keys: Partial<ProductKeys>,
  productId: number,
  ctx: CommandContext,
): Promise<Handled<unknown, any>[]> {
  const done: Handled<unknown, any>[] = [];
  const taken: Claim[] = [];
  for (const c of claims(vendorId, keys)) {
    try {
      done.push(await run(store, 'ReserveUniqueValue', c, productId, ctx));
      taken.push(c);
    } catch (err) {
      for (const t of taken) await run(store, 'ReleaseUniqueValue', t, productId, ctx);
      if (err instanceof ConflictException) {
        throw new ConflictException(`This vendor already has a product with ${c.label}`, {
          field: c.kind === 'vendor_sku' ? 'vendor_sku' : 'gtin',
        });
      }
      throw err;
    }
  }
  return done;
}

export async function releaseProductKeys(
  store: EventStore,
  vendorId: number,
  keys: Partial<ProductKeys>,
  productId: number,
  ctx: CommandContext,
): Promise<Handled<unknown, any>[]> {
  const done: Handled<unknown, any>[] = [];
  for (const c of claims(vendorId, keys)) done.push(await run(store, 'ReleaseUniqueValue', c, productId, ctx));
  return done;
}
