/**
 * The exchange-rates area's public contract: the euro foreign exchange reference rates the ECB
 * publishes each working day (about 16:00 CET), as loaded from its daily or historical file. A
 * day's rates are one stream, `ecb_rates-<YYYY-MM-DD>`, so an invoice that states its VAT in a
 * non-euro currency (Art. 230, 91(2)) can be reproduced later with the very rate it used.
 */
import type { ReferenceRates } from '../../src/core/vat/localCurrency.ts';

/** A day's rates: declared in src/core/vat with the conversion that reads them (the invoices ask for them through a module hook). */
export type { ReferenceRates };

/** A day's reference rates were recorded; `corrected` when they replace rates recorded before for that day. */
export type EcbReferenceRatesRecorded = {
  type: 'EcbReferenceRatesRecorded';
  data: ReferenceRates & { source: string; corrected: boolean; at: string };
};

export type ExchangeRateEvent = EcbReferenceRatesRecorded;
