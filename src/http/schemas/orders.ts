import { Type } from '@sinclair/typebox';
import { ORDER_SORTS, type OrderSort } from '../../../queries/orders/listOrders.ts';
import { BoundedTotal, Nullable, NullableTimestamp, Page, Timestamp } from '../responses.ts';
import { Id, PageQuery, SortQuery } from '../validation.ts';

/**
 * The orders' requests and answers, shared by the admin routes (src/http/admin/orders.ts) and the
 * vendor's (src/http/vendor/orders.ts, extmarketOrders.ts, orderItemExceptions.ts): order rows
 * (queries/orders/listOrders.ts orderRow), the detail (getOrder.ts), the shipment status
 * (getShipmentStatus.ts) and the order item exceptions (listOrderItemExceptions.ts exceptionRow).
 */
const Text = Nullable(Type.String());

export const OrderStatus = Type.Union(
  ['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped'].map((s) => Type.Literal(s)),
  { $id: 'OrderStatus' },
);
export const ItemStatus = Type.Union(
  ['unconfirmed', 'confirmed', 'declined'].map((s) => Type.Literal(s)),
  { $id: 'OrderItemStatus' },
);
export const ExceptionStatus = Type.Union(
  ['pending', 'resolved', 'ignored'].map((s) => Type.Literal(s)),
  { $id: 'OrderItemExceptionStatus' },
);
export const Channel = Type.Union([Type.Literal('extmarket'), Type.Literal('shop')], { $id: 'OrderChannel' });
export const OrderParams = Type.Object({ order_id: Id });
export const ItemParams = Type.Object({ order_id: Id, item_id: Id });
export const OrderSearch = Type.String({ maxLength: 100, pattern: '^[^\\u0000-\\u001f]*$' });

/** The order lists' `sort` (queries/orders/listOrders.ts ORDER_SORTS). */
export const OrderSortQuery = SortQuery(
  Object.keys(ORDER_SORTS) as OrderSort[],
  'order_date, total (gross_cents) or status; a leading - sorts descending; default -order_date (newest first); ties end on the order id',
);

/** The filters every order list has (the admin's adds vendor_id, the extmarket list drops channel). */
export const OrderListQuery = {
  ...PageQuery,
  status: Type.Optional(OrderStatus),
  channel: Type.Optional(Channel),
  search: Type.Optional(OrderSearch),
  sort: OrderSortQuery,
};

/** An order row of a list: the head of the order, its VAT fields and totals, the vendor. */
export const OrderItem = Type.Object(
  {
    id: Type.Integer(),
    order_number: Type.String(),
    vendor_id: Type.Integer(),
    vendor_name: Text,
    vendor_code: Text,
    channel: Channel,
    status: OrderStatus,
    order_date: Timestamp,
    external_order_id: Text,
    external_shipment_id: Text,
    customer_first_name: Text,
    customer_last_name: Text,
    customer_email: Text,
    customer_locale: Text,
    shipping_country_iso: Text,
    billing_country_iso: Text,
    currency: Type.String(),
    vat_regime: Type.String(),
    vat_rate: Type.Number(),
    vat_country_iso: Text,
    seller_country_iso: Type.String(),
    buyer_vat_number: Text,
    vat_exemption_reference: Text,
    net_cents: Type.Integer(),
    vat_cents: Type.Integer(),
    gross_cents: Type.Integer(),
    total_amount_cents: Type.Integer({ description: 'The same as gross_cents' }),
    item_count: Type.Integer(),
    open_exception_count: Type.Integer(),
    tracking_number: Text,
    carrier: Text,
    sync_job_id: Nullable(Type.Integer()),
    customer_id: Nullable(Type.Integer({ description: 'The shop customer who placed the order; null for extmarket orders' })),
    shipping_cents: Type.Integer({ description: 'The delivery charge, VAT included (0 when none)' }),
    imported_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'OrderListItem' },
);

/** A page of orders (the admin, vendor and extmarket order lists), its total bounded. */
export const OrderList = Page(OrderItem, BoundedTotal, 'OrderListItemList');

const Address = Type.Object(
  {
    first_name: Text,
    last_name: Text,
    company: Text,
    street: Text,
    street_2: Text,
    postal_code: Text,
    city: Text,
    country_iso: Text,
  },
  { $id: 'OrderAddress' },
);

