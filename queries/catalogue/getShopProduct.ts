import type { Knex } from 'knex';
import { MediaNotFoundException } from '../../src/core/errors.ts';
import { ProductNotFoundException } from '../../commands/catalogue/errors.ts';
import { basisPointsToPercent } from '../../src/core/money.ts';
import { sql } from '../../src/runtime/database.ts';
import {
  SHOP_PRODUCT_COLUMNS,
  SHOP_PRODUCT_EXTRAS,
  SHOP_VISIBLE,
  toShopProduct,
  type ShopProductRow,
  type ShopView,
} from './shopProduct.ts';

type Variant = 'original' | '800' | '200';

/**
 * What the shop shows of an uploaded image: columns of media_list (projections/media/mediaList.ts),
 * named here because the media area builds on the catalogue, not the catalogue on it.
 */
interface ShopImageRow {
  id: number;
  width: number;
  height: number;
  variants: { variant: Variant; width: number; height: number }[];
}

/**
 * One product of the shop (GET /api/v1/shop/products/{id}): the list's fields, every
 * translation, the VAT rate category and the product's images. Another vendor's product, an
 * inactive or deleted one and the placeholder are ProductNotFoundException, exactly as an
 * unknown id is: a shopper learns nothing about products the shop does not show.
 *
 * Images: the ones uploaded for the product (media_list.product_id, commands/media), in upload
 * order, each as the original, 800 px and 200 px WebP variants of SPEC.md part 8, with the URL the
 * client loads them from. `image_link` is the picture a marketplace feed or the vendor named by
 * URL: the service holds no file of it, so it has no sized variants.
 */
export async function getShopProduct(knex: Knex, vendorId: number, id: number, view: ShopView) {
  const [row] = await sql<ShopProductRow>(
    knex,
    `SELECT ${SHOP_PRODUCT_COLUMNS}, ${SHOP_PRODUCT_EXTRAS} FROM vendor_product_list p WHERE ${SHOP_VISIBLE} AND p.id = $2`,
    [vendorId, id],
    'shop_product',
  );
  if (!row) throw new ProductNotFoundException(`Product ${id} not found`);
  const media = await sql<ShopImageRow>(
    knex,
    'SELECT id, width, height, variants FROM media_list WHERE product_id = $1 AND vendor_id = $2 ORDER BY id',
    [id, vendorId],
    'shop_product_images',
  );
  const translations = row.translations;
  return {
    ...toShopProduct(row, view),
    translations: Object.fromEntries(
      Object.entries(translations).map(([language, t]) => [
        language,
        { title: t.title, description: t.description ?? null, short_description: t.short_description ?? null },
      ]),
    ),
    languages: Object.keys(translations).sort(),
    vat_rate_category: row.vat_rate_category ?? 'standard',
    tax_rate_percent: basisPointsToPercent(row.tax_rate_bp),
    image_link: row.image_link,
    images: media.map((m) => ({
      id: m.id,
      width: m.width,
      height: m.height,
      variants: m.variants.map((v) => ({
        variant: v.variant,
        width: v.width,
        height: v.height,
        url: view.imageUrl(id, m.id, v.variant),
      })),
    })),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * An image of a product the shop shows, for serving its file: an image of another product, of a
 * product the shop does not show, or of another vendor is MediaNotFoundException.
 */
export async function getShopProductImage(knex: Knex, vendorId: number, productId: number, imageId: number): Promise<{ id: number }> {
  const [found] = await sql<Pick<ShopImageRow, 'id'>>(
    knex,
    `SELECT m.id FROM media_list m JOIN vendor_product_list p ON p.id = m.product_id
    WHERE ${SHOP_VISIBLE} AND p.id = $2 AND m.id = $3 AND m.vendor_id = $1`,
    [vendorId, productId, imageId],
    'shop_product_image',
  );
  if (!found) throw new MediaNotFoundException(`Image ${imageId} of product ${productId} not found`);
  return { id: found.id };
}
