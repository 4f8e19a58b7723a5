import type { ReferenceRates } from '../../commands/exchange-rates/events.ts';
import { ReferenceRatesFileException } from '../core/errors.ts';

/**
 * The ECB's euro foreign exchange reference rates file (eurofxref-daily.xml, or the historical
 * eurofxref-hist*.xml with many days): `<Cube time="YYYY-MM-DD">` holding
 * `<Cube currency="USD" rate="1.0512"/>` per currency. Read with a strict scanner: a file with
 * no day in it, a malformed date, currency or rate is refused as a whole, never half-loaded.
 */
const DAY = /<Cube\s+time=(["'])(\d{4}-\d{2}-\d{2})\1\s*>([\s\S]*?)<\/Cube>/g;
const RATE = /<Cube\s+currency=(["'])([^"']*)\1\s+rate=(["'])([^"']*)\3\s*\/>/g;

export function parseReferenceRates(xml: string): ReferenceRates[] {
  if (!/eurofxref/.test(xml) || !/<Cube/.test(xml))
    throw new ReferenceRatesFileException('Not an ECB reference rates file (eurofxref XML)');
  const days: ReferenceRates[] = [];
  for (const day of xml.matchAll(DAY)) {
    const date = day[2];
    if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new ReferenceRatesFileException(`Not a date: ${date}`);
    const rates: Record<string, string> = {};
    for (const r of day[3].matchAll(RATE)) {
      const currency = r[2];
      const rate = r[4];
      if (!/^[A-Z]{3}$/.test(currency)) throw new ReferenceRatesFileException(`Not a currency code on ${date}: ${currency}`);
      if (!/^\d+(\.\d{1,12})?$/.test(rate) || Number(rate) <= 0)
        throw new ReferenceRatesFileException(`Not a rate for ${currency} on ${date}: ${rate}`);
      rates[currency] = rate;
    }
    if (Object.keys(rates).length === 0) throw new ReferenceRatesFileException(`No rate on ${date}`);
    days.push({ date, rates });
  }
  if (days.length === 0) throw new ReferenceRatesFileException('The file holds no reference day');
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

/** Fetches a reference rates file from a configured URL (bounded in time and size). */
export async function fetchReferenceRates(url: string, options: { timeoutMs?: number; maxBytes?: number } = {}): Promise<ReferenceRates[]> {
  const res = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
  if (!res.ok) throw new ReferenceRatesFileException(`The rates URL answered ${res.status}`);
  const text = await res.text();
  if (text.length > (options.maxBytes ?? 20 * 1024 * 1024)) throw new ReferenceRatesFileException('The rates file is too large');
  return parseReferenceRates(text);
}
