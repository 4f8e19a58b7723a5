import type { Clock } from '../../src/core/clock.ts';
import { ExchangeRateUnavailableException } from '../../src/core/errors.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext } from '../../src/runtime/commandHandler.ts';
import type { ReferenceRates } from './events.ts';
import { referenceRates } from './referenceRates.ts';

/** How far back a rate is looked for: the ECB publishes on TARGET working days only (holidays, weekends). */
export const RATE_LOOKBACK_DAYS = 10;

/** Records each day of a loaded file; days already recorded with the same rates add nothing. */
export async function recordReferenceRates(
  deps: { store: EventStore; clock: Clock },
  days: ReferenceRates[],
  source: string,
  ctx: CommandContext,
) {
  const at = deps.clock.now().toISOString();
  let recorded = 0;
  const done = [];
  for (const day of days) {
    const result = await handleCommand(
      deps.store,
      referenceRates,
      day.date,
      { type: 'RecordReferenceRates', data: { ...day, source, at } },
      ctx,
    );
    recorded += result.events.length;
    done.push(result);
  }
  return { days: days.length, recorded, done };
}

const previousDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The ECB rates of the latest day published before the tax point (Art. 91(2)) that has a rate for
 * every currency asked: the tax point's own day does not count, its rates appear in its
 * afternoon. Read from the recorded days' streams, never fetched while an invoice is made.
 */
export async function ratesBefore(store: EventStore, taxPoint: string, currencies: string[]): Promise<ReferenceRates> {
  let date = taxPoint.slice(0, 10);
  for (let i = 0; i < RATE_LOOKBACK_DAYS; i++) {
    date = previousDay(date);
    const { state } = await load(store, referenceRates, date);
    const rates = state.rates;
    if (rates && currencies.every((c) => c === 'EUR' || rates[c] !== undefined)) return { date, rates };
  }
  throw new ExchangeRateUnavailableException(
    `No ECB reference rate for ${currencies.join(', ')} published in the ${RATE_LOOKBACK_DAYS} days before ${taxPoint.slice(0, 10)}; load the rates (npm run exchange-rates -- --file … or --url …) and try again`,
    { currencies, tax_point: taxPoint.slice(0, 10) },
  );
}
