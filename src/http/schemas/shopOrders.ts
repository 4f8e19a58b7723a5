import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../responses.ts';
import { Id } from '../validation.ts';
import { ItemStatus, OrderStatus } from './orderStatus.ts';

/**
 * The shop's view of orders (SPEC.md 4.3 /orders): what a customer sees of their own orders.
 * Vendor-side fields (extmarket ids, pushes, item exceptions, the placeholder) stay out.
 */
const Line = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '^[^\\u0000-\\u001f]*$' });
const OptionalLine = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max, pattern: '^[^\\u0000-\\u001f]*$' })));

/** An address given with the order instead of a saved one. */
export const InlineAddress = Type.Object(
  {
    first_name: Line(100),
    last_name: Line(100),
    company: OptionalLine(200),
    street: Line(200),
    street_2: OptionalLine(200),
    postal_code: Line(20),
    city: Line(100),
    country_iso: Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' }),
  },
  { $id: 'ShopOrderAddressInput', additionalProperties: false },
);

export const PlaceOrderBody = Type.Object(
  {
    session_id: Type.String({
      minLength: 22,
      maxLength: 128,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'The cart to order from (see the cart routes)',
    }),
    shipping_address_id: Type.Optional(Id),
    shipping_address: Type.Optional(InlineAddress),
    billing_address_id: Type.Optional(Id),
    billing_address: Type.Optional(InlineAddress),
    vat_number: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          pattern: '^[A-Za-z]{2}[A-Za-z0-9 .-]{2,18}$',
          description: "A business buyer's EU VAT number; checked with VIES (reverse charge when valid and cross-border)",
        }),
      ),
    ),
  },
  {
    $id: 'PlaceOrderRequest',
    additionalProperties: false,
    description:
      'Each address is a saved address (…_address_id) or given inline (…_address); the billing address defaults to the shipping address.',
  },
);

const OrderAddress = Type.Object(
  {
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    company: Nullable(Type.String()),
    street: Nullable(Type.String()),
    street_2: Nullable(Type.String()),
    postal_code: Nullable(Type.String()),
    city: Nullable(Type.String()),
    country_iso: Nullable(Type.String()),
  },
  { $id: 'ShopOrderAddress' },
);

export const ShopOrderSummary = Type.Object(
  {
    id: Type.Integer(),
    order_number: Type.String(),
    status: OrderStatus,
    order_date: Timestamp,
    item_count: Type.Integer(),
    currency: Type.String(),
    total_cents: Type.Integer({ description: 'What the customer paid, VAT included' }),
    formatted: Type.Object({ total: Type.String() }, { description: "Amounts formatted in the customer's language" }),
    tracking_number: Nullable(Type.String()),
    carrier: Nullable(Type.String()),
  },
  { $id: 'ShopOrderSummary' },
);

export const ShopOrderDetail = Type.Composite(
  [
    ShopOrderSummary,
    Type.Object({
      items: Type.Array(
        Type.Object({
          item_id: Type.Integer(),
          product_id: Type.Integer(),
          product_name: Type.String(),
          sku: Nullable(Type.String()),
          quantity: Type.Integer(),
          shipped_quantity: Type.Integer(),
          status: ItemStatus,
          unit_price_cents: Type.Integer(),
          line_total_cents: Type.Integer(),
          is_digital: Type.Boolean(),
        }),
      ),
      shipping_address: OrderAddress,
      billing_address: OrderAddress,
      shipping_cents: Type.Integer(),
      vat: Type.Object({
        regime: Type.String({ description: 'domestic, origin, oss, reverse_charge or export' }),
        rate: Type.Number({ description: 'Percent of the main rate applied; 0 for an exempt supply' }),
        country_iso: Nullable(Type.String()),
        buyer_vat_number: Nullable(Type.String()),
        exemption_reference: Nullable(Type.String()),
        net_cents: Type.Integer(),
        vat_cents: Type.Integer(),
        gross_cents: Type.Integer(),
      }),
      shipments: Type.Array(
        Type.Object({
          item_id: Type.Integer(),
          shipped_quantity: Type.Integer(),
          remaining_quantity: Type.Integer(),
        }),
        { description: 'What has left the warehouse, item by item' },
      ),
    }),
  ],
  { $id: 'ShopOrderDetail' },
);
