import { expect } from 'chai';
import sharp from 'sharp';
import { importSettings } from '../../../src/workers/importSettings.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import {
  csv,
  goodRow,
  HEADER,
  newBase,
  productCsv,
  serveFiles,
  upload,
  waitForJob,
  type FileServer,
} from '../../support/catalogueFiles.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('admin marketplace imports: malformed files end the job with a clear error and leave the catalogue untouched', () => {
  let app: TestApp;
  let token: string;
  let vendor: VendorFixture;
  let files: FileServer;
  const base = newBase();
  const market = `Broken${base}`;
  const opts = { base, count: 40, marketplace: market };

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    vendor = await createVendorWithOwner(app);
    const good = productCsv(opts);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    files = await serveFiles({
      '/semicolon.csv': productCsv({ ...opts, delimiter: ';' }),
      '/colon.csv': productCsv({ ...opts, delimiter: ':' }),
      '/no-header.csv': csv([goodRow(opts, 1), goodRow(opts, 2)]),
      '/latin1.csv': Buffer.concat([Buffer.from(good.slice(0, 2000)), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a])]),
      '/empty.csv': '',
      '/header-only.csv': csv([HEADER]),
      '/image.csv': png,
      '/missing.csv': (_req, res) => {
        res.writeHead(404).end();
      },
      '/huge.csv': (_req, res) => {
        // Announces 2 GB: the worker refuses before reading the body.
        res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(2 * 1024 ** 3) });
        res.write(good);
      },
      '/endless.csv': (_req, res) => {
        // No length announced: the byte counter stops the download at the limit.
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(`${HEADER.join(',')}\n`);
        const row = csv([goodRow(opts, 1)]);
        const pump = () => {
          while (res.write(row.repeat(200))) {
            /* fill */
          }
        };
        res.on('drain', pump);
        pump();
      },
      '/unterminated.csv': `${HEADER.join(',')}\n${goodRow(opts, 1).join(',')}\n"${gtinOf(2)},"open quote never closed,x\n`,
    });
  });
  after(() => files.close());

  function gtinOf(i: number) {
    return goodRow(opts, i)[0];
  }

  async function run(path: string, extra: Record<string, unknown> = {}) {
    const res = await app.call('POST', '/api/v1/admin/marketplace-import-jobs', {
      token,
      body: { vendor_id: vendor.vendorId, language: 'en', source_url: files.url + path, ...extra },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    return waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
  }

  const cases: [string, string, Record<string, unknown>, string, RegExp][] = [
    ['a semicolon file read with the comma named', '/semicolon.csv', { delimiter: ',' }, 'wrong_delimiter', /looks ';'-delimited/],
    ['a file with an unsupported delimiter', '/colon.csv', {}, 'wrong_delimiter', /':' as its delimiter/],
    ['a file without a header row', '/no-header.csv', {}, 'missing_header', /first row holds data/],
    ['a Latin-1 file', '/latin1.csv', {}, 'bad_encoding', /not valid UTF-8/],
    ['a 0-byte file', '/empty.csv', {}, 'empty_file', /empty/],
    ['a header without rows', '/header-only.csv', {}, 'no_data_rows', /no data rows/],
    ['an image named .csv', '/image.csv', {}, 'binary_file', /binary/],
    ['a URL that answers 404', '/missing.csv', {}, 'source_unreachable', /HTTP 404/],
    ['a file announced as 2 GB', '/huge.csv', {}, 'file_too_large', /2048 MB; the limit/],
  ];
  for (const [what, path, extra, code, message] of cases) {
    it(`fails ${what} (${code})`, async () => {
      const job = await run(path, extra);
      expect(job.status, JSON.stringify(job)).to.equal('failed');
      expect(job.error_details.error_code).to.equal(code);
      expect(job.error_message).to.match(message);
    });
  }

  // A data line that is not CSV no longer fails the job (docs/catalogue.md "Broken lines", commit
  // e3edd3e): it is one parse_error row with its line number and text, and the job completes.
  it('records a quote that never closes as one parse_error row (its line, its text); the job completes', async () => {
    const job = await run('/unterminated.csv');
    expect(job.status, JSON.stringify(job)).to.equal('completed');
    expect(job.error_details.errors_by_type).to.include({ parse_error: 1 });
    const errors = await app.call('GET', `/api/v1/admin/marketplace-import-jobs/${job.id}/errors?error_type=parse_error`, { token });
    expect(errors.body.total).to.equal(1);
    expect(errors.body.items[0]).to.include({ row_number: 3, error_type: 'parse_error' });
    expect(errors.body.items[0].error_message).to.match(/could not be parsed/);
    expect(errors.body.items[0].row_data.raw).to.equal(`"${gtinOf(2)},"open quote never closed,x`);
  });

  it('stops a download without a length at the size limit, and keeps none of its rows', async () => {
    const limit = importSettings.maxBytes;
    // Parsing reads ahead up to a few hundred kilobytes (fast-csv buffers 16 chunks): a 2 MB limit
    // lets whole batches be staged before the limit is hit.
    importSettings.maxBytes = 2 * 1024 * 1024;
    try {
      const job = await run('/endless.csv');
      expect(job.status).to.equal('failed');
      expect(job.error_details.error_code).to.equal('file_too_large');
      expect(job.imported_count).to.be.greaterThan(0); // rows were read and staged…
    } finally {
      importSettings.maxBytes = limit;
    }
    // …but a failed job never reaches the catalogue.
    const products = await app.call('GET', `/api/v1/admin/products?marketplace=${market}`, { token });
    expect(products.body.total).to.equal(0);
    const staged = await app.services.db.knex('marketplace_import_staged_batches').count({ n: '*' });
    expect(Number(staged[0].n)).to.equal(0);
  });

  it('refuses an upload over the limit with 413 before a job exists', async () => {
    const limit = importSettings.maxBytes;
    importSettings.maxBytes = 64 * 1024;
    try {
      const res = await upload(
        app,
        '/api/v1/admin/marketplace-import-jobs',
        token,
        { vendor_id: String(vendor.vendorId) },
        { name: 'big.csv', data: productCsv({ ...opts, count: 2000 }) },
      );
      expect(res.status).to.equal(413);
      expect(res.body.code).to.equal('PayloadTooLargeException');
    } finally {
      importSettings.maxBytes = limit;
    }
  });

  it('fails a 0-byte upload with a clear error', async () => {
    const res = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      token,
      { vendor_id: String(vendor.vendorId) },
      { name: 'empty.csv', data: '' },
    );
    expect(res.status).to.equal(202);
    const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    expect(job.error_details.error_code).to.equal('empty_file');
  });
});
