import type { Static } from '@sinclair/typebox';
import type { CartState } from '../../../commands/carts/cart.ts';
import { cartProduct, type CartProductReader, currentPriceCents } from '../../../commands/carts/cartProduct.ts';
import { productTitle } from '../../../commands/carts/checkout.ts';
import { linePrice } from '../../../commands/carts/linePrice.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { formatMoney } from '../../core/money.ts';
import { appliedRate, decideVatRegime, vatAmounts } from '../../core/vat/index.ts';
import { sellerStateOf } from '../../modules/registry.ts';
import type { Services } from '../../runtime/services.ts';
import type { CartItemResponse, CartResponse } from '../schemas/carts.ts';

type Item = Static<typeof CartItemResponse>;
type Cart = Static<typeof CartResponse>;

const DEFAULT_CURRENCY = 'EUR';

/**
 * The cart as the shopper sees it (CartResponse): each line with its price at add, the price
 * now and what it charges (commands/carts/linePrice.ts), its stock, and totals over the lines
 * that can be ordered. Prices are gross, so the VAT is the part of them it is: estimated at
 * each product's rate category in the vendor's country (src/core/vat); the order fixes the VAT
 * for its destination. Products and stock are read from their streams, as the checkout reads them.
 */
export async function cartView(
  services: Services,
  vendorId: number,
  sessionId: string,
  cart: { state: CartState; version: number },
  language: LanguageCode,
  readProduct: CartProductReader = (vendor, product) => cartProduct(services.store, vendor, product),
): Promise<Cart> {
  // The vendor's own member state (the seller profile of orders reads the same): a cart has no
  // destination yet, and the order fixes the VAT for where the goods go.
  const [country, products] = await Promise.all([
    sellerStateOf(services, vendorId),
    Promise.all(cart.state.lines.map((l) => readProduct(vendorId, l.product_id))),
  ]);
  let currency: string | null = null;
  const items: Item[] = cart.state.lines.map((line, i) => {
    const { product, sellable, available } = products[i];
    const forSale = product !== null && sellable;
    const current = forSale ? currentPriceCents(product) : null;
    const price =
      current === null
        ? { unit_price_cents: line.agreed_price_cents, price_increased: false, price_decreased: false }
        : linePrice(line.agreed_price_cents, current);
    const lineCurrency = product?.currency ?? DEFAULT_CURRENCY;
    currency ??= product?.currency ?? null;
    const fmt = (c: number) => formatMoney(c, lineCurrency, language);
    const total = price.unit_price_cents * line.quantity;
    return {
      product_id: line.product_id,
      title: product ? productTitle(product, language) : null,
      image: product?.image_link ?? null,
      sku: product?.vendor_sku ?? null,
      gtin: product?.gtin ?? null,
      is_digital: product?.is_digital ?? false,
      quantity: line.quantity,
      price_at_add_cents: line.price_at_add_cents,
      accepted_price_cents: line.agreed_price_cents !== line.price_at_add_cents ? line.agreed_price_cents : null,
      current_price_cents: current,
      unit_price_cents: price.unit_price_cents,
      line_total_cents: total,
      vat_rate: appliedRate(country, product?.vat_rate_category ?? 'standard').rate_bp / 100,
      available: forSale && (available === null || line.quantity <= available),
      available_quantity: forSale ? available : 0,
      price_increased: price.price_increased,
      price_decreased: price.price_decreased,
      formatted: {
        price_at_add: fmt(line.price_at_add_cents),
        current_price: current === null ? null : fmt(current),
        unit_price: fmt(price.unit_price_cents),
        line_total: fmt(total),
      },
    };
  });
  const cur = currency ?? DEFAULT_CURRENCY;
  const counted = items.filter((it) => it.available);
  const categoryOf = new Map(
    products.map((p, i) => [cart.state.lines[i].product_id, p.product?.vat_rate_category ?? ('standard' as const)]),
  );
  const vat = vatAmounts(
    counted.map((it) => ({ quantity: it.quantity, unit_price_cents: it.unit_price_cents, rate_category: categoryOf.get(it.product_id) })),
    decideVatRegime({ seller_country_iso: country, destination_country_iso: country }),
    'gross',
  );
  const subtotal = counted.reduce((s, it) => s + it.line_total_cents, 0);
  const hasRises = items.some((it) => it.price_increased);
  return {
    session_id: sessionId,
    vendor_id: vendorId,
    language,
    currency: cur,
    items,
    totals: {
      subtotal_cents: subtotal,
      vat: vat.groups
        .filter((g) => g.gross_cents > 0)
        .map((g) => ({ rate: g.rate_percent, amount_cents: g.vat_cents, formatted: formatMoney(g.vat_cents, cur, language) })),
      vat_country_iso: country,
      // Prices include VAT and delivery is charged with the order: the total is the subtotal.
      total_cents: subtotal,
      item_count: counted.reduce((s, it) => s + it.quantity, 0),
      formatted: { subtotal: formatMoney(subtotal, cur, language), total: formatMoney(subtotal, cur, language) },
    },
    has_price_increases: hasRises,
    can_check_out: items.length > 0 && counted.length === items.length && !hasRises,
    version: cart.version,
  };
}
