import { ratesBefore, recordReferenceRates } from '../../commands/exchange-rates/handlers.ts';
import { referenceRates } from '../../commands/exchange-rates/referenceRates.ts';
import { fetchReferenceRates } from '../adapters/ecbRates.ts';
import { adminExchangeRateRoutes } from '../http/admin/exchangeRates.ts';
import { catchUpReferenceRates } from '../workers/exchange-rates/loadMissingRates.ts';
import { defineModule } from './module.ts';

/**
 * The ECB's euro reference rates, recorded as events (one stream per publication day), so that an
 * invoice whose VAT is due in a non-euro member state states it in that currency (Art. 230) with
 * a rate that can be shown again later. Loaded from EXCHANGE_RATES_URL by a daily task and at
 * start when the recorded days are behind, by an admin's upload (POST
 * /api/v1/admin/exchange-rates) and by `npm run exchange-rates`; never fetched while an invoice
 * is made.
 */
export const exchangeRatesModule = defineModule({
  name: 'exchange-rates',
  tag: 'Exchange rates',
  description: 'ECB euro foreign exchange reference rates for VAT stated in a local currency.',
  features: ['ECB reference rates', 'VAT in local currencies'],
  aggregates: [referenceRates],
  referenceRatesBefore: ratesBefore,
  routes: { admin: [adminExchangeRateRoutes] },
  background: [catchUpReferenceRates],
  scheduledTasks: [
    {
      // The ECB publishes around 16:00 CET on TARGET working days; retried hourly into the evening.
      name: 'loadEcbReferenceRates',
      cron: '20 15-21 * * 1-5',
      async run(services) {
        const url = services.config.exchangeRatesUrl;
        if (!url) return;
        const days = await fetchReferenceRates(url);
        const { recorded } = await recordReferenceRates(services, days, url, {
          userId: 'system:scheduler',
          correlationId: `ecb-rates-${days[days.length - 1].date}`,
        });
        services.logger.info({ url, days: days.length, recorded }, 'ECB reference rates loaded');
      },
    },
  ],
});

/** Recording a day's reference rates, and reading them from the ECB's file or feed: what the exchange-rates CLI (npm run exchange-rates) runs. */
export { recordReferenceRates } from '../../commands/exchange-rates/handlers.ts';
export { fetchReferenceRates, parseReferenceRates } from '../adapters/ecbRates.ts';
