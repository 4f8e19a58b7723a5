/** EU VAT for orders and invoices (SPEC.md part 1 capability 4, docs/orders.md "EU VAT"). */
export * from './rates.ts';
export * from './regime.ts';
export * from './amounts.ts';
export * from './localCurrency.ts';
export * from './orderVat.ts';
