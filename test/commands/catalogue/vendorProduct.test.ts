import { expect } from 'chai';
import { PLACEHOLDER_PRODUCT, type VendorProductEvent, type VendorProductFields } from '../../../commands/catalogue/events.ts';
import { vendorProduct } from '../../../commands/catalogue/vendorProduct.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { ProductException, ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const fields: VendorProductFields = {
  vendor_sku: 'CUP-1',
  gtin: '4006381333931',
  gtin_type: 'EAN13',
  marketplace: null,
  brand: 'Acme',
  image_link: null,
  product_type_raw: null,
  is_digital: false,
  is_active: true,
  translations: { en: { title: 'Cup', description: null, short_description: null } },
  price_cents: 1999,
  sale_price_cents: null,
  cost_cents: 1000,
  tax_rate_bp: 1700,
  currency: 'EUR',
};
const created: VendorProductEvent = {
  type: 'VendorProductCreated',
  data: { ...fields, product_id: 3, vendor_id: 7, is_placeholder: false, source_marketplace_product_id: null, created_at: at },
};
const placeholder: VendorProductEvent = {
  type: 'VendorProductCreated',
  data: { ...PLACEHOLDER_PRODUCT, product_id: 4, vendor_id: 7, is_placeholder: true, source_marketplace_product_id: null, created_at: at },
};
const change = (changes: Partial<VendorProductFields>, acting: number | null = null) => ({
  type: 'ChangeVendorProduct' as const,
  data: { acting_vendor_id: acting, changes, at },
});

describe('vendor product', () => {
  it('enters the catalogue', () => {
    given(vendorProduct, [])
      .when({
        type: 'CreateVendorProduct',
        data: { ...fields, product_id: 3, vendor_id: 7, is_placeholder: false, source_marketplace_product_id: null, at },
      })
      .then([created]);
  });

  it('refuses a sale price that is not below the price', () => {
    given(vendorProduct, [])
      .when({
        type: 'CreateVendorProduct',
        data: {
          ...fields,
          sale_price_cents: 1999,
          product_id: 3,
          vendor_id: 7,
          is_placeholder: false,
          source_marketplace_product_id: null,
          at,
        },
      })
      .thenThrows(ProductException, /lower than the price/);
    given(vendorProduct, [created])
      .when(change({ price_cents: 900, sale_price_cents: 950 }))
      .thenThrows(ProductException);
  });

  context('changing', () => {
    it('records descriptive and price changes as separate facts, only what changed', () => {
      given(vendorProduct, [created])
        .when(
          change({
            brand: 'Acme',
            vendor_sku: 'CUP-2',
            price_cents: 2499,
            tax_rate_bp: 1700,
            translations: { fr: { title: 'Tasse', description: null, short_description: null } },
          }),
        )
        .then([
          {
            type: 'VendorProductDetailsChanged',
            data: {
              product_id: 3,
              vendor_id: 7,
              changes: { vendor_sku: 'CUP-2', translations: { fr: { title: 'Tasse', description: null, short_description: null } } },
              at,
            },
          },
          { type: 'VendorProductPriceChanged', data: { product_id: 3, vendor_id: 7, changes: { price_cents: 2499 }, at } },
        ]);
    });
    it('is a no-op when nothing changes', () => {
      given(vendorProduct, [created])
        .when(change({ price_cents: 1999, is_active: true }))
        .then([]);
    });
    it('takes a product off sale and back', () => {
      given(vendorProduct, [created])
        .when(change({ is_active: false }))
        .then([{ type: 'VendorProductDeactivated', data: { product_id: 3, vendor_id: 7, at } }]);
      const off: VendorProductEvent = { type: 'VendorProductDeactivated', data: { product_id: 3, vendor_id: 7, at } };
      given(vendorProduct, [created, off])
        .when(change({ is_active: true }))
        .then([{ type: 'VendorProductActivated', data: { product_id: 3, vendor_id: 7, at } }]);
    });
    it('answers another vendor as if the product did not exist', () => {
      given(vendorProduct, [created])
        .when(change({ price_cents: 1 }, 8))
        .thenThrows(ProductNotFoundException);
      given(vendorProduct, [created])
        .when({ type: 'DeleteVendorProduct', data: { acting_vendor_id: 8, at } })
        .thenThrows(ProductNotFoundException);
    });
  });

  context('the placeholder product', () => {
    it('is never put on sale', () => {
      given(vendorProduct, [placeholder])
        .when(change({ is_active: true }))
        .thenThrows(ProductException, /placeholder/);
    });
    it('is never deleted', () => {
      given(vendorProduct, [placeholder])
        .when({ type: 'DeleteVendorProduct', data: { acting_vendor_id: null, at } })
        .thenThrows(ProductException, /placeholder/);
    });
  });

  context('deleting', () => {
    const deleted: VendorProductEvent = { type: 'VendorProductDeleted', data: { product_id: 3, vendor_id: 7, at } };
    it('removes the product, after which it is not found', () => {
      given(vendorProduct, [created])
        .when({ type: 'DeleteVendorProduct', data: { acting_vendor_id: 7, at } })
        .then([deleted]);
      given(vendorProduct, [created, deleted])
        .when(change({ price_cents: 1 }))
        .thenThrows(ProductNotFoundException);
    });
    it('refuses to create the same product twice', () => {
      const err = given(vendorProduct, [created])
        .when({
          type: 'CreateVendorProduct',
          data: { ...fields, product_id: 3, vendor_id: 7, is_placeholder: false, source_marketplace_product_id: null, at },
        })
        .thenThrows(InvalidTransitionException);
      expect(err.extra.current_state).to.equal('active');
    });
  });
});
