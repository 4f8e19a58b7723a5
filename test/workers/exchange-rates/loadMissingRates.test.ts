import { expect } from 'chai';
import { referenceRates } from '../../../commands/exchange-rates/referenceRates.ts';
import { load } from '../../../src/runtime/commandHandler.ts';
import { lastPublicationDay, loadMissingReferenceRates } from '../../../src/workers/exchange-rates/loadMissingRates.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { serveFiles, type FileServer } from '../../support/catalogueFiles.ts';

/**
 * Exchange rates on a fresh platform: with EXCHANGE_RATES_URL set, a platform whose recorded ECB
 * rates are behind loads the missing days when it starts (from a local HTTP server speaking the
 * ECB's file format here); an admin loads a rates file through the API. The days are far in the
 * future so that no other test has recorded them.
 */
const file = (days: { date: string; usd: string }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<gesmes:subject>Reference rates</gesmes:subject><Cube>
${days.map((d) => `<Cube time="${d.date}"><Cube currency="USD" rate="${d.usd}"/><Cube currency="HUF" rate="395.38"/></Cube>`).join('\n')}
</Cube></gesmes:Envelope>`;

const ratesOf = async (app: TestApp, date: string) => (await load(app.services.store, referenceRates, date)).state.rates;

describe('exchange rates on a fresh platform', function () {
  this.timeout(120_000);
  let app: TestApp;
  let server: FileServer;
  const asked: string[] = [];
  before(async function () {
    this.timeout(600_000); // the shared app's boot, on a loaded machine
    app = await testApp();
    const history = file([
      { date: '2031-03-06', usd: '1.1006' },
      { date: '2031-03-07', usd: '1.1007' },
      { date: '2031-03-10', usd: '1.1010' },
    ]);
    const daily = file([{ date: '2031-03-10', usd: '1.1010' }]);
    server = await serveFiles({
      '/stats/eurofxref/eurofxref-daily.xml': (req, res) => {
        asked.push(req.url!);
        res.end(daily);
      },
      '/stats/eurofxref/eurofxref-hist-90d.xml': (req, res) => {
        asked.push(req.url!);
        res.end(history);
      },
    });
  });
  after(() => server?.close());

  it('the day an invoice of today uses is the last weekday before today', () => {
    expect(lastPublicationDay(new Date('2031-03-11T08:00:00Z'))).to.equal('2031-03-10'); // a Tuesday: Monday
    expect(lastPublicationDay(new Date('2031-03-10T08:00:00Z'))).to.equal('2031-03-07'); // a Monday: Friday
    expect(lastPublicationDay(new Date('2031-03-09T23:00:00Z'))).to.equal('2031-03-07'); // a Sunday: Friday
  });

  it('behind at start: the missing days are loaded, from the 90-day history beside the configured daily file', async () => {
    const url = `${server.url}/stats/eurofxref/eurofxref-daily.xml`;
    const result = await loadMissingReferenceRates(app.services, url, new Date('2031-03-11T08:00:00Z'));
    expect(result).to.deep.equal({ loaded: true, recorded: 3, source: `${server.url}/stats/eurofxref/eurofxref-hist-90d.xml` });
    expect(await ratesOf(app, '2031-03-06')).to.deep.equal({ USD: '1.1006', HUF: '395.38' });
    expect(await ratesOf(app, '2031-03-10')).to.deep.equal({ USD: '1.1010', HUF: '395.38' });
  });

  it('up to date at start: nothing is fetched', async () => {
    asked.length = 0;
    const result = await loadMissingReferenceRates(
      app.services,
      `${server.url}/stats/eurofxref/eurofxref-daily.xml`,
      new Date('2031-03-11T08:00:00Z'),
    );
    expect(result.loaded).to.equal(false);
    expect(asked).to.deep.equal([]);
  });

  it('an admin uploads a rates file: every day is recorded once, a second upload adds nothing', async () => {
    const upload = async (token?: string) => {
      const form = new FormData();
      form.append(
        'file',
        new Blob(
          [
            file([
              { date: '2031-04-01', usd: '1.2001' },
              { date: '2031-04-02', usd: '1.2002' },
            ]),
          ],
          { type: 'application/xml' },
        ),
        'eurofxref-hist.xml',
      );
      const res = await fetch(`${app.url}/api/v1/admin/exchange-rates`, {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    expect((await upload()).status).to.equal(401);
    const token = await app.adminToken();
    expect(await upload(token)).to.deep.equal({
      status: 200,
      body: { days: 2, recorded: 2, first_date: '2031-04-01', last_date: '2031-04-02' },
    });
    expect((await upload(token)).body.recorded).to.equal(0);
    expect(await ratesOf(app, '2031-04-02')).to.deep.equal({ USD: '1.2002', HUF: '395.38' });
  });

  it("a file that is not the ECB's is a 400 naming why, and nothing is recorded", async () => {
    const form = new FormData();
    form.append('file', new Blob(['<html>rates</html>'], { type: 'application/xml' }), 'rates.xml');
    const res = await fetch(`${app.url}/api/v1/admin/exchange-rates`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${await app.adminToken()}` },
    });
    expect(res.status).to.equal(400);
    expect(((await res.json()) as any).detail).to.match(/Not an ECB reference rates file/);
  });
});
