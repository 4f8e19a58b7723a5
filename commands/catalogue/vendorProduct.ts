import type { TransitionTable } from '../../src/core/transitions.ts';
import type { VendorProductEvent, VendorProductFields } from './events.ts';

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
