import { expect } from 'chai';
import { testApp, type TestApp } from '../support/app.ts';
import { goodRow, gtinFor, HEADER, newBase, serveFiles, upload, waitForJob, type FileServer } from '../support/catalogueFiles.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

/**
 * A line that is not valid CSV (a quote that is not doubled, a quoted field that never closes)
 * is one import error of type parse_error, numbered by its line in the file (the header is line
 * 1), and every other line is imported; only a file unusable as a whole fails the job.
 *
 * Each file is built line by line: `add` appends a record and answers the line it starts on, so
 * the line numbers the tests expect are worked out from the file itself.
 */
class CsvFile {
  readonly lines: string[] = [];
  constructor(readonly delimiter: string) {}

  /** Appends cells as a CSV record (quoted where needed); answers the line it starts on. */
  record(cells: string[]): number {
    const d = this.delimiter;
    return this.raw(cells.map((v) => (/["\n\r]/.test(v) || v.includes(d) ? `"${v.replace(/"/g, '""')}"` : v)).join(d));
  }

  /** Appends text as it is (it may hold line breaks); answers the line it starts on. */
  raw(text: string): number {
    const at = this.lines.length + 1;
    this.lines.push(...text.split('\n'));
    return at;
  }

  get text(): string {
    return this.lines.join('\n') + '\n';
  }
}

describe('broken CSV lines: one parse_error per line, the rest of the file imported', () => {
  let app: TestApp;
  let token: string;
  let vendor: VendorFixture;
  let files: FileServer;
  const base = newBase();
  const market = `Lines${base}`;
  const opts = { base, count: 30, marketplace: market };

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    vendor = await createVendorWithOwner(app);
  });
  after(() => files?.close());

  /** A product line whose title holds a quote that is not doubled. */
  function undoubledQuote(f: CsvFile, i: number, language: 'en' | 'fr' | 'de' = 'en'): string {
    const cells = goodRow({ ...opts, language }, i).map((v) =>
      /["\n\r]/.test(v) || v.includes(f.delimiter) ? `"${v.replace(/"/g, '""')}"` : v,
    );
    cells[2] = `"${goodRow({ ...opts, language }, i)[2]} with a 12" blade"`;
    return cells.join(f.delimiter);
  }

  async function importUrl(path: string, language: string, body: Record<string, unknown> = {}) {
    const res = await app.call('POST', '/api/v1/admin/marketplace-import-jobs', {
      token,
      body: { vendor_id: vendor.vendorId, language, source_url: files.url + path, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    return waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
  }
  const errorsOf = async (jobId: number) =>
    (await app.call('GET', `/api/v1/admin/marketplace-import-jobs/${jobId}/errors?limit=100`, { token })).body.items;

  // The English file: broken first, middle and last data lines, a multi-line field before the middle one.
  const en = new CsvFile(',');
  en.record(HEADER);
  const firstBroken = en.raw(undoubledQuote(en, 1));
  for (let i = 2; i <= 10; i++) en.record(goodRow(opts, i));
  const multiLine = goodRow(opts, 11);
  multiLine[3] = 'First line of the description\nsecond line\nthird line';
  const multiLineAt = en.record(multiLine);
  const middleBroken = en.raw(undoubledQuote(en, 12));
  for (let i = 13; i <= 20; i++) en.record(goodRow(opts, i));
  // The last line opens a quoted field that never closes.
  const lastBroken = en.raw(`${gtinFor(base, 21)},SKU-${base}-21,"Chef knife 21,unterminated`);

  it('builds the English file as the tests below expect it', () => {
    // Header on line 1, the first data line on 2; products 2..10 on lines 3..11; product 11 spans
    // lines 12..14 (its description holds two line breaks); the middle broken line is 15.
    expect([firstBroken, multiLineAt, middleBroken]).to.deep.equal([2, 12, 15]);
    // Products 13..20 are lines 16..23; the last line is 24.
    expect(lastBroken).to.equal(24);
    expect(en.lines.length).to.equal(24);
  });

  it('imports every good line and records each broken one with its line number, its text and its identifier', async () => {
    files = await serveFiles({ '/en.csv': en.text });
    const job = await importUrl('/en.csv', 'en');
    expect(job.status, JSON.stringify(job)).to.equal('completed');
    // Products 2..11 and 13..20 are good: 18 rows; 3 lines are broken.
    expect(job).to.include({ imported_count: 18, error_count: 3, total_processed: 21 });
    expect(job.error_details.errors_by_type).to.deep.equal({ parse_error: 3 });
    expect(job.error_details.error_code).to.equal(null);

    const errors = await errorsOf(job.id);
    expect(errors.map((e: any) => [e.row_number, e.error_type])).to.deep.equal([
      [2, 'parse_error'],
      [15, 'parse_error'],
      [24, 'parse_error'],
    ]);
    expect(errors.map((e: any) => e.row_data)).to.deep.equal([
      { raw: en.lines[2 - 1] },
      { raw: en.lines[15 - 1] },
      { raw: en.lines[24 - 1] },
    ]);
    // The GTIN column comes before the broken title: the error names the product.
    expect(errors.map((e: any) => e.identifier)).to.deep.equal([gtinFor(base, 1), gtinFor(base, 12), gtinFor(base, 21)]);
    expect(errors[0].error_message).to.match(/^line 2 could not be parsed: the quoted field 3 is followed by ' blade"/);
    expect(errors[2].error_message).to.match(/never closed/);

    const products = await app.call('GET', `/api/v1/admin/products?marketplace=${market}&gtin=${gtinFor(base, 11)}`, { token });
    expect(products.body.total).to.equal(1);
    const detail = await app.call('GET', `/api/v1/admin/products/${products.body.items[0].id}`, { token });
    expect(detail.body.translations.en.description).to.equal('First line of the description\nsecond line\nthird line');
    const all = await app.call('GET', `/api/v1/admin/products?marketplace=${market}&limit=1`, { token });
    expect(all.body.total).to.equal(18);
  });

  it('does the same for a French tab-separated file and a German semicolon upload', async () => {
    const fr = new CsvFile('\t');
    fr.record(HEADER);
    for (let i = 2; i <= 5; i++) fr.record(goodRow({ ...opts, language: 'fr' }, i));
    const frBroken = fr.raw(undoubledQuote(fr, 6, 'fr'));
    for (let i = 7; i <= 9; i++) fr.record(goodRow({ ...opts, language: 'fr' }, i));
    // Header 1, products 2..5 on lines 2..5, the broken line 6, products 7..9 on lines 7..9.
    expect(frBroken).to.equal(6);
    await files.close();
    files = await serveFiles({ '/fr.tsv': fr.text });
    const frJob = await importUrl('/fr.tsv', 'fr');
    expect(frJob).to.include({ status: 'completed', imported_count: 7, error_count: 1 });
    expect((await errorsOf(frJob.id)).map((e: any) => [e.row_number, e.error_type, e.row_data.raw])).to.deep.equal([
      [6, 'parse_error', fr.lines[5]],
    ]);

    const de = new CsvFile(';');
    de.record(HEADER);
    const deMulti = goodRow({ ...opts, language: 'de' }, 2);
    deMulti[3] = 'Zeile eins\nZeile zwei';
    de.record(deMulti); // lines 2 and 3
    const deBroken = de.raw(undoubledQuote(de, 3, 'de'));
    de.record(goodRow({ ...opts, language: 'de' }, 4));
    expect(deBroken).to.equal(4);
    const res = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      token,
      { vendor_id: String(vendor.vendorId), language: 'de' },
      { name: 'de.csv', data: de.text },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    const deJob = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    expect(deJob).to.include({ status: 'completed', imported_count: 2, error_count: 1 });
    expect((await errorsOf(deJob.id)).map((e: any) => [e.row_number, e.error_type])).to.deep.equal([[4, 'parse_error']]);
  });

  describe('a file unusable as a whole fails the job and says which problem it has', () => {
    const header = HEADER.join(',');
    const brokenHeader = new CsvFile(',');
    brokenHeader.raw('gtin,"title" x,sku');
    brokenHeader.record(goodRow(opts, 1));
    const cases: [string, string | Buffer, string, RegExp][] = [
      ['an empty file', '', 'empty_file', /empty/],
      ['a file of blank lines', '\n \r\n\n', 'empty_file', /only blank lines/],
      ['a header without data', `${header}\n\n`, 'no_data_rows', /no data rows/],
      [
        'a Latin-1 file',
        Buffer.concat([Buffer.from(`${header}\n`), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a])]),
        'bad_encoding',
        /not valid UTF-8/,
      ],
      ['a UTF-16 file', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header}\n`, 'utf16le')]), 'bad_encoding', /UTF-16/],
      ['a header that cannot be parsed', brokenHeader.text, 'parse_error', /header row \(line 1\) could not be parsed/],
    ];
    for (const [what, data, code, message] of cases) {
      it(`${what}: ${code}`, async () => {
        const res = await upload(
          app,
          '/api/v1/admin/marketplace-import-jobs',
          token,
          { vendor_id: String(vendor.vendorId), language: 'en' },
          { name: 'file.csv', data },
        );
        expect(res.status, JSON.stringify(res.body)).to.equal(202);
        const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
        expect(job.status).to.equal('failed');
        expect(job.error_details.error_code).to.equal(code);
        expect(job.error_message).to.match(message);
      });
    }
  });

  it('an inventory import reports its broken lines by line number and imports the other lines', async () => {
    const products: number[] = [];
    for (const i of [1, 2]) {
      const res = await app.call('POST', '/api/v1/admin/vendor-products', {
        token,
        body: { vendor_id: vendor.vendorId, title: `Stock ${i}`, price_cents: 100, gtin: gtinFor(base, 100 + i) },
      });
      expect(res.body.id, JSON.stringify(res.body)).to.be.a('number');
      products.push(res.body.id);
    }
    const tsv = new CsvFile('\t');
    tsv.raw('BIN\tEAN\tPRODUCT\tQUANTITY');
    tsv.record(['A-01', gtinFor(base, 101), 'Stock 1', '4']);
    const broken1 = tsv.raw(`A-02\t${gtinFor(base, 101)}\t"Stock "1""\t2`);
    tsv.record(['B-01', gtinFor(base, 102), 'Stock 2,\nsecond line of the name', '3']);
    const broken2 = tsv.raw(`C-01\t${gtinFor(base, 102)}\t"Stock 2"x\t1`);
    tsv.record(['D-01', gtinFor(base, 101), 'Stock 1', '1']);
    // Header 1, A-01 on 2, the first broken line 3, B-01 on lines 4 and 5, the second broken line 6, D-01 on 7.
    expect([broken1, broken2]).to.deep.equal([3, 6]);

    const res = await upload(
      app,
      '/api/v1/admin/inventory/import',
      token,
      { vendor_id: String(vendor.vendorId), warehouse: 'Lines' },
      { name: 'stock.tsv', data: tsv.text, type: 'text/tab-separated-values' },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ total_rows: 5, matched_rows: 3, invalid_rows: 2, total_quantity: 8 });
    expect(res.body.errors.map((e: any) => [e.row, e.error_type, e.raw])).to.deep.equal([
      [3, 'parse_error', tsv.lines[2]],
      [6, 'parse_error', tsv.lines[5]],
    ]);
    expect(res.body.errors[0].message).to.match(/^line 3 could not be parsed/);

    const stock = await app.call('GET', `/api/v1/admin/inventory?vendor_id=${vendor.vendorId}&warehouse=Lines`, { token });
    expect(stock.body.items.map((r: any) => [r.product_id, r.bin_location, r.quantity]).sort()).to.deep.equal(
      [
        [products[0], 'A-01', 4],
        [products[0], 'D-01', 1],
        [products[1], 'B-01', 3],
      ].sort(),
    );
  });
});
