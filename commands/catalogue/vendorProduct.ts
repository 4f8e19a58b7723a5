import { type TransitionTable, checkTransition } from '../../src/core/transitions.ts';
import type { VendorProductEvent, VendorProductFields, ProductDetails, ProductPricing, VendorProductCreated } from './events.ts';
import { changedFields, sameJson as same } from '../../src/core/changedFields.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { ProductException, ProductNotFoundException } from './errors.ts';

/** A vendor product's state: its fields, its vendor, and whether it is the placeholder. */
export type VendorProductState =
  | { status: 'none' }
  | ({ status: 'active' | 'inactive'; id: number; vendor_id: number; is_placeholder: boolean } & Omit<VendorProductFields, 'is_active'>)
  | { status: 'deleted'; id: number; vendor_id: number };

export type ProductStatus = VendorProductState['status'];
export type ProductAction = 'create' | 'change' | 'activate' | 'deactivate' | 'delete';

export const PRODUCT_TRANSITIONS: TransitionTable<ProductStatus, ProductAction> = {
  create: { from: ['none'], to: 'computed' },
  change: { from: ['active', 'inactive'], to: 'computed' },
  activate: { from: ['inactive'], to: 'active' },
  deactivate: { from: ['active'], to: 'inactive' },
  delete: { from: ['active', 'inactive'], to: 'deleted' },
};

export const initialProductState = (): VendorProductState => ({ status: 'none' });

export function evolveProduct(state: VendorProductState, event: VendorProductEvent): VendorProductState {
  switch (event.type) {
    case 'VendorProductCreated': {
      const { product_id, vendor_id, is_placeholder, is_active, source_marketplace_product_id, created_at, ...fields } = event.data;
      void source_marketplace_product_id;
      void created_at;
      return { status: is_active ? 'active' : 'inactive', id: product_id, vendor_id, is_placeholder, ...fields };
    }
    case 'VendorProductDeleted':
      return { status: 'deleted', id: event.data.product_id, vendor_id: event.data.vendor_id };
  }
  if (state.status !== 'active' && state.status !== 'inactive') return state;
  switch (event.type) {
    case 'VendorProductDetailsChanged': {
      const { translations, ...rest } = event.data.changes;
      return { ...state, ...rest, translations: translations ? { ...state.translations, ...translations } : state.translations };
    }
    case 'VendorProductPriceChanged':
      return { ...state, ...event.data.changes };
    case 'VendorProductActivated':
      return { ...state, status: 'active' };
    case 'VendorProductDeactivated':
      return { ...state, status: 'inactive' };
  }
}

/**
 * Commands of a vendor product. `acting_vendor_id` is the vendor of a vendor-area caller (null
 * for an admin): another vendor's product answers as not found, never as forbidden, so its
 * existence does not leak.
 */
export type CreateVendorProduct = { type: 'CreateVendorProduct'; data: Omit<VendorProductCreated['data'], 'created_at'> & { at: string } };
export type ChangeVendorProduct = {
  type: 'ChangeVendorProduct';
  data: { acting_vendor_id: number | null; changes: Partial<VendorProductFields>; at: string };
};
export type DeleteVendorProduct = { type: 'DeleteVendorProduct'; data: { acting_vendor_id: number | null; at: string } };
export type VendorProductCommand = CreateVendorProduct | ChangeVendorProduct | DeleteVendorProduct;

const DETAIL_KEYS = [
  'vendor_sku',
  'gtin',
  'gtin_type',
  'marketplace',
  'brand',
  'image_link',
  'product_type_raw',
  'is_digital',
  'translations',
] as const;
const PRICE_KEYS = ['price_cents', 'sale_price_cents', 'cost_cents', 'tax_rate_bp', 'vat_rate_category', 'currency'] as const;

function check(state: VendorProductState, action: ProductAction, actingVendor: number | null): void {
  if (state.status === 'none' && action !== 'create') throw new ProductNotFoundException('Product not found');
  if (state.status === 'deleted') throw new ProductNotFoundException('Product not found (deleted)');
  if (actingVendor !== null && state.status !== 'none' && state.vendor_id !== actingVendor)
    throw new ProductNotFoundException('Product not found');
  checkTransition('Product', PRODUCT_TRANSITIONS, action, state.status);
}

function checkSalePrice(price: number, sale: number | null): void {
  if (sale !== null && sale >= price)
    throw new ProductException('The sale price must be lower than the price', { price_cents: price, sale_price_cents: sale });
}

export function decideProduct(command: VendorProductCommand, state: VendorProductState): VendorProductEvent[] {
  switch (command.type) {
    case 'CreateVendorProduct': {
      check(state, 'create', null);
      const { at, ...data } = command.data;
      checkSalePrice(data.price_cents, data.sale_price_cents);
      return [{ type: 'VendorProductCreated', data: { ...data, created_at: at } }];
    }
    case 'ChangeVendorProduct': {
      check(state, 'change', command.data.acting_vendor_id);
      if (state.status !== 'active' && state.status !== 'inactive') return [];
      const { changes, at } = command.data;
      const { id: product_id, vendor_id } = state;
      const details = changedFields<ProductDetails>(
        state,
        changes,
        same,
        DETAIL_KEYS.filter((k) => k !== 'translations'),
      );
      if (changes.translations) {
        // Only the languages whose text changes: the event names what an editor changed, not the whole set.
        const current = state.translations;
        const changed = Object.fromEntries(
          Object.entries(changes.translations).filter(([lang, t]) => !same(t, current[lang as keyof typeof current])),
        );
        if (Object.keys(changed).length > 0) details.translations = changed;
      }
      const pricing = changedFields<ProductPricing>(state, changes, same, PRICE_KEYS);
      checkSalePrice(
        pricing.price_cents ?? state.price_cents,
        pricing.sale_price_cents !== undefined ? pricing.sale_price_cents : state.sale_price_cents,
      );
      const events: VendorProductEvent[] = [];
      if (Object.keys(details).length > 0)
        events.push({ type: 'VendorProductDetailsChanged', data: { product_id, vendor_id, changes: details, at } });
      if (Object.keys(pricing).length > 0)
        events.push({ type: 'VendorProductPriceChanged', data: { product_id, vendor_id, changes: pricing, at } });
      if (changes.is_active === true && state.status === 'inactive') {
        if (state.is_placeholder) throw new ProductException('The placeholder product cannot be put on sale');
        events.push({ type: 'VendorProductActivated', data: { product_id, vendor_id, at } });
      }
      if (changes.is_active === false && state.status === 'active')
        events.push({ type: 'VendorProductDeactivated', data: { product_id, vendor_id, at } });
      return events;
    }
    case 'DeleteVendorProduct': {
      check(state, 'delete', command.data.acting_vendor_id);
      if (state.status !== 'active' && state.status !== 'inactive') return [];
      if (state.is_placeholder) throw new ProductException('The placeholder product holds unmatched order items and cannot be deleted');
      return [{ type: 'VendorProductDeleted', data: { product_id: state.id, vendor_id: state.vendor_id, at: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export const vendorProduct: Decider<VendorProductState, VendorProductCommand, VendorProductEvent> = {
  aggregate: 'vendor_product',
  initialState: initialProductState,
  evolve: evolveProduct,
  decide: decideProduct,
};
