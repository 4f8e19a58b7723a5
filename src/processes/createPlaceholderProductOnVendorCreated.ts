import { PLACEHOLDER_PRODUCT } from '../../commands/catalogue/events.ts';
import type { VendorCreated } from '../../commands/vendors/events.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import { handleCommand, load } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { nextId } from '../runtime/nextId.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * Each vendor has one placeholder product for unmatched order items, created with the vendor
 * (SPEC.md part 2 "Product", "Order item exception"). Idempotent on any event store: the
 * reservation stream `reservation-placeholder_product:<vendor id>` names the product id once,
 * a re-run finds it and only creates the product if its stream is still empty, and the event ids
 * derive from the VendorCreated event (ctx.commandContext). The product is inactive: it is
 * never for sale. It goes through the decider registry, not the catalogue's handler, because
 * the placeholder is outside tier limits and process managers import no command modules.
 */
export const createPlaceholderProductOnVendorCreated: ProcessManager = {
  kind: 'process',
  name: 'createPlaceholderProductOnVendorCreated',
  eventTypes: ['VendorCreated'],
  async handle(event, ctx) {
    const { vendor_id, created_at } = domainEvent<VendorCreated>(event).data;
    const c = { ...ctx.commandContext(event), vendorId: vendor_id };
    const claim = `placeholder_product:${vendor_id}`;
    // A reservation's state names its holder, if any (commands/reservations).
    const reservation = registeredDecider<{ holder: string | null }>('reservation');
    const product = registeredDecider('vendor_product');
    const { state: held } = await load(ctx.store, reservation, claim, c.tx);
    let productId = held.holder ? Number(held.holder) : null;
    if (productId === null) {
      productId = await nextId(ctx.trx, 'vendor_product');
      await handleCommand(
        ctx.store,
        reservation,
        claim,
        {
          type: 'ReserveUniqueValue',
          data: { kind: 'placeholder_product', value: String(vendor_id), holder: String(productId) },
        },
        c,
      );
    }
    const { version } = await load(ctx.store, product, productId, c.tx);
    if (version > 0) return;
    await handleCommand(
      ctx.store,
      product,
      productId,
      {
        type: 'CreateVendorProduct',
        data: {
          ...PLACEHOLDER_PRODUCT,
          product_id: productId,
          vendor_id,
          is_placeholder: true,
          source_marketplace_product_id: null,
          at: created_at,
        },
      },
      c,
    );
  },
};
