import { systemClock } from '../../../src/core/clock.ts';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { ratesBefore, recordReferenceRates } from '../../../commands/exchange-rates/handlers.ts';
import { referenceRates } from '../../../commands/exchange-rates/referenceRates.ts';
import { load } from '../../../src/runtime/commandHandler.ts';
import { parseReferenceRates } from '../../../src/adapters/ecbRates.ts';
import { ExchangeRateUnavailableException, ReferenceRatesFileException } from '../../../src/core/errors.ts';
import { convertVat, localVatCurrency } from '../../../src/core/vat/index.ts';
import { testApp } from '../../support/app.ts';
import { given } from '../../support/decider.ts';

const fixture = readFileSync(new URL('../../fixtures/ecb/eurofxref-hist-sample.xml', import.meta.url), 'utf8');
const at = '2026-11-24T15:30:00.000Z';

describe('ECB reference rates (Art. 91(2)): the file, the record, the rate before a tax point', () => {
  it('reads every day of an ECB file, oldest first, with the rates as the ECB writes them', () => {
    const days = parseReferenceRates(fixture);
    expect(days.map((d) => d.date)).to.deep.equal(['2026-11-20', '2026-11-23', '2026-11-24']);
    expect(days[1].rates).to.include({ HUF: '395.38', PLN: '4.2290', USD: '1.0498' });
  });

  it('refuses a file that is not the ECB format, or holds a malformed rate, as a whole', () => {
    expect(() => parseReferenceRates('<html>rates</html>')).to.throw(ReferenceRatesFileException);
    const broken = fixture.replace('rate="395.38"', 'rate="3,95"');
    expect(() => parseReferenceRates(broken)).to.throw(ReferenceRatesFileException, /HUF on 2026-11-23/);
  });

  it('records a day once; the same rates again add nothing, other rates are a correction', () => {
    const day = { date: '2026-11-23', rates: { HUF: '395.38' }, source: 'file', at };
    const recorded = { type: 'EcbReferenceRatesRecorded' as const, data: { ...day, corrected: false } };
    given(referenceRates, []).when({ type: 'RecordReferenceRates', data: day }).then([recorded]);
    given(referenceRates, [recorded]).when({ type: 'RecordReferenceRates', data: day }).then([]);
    const fixed = { ...day, rates: { HUF: '395.40' } };
    given(referenceRates, [recorded])
      .when({ type: 'RecordReferenceRates', data: fixed })
      .then([{ type: 'EcbReferenceRatesRecorded', data: { ...fixed, corrected: true } }]);
  });

  it('states the VAT in the local currency, exactly, rounded half up once', () => {
    // 27.00 EUR × 395.38 HUF/EUR = 10,675.26 HUF.
    expect(convertVat(2700, 'EUR', 'HUF', { HUF: '395.38' }, '2026-11-23')).to.deep.include({
      currency: 'HUF',
      rate: '395.38',
      vat_cents: 1067526,
    });
    // 0.05 EUR × 4.2290 = 0.211450 PLN → 0.21 PLN.
    expect(convertVat(5, 'EUR', 'PLN', { PLN: '4.2290' }, '2026-11-23').vat_cents).to.equal(21);
    // 0.30 EUR × 25.087 = 7.5261 CZK → 7.53 CZK (half up on 752.61 cents).
    expect(convertVat(30, 'EUR', 'CZK', { CZK: '25.087' }, '2026-11-23').vat_cents).to.equal(753);
    // An invoice in SEK whose VAT is due in Denmark: 100.00 SEK × (7.4597 / 11.0190) = 67.698520… DKK → 67.70.
    expect(convertVat(10000, 'SEK', 'DKK', { DKK: '7.4597', SEK: '11.0190' }, '2026-11-23')).to.deep.include({
      vat_cents: 6770,
      rate: '0.676985',
    });
    expect(localVatCurrency('HU', 'EUR')).to.equal('HUF');
    expect(localVatCurrency('LU', 'EUR')).to.equal(null);
    expect(localVatCurrency(null, 'EUR')).to.equal(null);
  });

  it("uses the latest rate published before the tax point, never the tax point's own day, and refuses without one", async () => {
    const app = await testApp();
    const store = app.services.store;
    // Nothing recorded before 2026-10-01: the invoice would be refused, naming the currency and the date.
    try {
      await ratesBefore(store, '2026-10-01T09:00:00Z', ['HUF']);
      expect.fail('a rate was invented');
    } catch (err) {
      expect(err).to.be.instanceOf(ExchangeRateUnavailableException);
      expect((err as Error).message)
        .to.contain('HUF')
        .and.contain('2026-10-01');
    }
    // The app is shared: another specification (the invoices' local VAT) may have recorded some of these days first.
    const days = parseReferenceRates(fixture);
    const known = (await Promise.all(days.map((d) => load(store, referenceRates, d.date)))).filter((r) => r.version > 0).length;
    const first = await recordReferenceRates({ store, clock: systemClock }, days, 'fixture', {
      userId: 'system:test',
      correlationId: 'ecb-test',
    });
    const again = await recordReferenceRates({ store, clock: systemClock }, parseReferenceRates(fixture), 'fixture', {
      userId: 'system:test',
      correlationId: 'ecb-test-2',
    });
    expect([first.recorded, again.recorded]).to.deep.equal([days.length - known, 0]);
    // Tuesday the 24th: Monday's rate. Monday the 23rd: the weekend has none, Friday's.
    expect(await ratesBefore(store, '2026-11-24T10:00:00Z', ['HUF'])).to.deep.include({ date: '2026-11-23' });
    expect(await ratesBefore(store, '2026-11-23T10:00:00Z', ['HUF'])).to.deep.include({ date: '2026-11-20' });
    expect((await ratesBefore(store, '2026-11-25', ['HUF'])).rates.HUF).to.equal('400.00');
  });
});
