/**
 * The GraphQL operations this service sends to the extmarket. Names and shapes follow the
 * third-party notes of the product-feed reference, docs/orders.md "Product feed" (shipments, inventory units,
 * confirmInventoryUnits with isAvailable, tracking); the local test server implements exactly
 * this schema (test/support/extmarketServer.ts), so a change here fails the tests there.
 */
const ADDRESS = 'firstName lastName company streetName streetNumber zipCode city country { iso } vatNumber';
const SHIPMENT = `
  id state
  order { id number completedAt email locale shipAddress { ${ADDRESS} } billAddress { ${ADDRESS} } }
  inventoryUnits { id state price variant { sku mpn tradeId { number parser } product { name { en fr de } } } }`;

export const ME = 'query Me { me { vendor { name } } }';

/** The shop the key belongs to, as the signup claims it (the vendor's extmarket identity fields). */
export const SHOP_IDENTITY = 'query ShopIdentity { me { vendor { id slug name } } }';

export const UNCONFIRMED_SHIPMENTS = `query UnconfirmedShipments {
  shipments(state: unconfirmed) { nodes { ${SHIPMENT} } }
}`;

export const HISTORICAL_SHIPMENTS = `query HistoricalShipments($first: Int!, $after: String) {
  shipments(state: confirmed, first: $first, after: $after, includeDeclined: true) {
    pageInfo { hasNextPage endCursor }
    nodes { ${SHIPMENT} }
  }
}`;

export const CONFIRM_INVENTORY_UNITS = `mutation ConfirmInventoryUnits($input: ConfirmInventoryUnitsInput!) {
  confirmInventoryUnits(input: $input) { inventoryUnits { id state } errors { id code message } }
}`;

export const SET_SHIPMENT_TRACKING = `mutation SetShipmentTracking($input: SetShipmentTrackingInput!) {
  setShipmentTracking(input: $input) { shipment { id tracking { code provider } } errors { code message } }
}`;
