import { recordReferenceRates } from '../../../commands/exchange-rates/handlers.ts';
import { referenceRates } from '../../../commands/exchange-rates/referenceRates.ts';
import { fetchReferenceRates } from '../../adapters/ecbRates.ts';
import type { Background } from '../../modules/module.ts';
import { load } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';

/**
 * A platform whose recorded ECB rates are behind loads the missing publication days when it
 * starts, not only at the next afternoon's task: a platform started on Monday morning, or
 * restored from an old backup, can state VAT in a local currency at once. "Behind" is: no rates
 * recorded for the last working day before today (the day whose rates an invoice of today uses).
 * The ECB's daily file holds one day only, so when it is the configured file the 90-day history
 * beside it is read instead (every day already recorded adds nothing). Runs beside the start-up,
 * never in its way: a failure is one warning, and the daily task tries again.
 */
const DAILY = 'eurofxref-daily.xml';
const HISTORY = 'eurofxref-hist-90d.xml';

/** The last weekday before `now` (UTC): the ECB publishes on TARGET working days. */
export function lastPublicationDay(now: Date): string {
  let t = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  do t -= 86_400_000;
  while ([0, 6].includes(new Date(t).getUTCDay()));
  return new Date(t).toISOString().slice(0, 10);
}

export async function loadMissingReferenceRates(
  services: Services,
  url: string,
  now = services.clock.now(),
): Promise<{ loaded: boolean; recorded: number; source: string | null }> {
  const wanted = lastPublicationDay(now);
  if ((await load(services.store, referenceRates, wanted)).state.rates) return { loaded: false, recorded: 0, source: null };
  const source = url.endsWith(DAILY) ? url.slice(0, -DAILY.length) + HISTORY : url;
  const days = await fetchReferenceRates(source);
  const { recorded } = await recordReferenceRates(services, days, source, {
    userId: 'system:start',
    correlationId: `ecb-rates-at-start-${wanted}`,
  });
  services.logger.info(
    { url: source, days: days.length, recorded, wanted },
    'ECB reference rates were behind: missing days loaded at start',
  );
  return { loaded: true, recorded, source };
}

/** The exchange-rates module's start-up work (EXCHANGE_RATES_URL set). */
export function catchUpReferenceRates(services: Services): Background {
  const url = services.config.exchangeRatesUrl;
  if (!url) return { stop: async () => {} };
  const work = loadMissingReferenceRates(services, url).catch((err) => {
    services.logger.warn({ err, url }, 'ECB reference rates could not be loaded at start; the daily task tries again');
  });
  return {
    stop: async () => {
      await work;
    },
  };
}
