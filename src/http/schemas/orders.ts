import { Type } from '@sinclair/typebox';
import {
  ExtmarketPushRow,
  ORDER_SORTS,
  OrderItemExceptionRow,
  OrderItemRow,
  OrderListRow,
  OrderShipmentRow,
  type OrderSort,
} from '../../../queries/orders/listOrders.ts';
import { BoundedTotal, Nullable, Page, rowFields } from '../responses.ts';
import { ItemStatus, OrderStatus } from './orderStatus.ts';
import { Id, PageQuery, SortQuery } from '../validation.ts';

/**
 * The orders' requests and answers, shared by the admin routes (src/http/admin/orders.ts) and the
 * vendor's (src/http/vendor/orders.ts, extmarketOrders.ts, orderItemExceptions.ts): order rows
 * (queries/orders/listOrders.ts orderRow), the detail (getOrder.ts), the shipment status
 * (getShipmentStatus.ts) and the order item exceptions (listOrderItemExceptions.ts exceptionRow).
 */
const Text = Nullable(Type.String());

export { ItemStatus, OrderStatus };
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
    ...rowFields(OrderListRow, ['id', 'order_number', 'vendor_id'] as const),
    vendor_name: Text,
    vendor_code: Text,
    channel: Channel,
    status: OrderStatus,
    ...rowFields(OrderListRow, [
      'order_date',
      'external_order_id',
      'external_shipment_id',
      'customer_first_name',
      'customer_last_name',
      'customer_email',
      'customer_locale',
      'shipping_country_iso',
      'billing_country_iso',
      'currency',
      'vat_regime',
    ] as const),
    // numeric and bigint columns, answered as JSON numbers
    vat_rate: Type.Number(),
    ...rowFields(OrderListRow, ['vat_country_iso', 'seller_country_iso', 'buyer_vat_number', 'vat_exemption_reference'] as const),
    net_cents: Type.Integer(),
    vat_cents: Type.Integer(),
    gross_cents: Type.Integer(),
    total_amount_cents: Type.Integer({ description: 'The same as gross_cents' }),
    ...rowFields(OrderListRow, [
      'item_count',
      'open_exception_count',
      'tracking_number',
      'carrier',
      'sync_job_id',
      'customer_id',
      'shipping_cents',
      'imported_at',
      'updated_at',
    ] as const),
  },
  { $id: 'OrderListItem' },
);

/** A page of orders (the admin, vendor and extmarket order lists), its total bounded. */
export const OrderList = Page(OrderItem, BoundedTotal, 'OrderListItemList');

const Address = Type.Object(OrderListRow.schema.properties.shipping_address.properties, { $id: 'OrderAddress' });

/** An item of an order. */
export const OrderLine = Type.Object(
  {
    ...rowFields(OrderItemRow, ['id', 'order_id'] as const),
    status: ItemStatus,
    product_id: OrderItemRow.schema.properties.product_id,
    needs_product_match: Type.Boolean({ description: "Still on the vendor's placeholder product" }),
    ...rowFields(OrderItemRow, ['product_name', 'ean', 'mpn', 'sku', 'quantity', 'shipped_quantity'] as const),
    remaining_quantity: Type.Integer({ description: 'Units of a confirmed item still to ship' }),
    // a bigint column, answered as a JSON number
    unit_price_cents: Type.Integer(),
    line_total_cents: Type.Integer(),
    ...rowFields(OrderItemRow, ['external_item_id', 'inventory_unit_ids', 'is_digital'] as const),
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
          ...rowFields(OrderItemExceptionRow, ['id', 'item_id'] as const),
          status: ExceptionStatus,
          ...rowFields(OrderItemExceptionRow, ['gtin', 'resolved_product_id', 'resolution'] as const),
        }),
      ),
      extmarket_sync_status: Type.Union([Type.Literal('in_sync'), Type.Literal('pending'), Type.Literal('failed')]),
      extmarket_pushes: Type.Array(
        Type.Object(
          rowFields(ExtmarketPushRow, [
            'key',
            'operation',
            'item_id',
            'status',
            'attempts',
            'last_error',
            'retry_at',
            'updated_at',
          ] as const),
        ),
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
    order_id: OrderListRow.schema.properties.id,
    ...rowFields(OrderListRow, ['order_number'] as const),
    status: OrderStatus,
    ...rowFields(OrderListRow, ['external_shipment_id', 'tracking_number', 'carrier'] as const),
    total_quantity: Type.Integer({ description: 'Units of the items not declined' }),
    shipped_quantity: Type.Integer(),
    is_fully_shipped: Type.Boolean(),
    is_partially_shipped: Type.Boolean(),
    items: Type.Array(
      Type.Object({
        item_id: OrderItemRow.schema.properties.id,
        ...rowFields(OrderItemRow, ['product_id', 'product_name', 'sku', 'ean'] as const),
        item_status: ItemStatus,
        ...rowFields(OrderItemRow, ['quantity', 'shipped_quantity'] as const),
        remaining_quantity: Type.Integer(),
        is_fully_shipped: Type.Boolean(),
        ...rowFields(OrderItemRow, ['is_digital'] as const),
        shipments: Type.Array(Type.Object(rowFields(OrderShipmentRow, ['quantity', 'shipped_quantity', 'shipped_at'] as const))),
        stock_issues: Type.Array(Type.Object({ quantity: Type.Integer(), error: Type.String() })),
      }),
    ),
  },
  { $id: 'ShipmentStatusResponse' },
);

/** An order item the vendor's catalogue could not match (SPEC.md 4.2 order item exceptions). */
export const OrderItemException = Type.Object(
  {
    ...rowFields(OrderItemExceptionRow, ['id', 'vendor_id', 'order_id'] as const),
    order_number: Text,
    item_id: OrderItemExceptionRow.schema.properties.item_id,
    status: ExceptionStatus,
    ...rowFields(OrderItemExceptionRow, [
      'gtin',
      'sku',
      'mpn',
      'product_name',
      'placeholder_product_id',
      'resolved_product_id',
      'resolution',
      'resolved_by',
      'resolved_at',
      'created_at',
    ] as const),
  },
  { $id: 'OrderItemException' },
);
