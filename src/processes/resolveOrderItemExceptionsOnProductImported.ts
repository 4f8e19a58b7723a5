import type { Knex } from 'knex';
import type { VendorProductCreated, VendorProductDeleted, VendorProductDetailsChanged } from '../../commands/catalogue/events.ts';
import type { OrderItemExceptionRaised } from '../../commands/orders/events.ts';
import { ConflictException } from '../core/errors.ts';
import { cleanGtin, gtin14, gtinProblem } from '../core/gtin.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import type { RecordedEvent } from '../eventstore/port.ts';
import { handleCommand } from '../runtime/commandHandler.ts';
import type { ProcessContext, ProcessManager } from '../runtime/consumer.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * SPEC.md part 3: "Order item exception | matching product imported | the item's GTIN matches →
 * resolved; the item is linked to the real product". Either fact may come first in the feed (a
 * product imported before a later order, or after it), so the process keeps its own index of
 * both in its transaction. Commands go through the decider registry (process managers import no
 * command modules) with ids derived from the triggering event and the exception: a re-run
 * appends nothing new. An exception someone resolved by hand meanwhile is left as it is.
 */
/** The process's own index of pending exceptions and of products by GTIN (migrations/20261121040004_order_processes.ts). */
interface PendingException {
  exception_id: number;
  vendor_id: number;
  order_id: number;
  gtin14: string;
}
interface ProductByGtin {
  vendor_id: number;
  gtin14: string;
  product_id: number;
}

const key = (gtin: string | null | undefined) => (gtin && !gtinProblem(cleanGtin(gtin)) ? gtin14(cleanGtin(gtin)) : null);

async function resolve(
  ctx: ProcessContext,
  event: RecordedEvent,
  x: { exception_id: number; order_id: number; vendor_id: number },
  productId: number,
  gtin: string,
) {
  const base = ctx.commandContext(event);
  try {
    await handleCommand(
      ctx.store,
      registeredDecider('order'),
      x.order_id,
      {
        type: 'ResolveOrderItemException',
        data: {
          vendor_id: x.vendor_id,
          exception_id: x.exception_id,
          product_id: productId,
          product_gtin: gtin,
          resolution: 'product_imported',
          by: base.userId,
          at: event.recorded_at,
        },
      },
      { ...base, vendorId: x.vendor_id, causationId: `${base.causationId}:${x.exception_id}` },
    );
  } catch (err) {
    if (!(err instanceof ConflictException)) throw err;
  }
  await ctx.trx('exception_matcher_pending').where('exception_id', x.exception_id).delete();
}

async function productAppeared(
  trx: Knex.Transaction,
  ctx: ProcessContext,
  event: RecordedEvent,
  vendorId: number,
  productId: number,
  gtin: string,
) {
  await trx('exception_matcher_products').insert({ vendor_id: vendorId, gtin14: gtin, product_id: productId }).onConflict().ignore();
  const waiting = await trx<PendingException>('exception_matcher_pending')
    .where({ vendor_id: vendorId, gtin14: gtin })
    .orderBy('exception_id');
  for (const x of waiting) await resolve(ctx, event, x, productId, gtin);
}

export const resolveOrderItemExceptionsOnProductImported: ProcessManager = {
  kind: 'process',
  name: 'resolveOrderItemExceptionsOnProductImported',
  eventTypes: [
    'VendorProductCreated',
    'VendorProductDetailsChanged',
    'VendorProductDeleted',
    'OrderItemExceptionRaised',
    'OrderItemExceptionResolved',
    'OrderItemExceptionIgnored',
  ],
  async handle(event, ctx) {
    const trx = ctx.trx;
    switch (event.type) {
      case 'VendorProductCreated': {
        const d = domainEvent<VendorProductCreated>(event).data;
        const gtin = key(d.gtin);
        if (!d.is_placeholder && gtin) await productAppeared(trx, ctx, event, d.vendor_id, d.product_id, gtin);
        return;
      }
      case 'VendorProductDetailsChanged': {
        const d = domainEvent<VendorProductDetailsChanged>(event).data;
        if (!('gtin' in d.changes)) return;
        await trx('exception_matcher_products').where('product_id', d.product_id).delete();
        const gtin = key(d.changes.gtin);
        if (gtin) await productAppeared(trx, ctx, event, d.vendor_id, d.product_id, gtin);
        return;
      }
      case 'VendorProductDeleted':
        await trx('exception_matcher_products').where('product_id', domainEvent<VendorProductDeleted>(event).data.product_id).delete();
        return;
      case 'OrderItemExceptionRaised': {
        const d = domainEvent<OrderItemExceptionRaised>(event).data;
        const gtin = key(d.gtin);
        if (!gtin) return;
        const product = await trx<ProductByGtin>('exception_matcher_products')
          .where({ vendor_id: d.vendor_id, gtin14: gtin })
          .orderBy('product_id')
          .first();
        if (product) return resolve(ctx, event, d, product.product_id, gtin);
        await trx('exception_matcher_pending')
          .insert({ exception_id: d.exception_id, vendor_id: d.vendor_id, order_id: d.order_id, gtin14: gtin })
          .onConflict()
          .ignore();
        return;
      }
      default:
        await trx('exception_matcher_pending')
          .where('exception_id', (event.data as { exception_id: number }).exception_id)
          .delete();
    }
  },
};
