import { readFile } from 'node:fs/promises';
import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { recordReferenceRates } from '../../../commands/exchange-rates/handlers.ts';
import { parseReferenceRates } from '../../adapters/ecbRates.ts';
import { ReferenceRatesFileException, ValidationException } from '../../core/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { multipart, uploadedFile } from '../multipart.ts';

const RatesForm = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      description: 'An ECB eurofxref XML file: the daily one (eurofxref-daily.xml) or a historical one (eurofxref-hist*.xml)',
    }),
  },
  { $id: 'ExchangeRatesUploadForm' },
);

const RatesLoaded = Type.Object(
  {
    days: Type.Integer({ description: 'Publication days in the file' }),
    recorded: Type.Integer({
      description:
        'Days recorded now (new days, and days whose rates the file corrects); a day already recorded with the same rates adds nothing',
    }),
    first_date: Type.String({ format: 'date' }),
    last_date: Type.String({ format: 'date' }),
  },
  { $id: 'ExchangeRatesLoaded' },
);

/**
 * An admin loads a file of ECB reference rates through the running service: what
 * `npm run exchange-rates -- --file …` does, for a platform on the embedded database (which the
 * command line cannot open beside the service) or without EXCHANGE_RATES_URL.
 */
export function adminExchangeRateRoutes(services: Services): Router {
  const api = new Api(services, 'admin');

  api.post(
    '/exchange-rates',
    {
      summary: 'Load an ECB reference rates file (multipart field `file`): every day in it is recorded once',
      bodyType: 'multipart',
      body: RatesForm,
      use: [multipart(() => ({ maxFileBytes: 20 * 1024 * 1024 }))],
      responses: { 200: RatesLoaded },
      errors: [ValidationException, ReferenceRatesFileException],
    },
    async (ctx) => {
      const file = uploadedFile(ctx, 'file');
      if (!file)
        throw new ValidationException('Send the rates file in the multipart field "file"', [
          { pointer: '/body/file', message: 'required' },
        ]);
      const days = parseReferenceRates(await readFile(file.filepath, 'utf8'));
      const { recorded } = await recordReferenceRates(
        services,
        days,
        `upload:${file.originalFilename ?? 'rates.xml'}`,
        commandContext(ctx, adminCaller(ctx).id),
      );
      ctx.body = { days: days.length, recorded, first_date: days[0].date, last_date: days[days.length - 1].date };
    },
  );

  return api.router;
}
