import { readFileSync } from 'node:fs';
import { fetchReferenceRates, parseReferenceRates, recordReferenceRates } from '../modules/exchangeRates.ts';
import { cliServices, fail, helpWanted, parseArgs } from './context.ts';

const USAGE = `npm run exchange-rates -- --file <eurofxref XML> | --url <URL of one>\n  Records the ECB reference rates of every day in the file (a day already recorded adds nothing).`;
helpWanted(USAGE);

/**
 * npm run exchange-rates -- --file eurofxref-hist-90d.xml | --url https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml
 * Records the ECB reference rates of every day in the file (a day already recorded adds nothing).
 */
const { flags } = parseArgs(process.argv.slice(2));
if (!flags.file === !flags.url) fail('usage: exchange-rates --file <eurofxref XML> | --url <URL of one>');

let days;
try {
  days = flags.file ? parseReferenceRates(readFileSync(flags.file, 'utf8')) : await fetchReferenceRates(flags.url);
} catch (err) {
  fail(`could not read the rates: ${(err as Error).message}`);
}
const services = await cliServices('an admin uploads the file with POST /api/v1/admin/exchange-rates (multipart field file)');
try {
  const { recorded } = await recordReferenceRates(services, days, flags.file ?? flags.url, {
    userId: 'system:cli',
    correlationId: `cli-exchange-rates-${Date.now()}`,
  });
  console.log(`${days.length} day(s) read, ${days[0].date} to ${days[days.length - 1].date}; ${recorded} recorded`);
} catch (err) {
  fail(`could not record the rates: ${(err as Error).message}`);
} finally {
  await services.close();
}