/** An item of an order. */
export const OrderLine = Type.Object(
  {
    id: Type.Integer(),
    order_id: Type.Integer(),
    status: ItemStatus,
    product_id: Type.Integer(),
    needs_product_match: Type.Boolean({ description: "Still on the vendor's placeholder product" }),
    product_name: Type.String(),
    ean: Text,
    mpn: Text,
    sku: Text,
    quantity: Type.Integer(),
    shipped_quantity: Type.Integer(),
    remaining_quantity: Type.Integer({ description: 'Units of a confirmed item still to ship' }),
    unit_price_cents: Type.Integer(),
    line_total_cents: Type.Integer(),
    external_item_id: Text,
    inventory_unit_ids: Type.Array(Type.String()),
    is_digital: Type.Boolean(),
  },
  { $id: 'OrderLine' },
);

/** One order with its items, addresses, item exceptions and the state of the pushes to the extmarket. */
export const OrderDetail = Type.Composite(
  [
    OrderItem,
    Type.Object({
      shipping_address: Address,
      billing_address: Address,
      items: Type.Array(OrderLine),
      exceptions: Type.Array(
        Type.Object({
          id: Type.Integer(),
          item_id: Type.Integer(),
          status: ExceptionStatus,
          gtin: Text,
          resolved_product_id: Nullable(Type.Integer()),
          resolution: Text,
        }),
      ),
      extmarket_sync_status: Type.Union([Type.Literal('in_sync'), Type.Literal('pending'), Type.Literal('failed')]),
      extmarket_pushes: Type.Array(
        Type.Object({
          key: Type.String(),
          operation: Type.String(),
          item_id: Nullable(Type.Integer()),
          status: Type.String(),
          attempts: Type.Integer(),
          last_error: Text,
          retry_at: NullableTimestamp,
          updated_at: Timestamp,
        }),
      ),
    }),
  ],
  { $id: 'OrderDetailResponse' },
);

/** A tracking number for an order's shipment (and its carrier). */
export const TrackingBody = Type.Object(
  {
    tracking_number: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9 ._/-]*$' }),
    carrier: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 50, pattern: '^[^\\u0000-\\u001f]+$' }), Type.Null()])),
  },
  { $id: 'TrackingRequest', additionalProperties: false },
);

/** Item-level shipment status of an order (SPEC.md 4.2 GET /orders/{order_id}/shipment-status). */
export const ShipmentStatus = Type.Object(
  {
    order_id: Type.Integer(),
    order_number: Type.String(),
    status: OrderStatus,
    external_shipment_id: Text,
    tracking_number: Text,
    carrier: Text,
    total_quantity: Type.Integer({ description: 'Units of the items not declined' }),
    shipped_quantity: Type.Integer(),
    is_fully_shipped: Type.Boolean(),
    is_partially_shipped: Type.Boolean(),
    items: Type.Array(
      Type.Object({
        item_id: Type.Integer(),
        product_id: Type.Integer(),
        product_name: Type.String(),
        sku: Text,
        ean: Text,
        item_status: ItemStatus,
        quantity: Type.Integer(),
        shipped_quantity: Type.Integer(),
        remaining_quantity: Type.Integer(),
        is_fully_shipped: Type.Boolean(),
        is_digital: Type.Boolean(),
        shipments: Type.Array(
          Type.Object({
            quantity: Type.Integer(),
            shipped_quantity: Type.Integer({ description: 'Of the item, after this shipment' }),
            shipped_at: Timestamp,
          }),
        ),
        stock_issues: Type.Array(Type.Object({ quantity: Type.Integer(), error: Type.String() })),
      }),
    ),
  },
  { $id: 'ShipmentStatusResponse' },
);

/** An order item the vendor's catalogue could not match (SPEC.md 4.2 order item exceptions). */
export const OrderItemException = Type.Object(
  {
    id: Type.Integer(),
    vendor_id: Type.Integer(),
    order_id: Type.Integer(),
    order_number: Text,
    item_id: Type.Integer(),
    status: ExceptionStatus,
    gtin: Text,
    sku: Text,
    mpn: Text,
    product_name: Type.String(),
    placeholder_product_id: Type.Integer(),
    resolved_product_id: Nullable(Type.Integer()),
    resolution: Nullable(Type.String({ description: 'manual, product_imported or ignored' })),
    resolved_by: Text,
    resolved_at: NullableTimestamp,
    created_at: Timestamp,
  },
  { $id: 'OrderItemException' },
);
