import { divideRounded } from '../money.ts';
import { countryVat } from './rates.ts';

/**
 * VAT stated in the currency of the member state where it is due (Art. 230; the conversion at
 * the ECB's latest reference rate published before the tax point, Art. 91(2)). ECB rates are
 * units of a currency per 1 EUR, as decimal strings; amounts stay integer cents, converted
 * exactly with BigInt and rounded half up once.
 */
export interface LocalVat {
  currency: string;
  /** Units of `currency` per 1 unit of the invoice currency, as used (decimal string). */
  rate: string;
  /** The ECB reference date of the rate. */
  rate_date: string;
  rate_source: 'ECB euro foreign exchange reference rates';
  vat_cents: number;
}

/** The currency of the member state whose VAT applies, when it is not the invoice's; else null. */
export function localVatCurrency(vatCountryIso: string | null, invoiceCurrency: string): string | null {
  if (!vatCountryIso) return null;
  const currency = countryVat(vatCountryIso).currency;
  return currency === invoiceCurrency ? null : currency;
}

const SCALE = 10n ** 12n;

/** A positive decimal string as an integer scaled by 10^12 (the ECB writes at most 6 significant decimals). */
function scaled(decimal: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,12}))?$/.exec(decimal);
  if (!m) throw new RangeError(`not a rate: ${decimal}`);
  return BigInt(m[1]) * SCALE + BigInt((m[2] ?? '').padEnd(12, '0'));
}

/**
 * The VAT of an invoice in the local currency. `eurRates` are the ECB's rates of one day; the
 * invoice currency is EUR or one of them (a cross rate through the euro then).
 */
export function convertVat(
  vatCents: number,
  invoiceCurrency: string,
  localCurrency: string,
  eurRates: Record<string, string>,
  rateDate: string,
): LocalVat {
  const perEur = (c: string) => (c === 'EUR' ? SCALE : eurRates[c] !== undefined ? scaled(eurRates[c]) : null);
  const local = perEur(localCurrency);
  const invoice = perEur(invoiceCurrency);
  if (local === null || invoice === null)
    throw new RangeError(`no ECB rate for ${local === null ? localCurrency : invoiceCurrency} on ${rateDate}`);
  const vat = divideRounded(BigInt(vatCents) * local, invoice);
  const rate = invoiceCurrency === 'EUR' ? eurRates[localCurrency] : formatRatio(local, invoice);
  return {
    currency: localCurrency,
    rate,
    rate_date: rateDate,
    rate_source: 'ECB euro foreign exchange reference rates',
    vat_cents: Number(vat),
  };
}

/** A cross rate with six decimals, for the invoice's statement of the rate used. */
function formatRatio(n: bigint, d: bigint): string {
  const micro = divideRounded(n * 1_000_000n, d);
  return `${micro / 1_000_000n}.${String(micro % 1_000_000n).padStart(6, '0')}`;
}

/** The same statement for another VAT amount at the rate already used (a credit note of the invoice). */
export function atSameRate(vatCents: number, used: LocalVat): LocalVat {
  return { ...used, vat_cents: Number(divideRounded(BigInt(vatCents) * scaled(used.rate), SCALE)) };
}

/** The ECB's euro reference rates of one day, as recorded by the exchange-rates area. */
export interface ReferenceRates {
  /** The ECB's reference date (the day the rates were published). */
  date: string;
  /** Units of the currency per 1 EUR, as the ECB writes them (decimal strings, e.g. "395.38"). */
  rates: Record<string, string>;
}
