import { Type } from '@sinclair/typebox';
import { SHOP_PRODUCT_SORTS } from '../../../queries/catalogue/listShopProducts.ts';
import { MAX_CENTS } from '../../core/money.ts';
import { VendorProductListRow } from '../../../projections/catalogue/vendorProductList.ts';
import { Nullable, Page, rowFields } from '../responses.ts';
import { Language, PageQuery, SortQuery } from '../validation.ts';
import { ProductTextOut } from './catalogue.ts';

/**
 * The shop catalogue's requests and answers (src/http/shop/products.ts;
 * queries/catalogue/shopProduct.ts toShopProduct, getShopProduct.ts).
 */
const Text = Nullable(Type.String());
const Cents = Type.Integer({ minimum: 0, maximum: MAX_CENTS });
const NoControl = '^[^\\u0000-\\u001f]*$';

export const ShopProductQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(
    Type.String({
      maxLength: 100,
      pattern: NoControl,
      description: 'A part of the title or description (any language the product has), the brand, the GTIN or the SKU; any letter case',
    }),
  ),
  min_price_cents: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_CENTS, description: 'Lowest price charged (the sale price when lower), in cents' }),
  ),
  max_price_cents: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_CENTS, description: 'Highest price charged (the sale price when lower), in cents' }),
  ),
  brand: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: NoControl, description: 'The brand, any letter case' })),
  product_type_raw: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1000,
      pattern: NoControl,
      description: 'The product type, or a parent type ("Home > Kitchen" holds "Home > Kitchen > Knives")',
    }),
  ),
  in_stock: Type.Optional(
    Type.Boolean({ description: 'true: only what can be bought now (digital products always can); false: only what cannot' }),
  ),
  sort: SortQuery(
    SHOP_PRODUCT_SORTS,
    'price (the price charged), created_at (-created_at, the default: newest first) or title (in the shown language; products without one follow); a leading - sorts descending',
  ),
});

const Formatted = Nullable(Type.String({ description: 'The amount as the shopper\'s language writes it ("12,50 €")' }));

/** A product as the shop lists it. */
export const ShopProductItem = Type.Object(
  {
    ...rowFields(VendorProductListRow, ['id', 'vendor_sku', 'gtin', 'gtin_type', 'brand', 'product_type_raw']),
    language: Nullable(Language),
    title: Text,
    description: Text,
    short_description: Text,
    ...rowFields(VendorProductListRow, ['currency']),
    // Amounts are numbers in the answer (exact text in the row), bounded as a price is.
    price_cents: Cents,
    sale_price_cents: Nullable(Cents),
    charged_price_cents: Type.Integer({ minimum: 0, description: 'What the shopper pays: the sale price when it is lower than the price' }),
    on_sale: Type.Boolean(),
    formatted: Type.Object({ price: Formatted, sale_price: Formatted, charged_price: Formatted }),
    ...rowFields(VendorProductListRow, ['is_digital']),
    availability: Type.Object({
      in_stock: Type.Boolean({ description: 'Can be bought now' }),
      unlimited: Type.Boolean({ description: 'A digital product: always available, no quantity' }),
      available_quantity: Nullable(Type.Integer({ minimum: 0, description: "On hand less reserved, over the product's stock locations" })),
    }),
    thumbnail_url: Nullable(Type.String({ description: 'The 200 px variant of the first image, else the image link' })),
    image_url: Nullable(Type.String({ description: 'The 800 px variant of the first image, else the image link' })),
    ...rowFields(VendorProductListRow, ['created_at']),
  },
  {
    $id: 'ShopProductItem',
    description:
      "`language` is the language the texts are in: the asked one, else the shop's storefront language, else any the product has",
  },
);

export const ShopProductPage = Page(
  ShopProductItem,
  {
    total_exact: Type.Boolean({ description: 'False when total is an estimate (over 100 matches, not on the last page)' }),
    language: Language,
    language_source: Type.Union(
      ['cookie', 'accept-language', 'vendor', 'locale', 'default'].map((s) => Type.Literal(s)),
      {
        description:
          "Where the asked language came from: the language cookie, Accept-Language, the shop's storefront language, its locale, or English",
      },
    ),
  },
  'ShopProductList',
);

const ImageVariant = Type.Object(
  {
    variant: Type.Union([Type.Literal('original'), Type.Literal('800'), Type.Literal('200')]),
    width: Type.Integer(),
    height: Type.Integer(),
    url: Type.String({ description: 'Where the WebP file is served (a shop request: the same vendor context)' }),
  },
  { $id: 'ProductImageVariant' },
);

export const ShopProductDetail = Type.Composite(
  [
    ShopProductItem,
    Type.Object({
      translations: Type.Record(Type.String(), ProductTextOut, { description: 'Every language the product has' }),
      languages: Type.Array(Type.String()),
      vat_rate_category: Type.String({
        description: 'The VAT rate category (standard, reduced, reduced_high, super_reduced, parking, zero, exempt); prices include VAT',
      }),
      tax_rate_percent: Type.Number(),
      image_link: Nullable(
        Type.String({ description: 'A picture named by URL (marketplace feed or vendor); not stored here, so without sized variants' }),
      ),
      images: Type.Array(
        Type.Object({
          id: Type.Integer(),
          width: Type.Integer(),
          height: Type.Integer(),
          variants: Type.Array(ImageVariant, { description: 'The original, 800 px and 200 px (longest side), WebP' }),
        }),
      ),
      ...rowFields(VendorProductListRow, ['updated_at']),
    }),
  ],
  { $id: 'ShopProductDetail' },
);
