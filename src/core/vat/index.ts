/** EU VAT for orders and invoices (SPEC.md part 1 capability 4, ../shared/reference/eu-vat-rules.md). */
export * from './rates.ts';
export * from './regime.ts';
export * from './amounts.ts';
export * from './localCurrency.ts';
export * from './orderVat.ts';
