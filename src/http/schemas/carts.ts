import { Type } from '@sinclair/typebox';
import { MAX_LINE_QUANTITY } from '../../../commands/carts/cart.ts';
import { SESSION_ID_FORMAT } from '../../../commands/carts/sessionId.ts';
import { Nullable } from '../responses.ts';
import { Id, Language } from '../validation.ts';

/**
 * The session cart's requests and answers (SPEC.md part 2 "Cart item": AddToCartRequest,
 * UpdateCartItemRequest, CartResponse, CartItemResponse, CartOperationResponse,
 * ClearCartResponse), built by src/http/shop/cartView.ts.
 */
const Cents = Type.Integer();

/**
 * The format is checked by the route (commands/carts/sessionId.ts), not by the schema, so that a
 * refused id answers CartValidationException with the format in its detail.
 */
export const SessionId = Type.String({ minLength: 1, maxLength: 1024, description: `The cart's session id: ${SESSION_ID_FORMAT}` });
export const CartParams = Type.Object({ session_id: SessionId });
export const CartItemParams = Type.Object({ session_id: SessionId, product_id: Id });

const Quantity = Type.Integer({ description: `Units: 1 to ${MAX_LINE_QUANTITY} per line` });

export const AddToCartRequest = Type.Object(
  {
    product_id: Id,
    quantity: Type.Optional(Type.Integer({ description: `Units to add (default 1); the line holds 1 to ${MAX_LINE_QUANTITY}` })),
  },
  { $id: 'AddToCartRequest', additionalProperties: false },
);

export const UpdateCartItemRequest = Type.Object({ quantity: Quantity }, { $id: 'UpdateCartItemRequest', additionalProperties: false });

export const CartItemResponse = Type.Object(
  {
    product_id: Type.Integer(),
    title: Nullable(Type.String({ description: "In the request's language; null when the product left the catalogue" })),
    image: Nullable(Type.String()),
    sku: Nullable(Type.String()),
    gtin: Nullable(Type.String()),
    is_digital: Type.Boolean(),
    quantity: Type.Integer(),
    price_at_add_cents: Type.Integer({ description: 'The price when the line was first added' }),
    accepted_price_cents: Nullable(Type.Integer({ description: 'A higher price the customer accepted since, if any' })),
    current_price_cents: Nullable(
      Type.Integer({ description: 'The price now (the sale price when set and lower); null when the product is no longer for sale' }),
    ),
    unit_price_cents: Type.Integer({ description: 'What a unit costs in this cart: the lower of the current and the agreed price' }),
    line_total_cents: Cents,
    vat_rate: Type.Number({ description: "Percent of the product's rate category in the vendor's country (the estimate of the cart)" }),
    available: Type.Boolean({ description: 'The product is for sale and its stock covers the line' }),
    available_quantity: Nullable(Type.Integer({ description: 'Units free in stock; null for digital products (unlimited)' })),
    price_increased: Type.Boolean({
      description: 'The current price is above the agreed one: accept it (…/accept-price) or it stays unpaid and blocks the order',
    }),
    price_decreased: Type.Boolean({ description: 'The current price is below the agreed one; the line charges the lower price' }),
    formatted: Type.Object({
      price_at_add: Type.String(),
      current_price: Nullable(Type.String()),
      unit_price: Type.String(),
      line_total: Type.String(),
    }),
  },
  { $id: 'CartItemResponse' },
);

export const CartVat = Type.Object(
  {
    rate: Type.Number({ description: 'Percent' }),
    amount_cents: Cents,
    formatted: Type.String(),
  },
  { $id: 'CartVat' },
);

export const CartResponse = Type.Object(
  {
    session_id: Type.String(),
    vendor_id: Type.Integer(),
    language: Language,
    currency: Type.String(),
    items: Type.Array(CartItemResponse),
    totals: Type.Object(
      {
        subtotal_cents: Cents,
        vat: Type.Array(CartVat, {
          description: "VAT included in the prices, per rate, estimated for the vendor's country; the order fixes it for the destination",
        }),
        vat_country_iso: Type.String(),
        total_cents: Cents,
        item_count: Type.Integer({ description: 'Units of the lines counted in the totals' }),
        formatted: Type.Object({ subtotal: Type.String(), total: Type.String() }),
      },
      { description: 'Over the available lines only: a line that is not available cannot be ordered' },
    ),
    has_price_increases: Type.Boolean(),
    can_check_out: Type.Boolean({ description: 'Not empty, every line available, no price rise left to accept' }),
    version: Type.Integer({ description: "The cart stream's version: 0 for a cart never used" }),
  },
  { $id: 'CartResponse' },
);

export const CartOperationResponse = Type.Object({ message: Type.String(), cart: CartResponse }, { $id: 'CartOperationResponse' });
export const ClearCartResponse = Type.Object(
  { message: Type.String(), removed_items: Type.Integer(), cart: CartResponse },
  { $id: 'ClearCartResponse' },
);
export const NewCartResponse = Type.Object({ session_id: Type.String(), format: Type.String() }, { $id: 'NewCartResponse' });
