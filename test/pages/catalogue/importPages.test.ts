import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedInAdmin } from '../../support/backOffice.ts';
import { catalogueVendor, flashOf, postMultipart, type PageVisitor } from '../../support/cataloguePages.ts';
import { csv, goodRow, HEADER, newBase, waitForJob } from '../../support/catalogueFiles.ts';
import type { VendorFixture } from '../../support/tenancy.ts';

/**
 * The import pages of both back offices (src/pages/marketplace-imports): a CSV started from the
 * page runs the API's command, the job's page shows its progress (a live part while it runs) and
 * its rejected rows; an admin starts one for any vendor; the form token; one vendor never sees
 * another's jobs; row texts shown as text.
 */
describe('back offices: marketplace imports', function () {
  this.timeout(120_000);
  let app: TestApp;
  let v: VendorFixture;
  let owner: PageVisitor;
  let other: { v: VendorFixture; owner: PageVisitor };

  const file = (base: number) => {
    const o = { base, count: 3 };
    return csv([
      HEADER,
      goodRow(o, 1),
      goodRow(o, 2),
      ['<script>alert(1)</script>', 'BAD-1', '', '', '', '', '', 'abc', '', '', 'TestMarket'],
      goodRow(o, 3),
    ]);
  };

  before(async () => {
    app = await testApp();
    ({ v, owner } = await catalogueVendor(app));
    other = await catalogueVendor(app);
  });

  it('a vendor starts an import from a file and follows it: progress, counts and the rejected rows by problem', async () => {
    const page = await owner.get('/vendor/imports');
    expect(page.status).to.equal(200);
    expect(page.body).to.contain('id="import-form"').and.contain('enctype="multipart/form-data"');
    const sent = await postMultipart(
      app,
      owner,
      '/vendor/imports',
      { _csrf: owner.csrf(page.body), language: 'en', marketplace: 'TestMarket' },
      { name: 'knives.csv', data: file(newBase()), type: 'text/csv' },
    );
    expect(sent.status, sent.body).to.equal(303);
    const jobId = Number(/\/vendor\/imports\/(\d+)$/.exec(sent.location ?? '')?.[1]);
    expect(jobId).to.be.greaterThan(0);
    await waitForJob(app, `/api/v1/vendor/marketplace-import-jobs/${jobId}`, v.ownerToken);
    const job = await owner.get(`/vendor/imports/${jobId}`);
    expect(job.body).to.contain('id="job-status"').and.not.contain('data-refresh="1000"');
    expect(job.body).to.contain('Completed').and.contain('id="errors"');
    expect(job.body).to.contain('&lt;script&gt;').and.not.contain('<script>alert');
    const list = await owner.get('/vendor/imports?status=completed');
    expect(list.body).to.contain(`href="/vendor/imports/${jobId}"`);
    expect((await other.owner.get(`/vendor/imports/${jobId}`)).status).to.equal(404);
    expect((await other.owner.get('/vendor/imports')).body).not.to.contain(`href="/vendor/imports/${jobId}"`);
  });

  it("a running job's status asks the page's script to fetch it again", async () => {
    const page = await owner.get('/vendor/imports');
    const sent = await postMultipart(app, owner, '/vendor/imports', {
      _csrf: owner.csrf(page.body),
      source_url: 'http://127.0.0.1:9/never.csv',
    });
    const jobId = Number(/(\d+)$/.exec(sent.location ?? '')?.[1]);
    const job = await owner.get(`/vendor/imports/${jobId}`);
    expect(job.status).to.equal(200);
    // Either still running (refreshing) or already failed on the closed port (no longer asking).
    if (/Failed/.test(job.body)) expect(job.body).not.to.contain('data-refresh="1000"');
    else expect(job.body).to.contain('data-refresh="1000"');
  });

  it('without a file or a URL the form comes back with the refusal in words', async () => {
    const page = await owner.get('/vendor/imports');
    const sent = await postMultipart(app, owner, '/vendor/imports', { _csrf: owner.csrf(page.body) });
    expect(sent.status).to.equal(303);
    expect(flashOf((await owner.get(sent.location!)).body)).to.contain('either as source_url or as an uploaded file');
  });

  it('refuses the start form without the form token or with a wrong one, and starts nothing', async () => {
    const before = (await app.call('GET', '/api/v1/vendor/marketplace-import-jobs', { token: v.ownerToken })).body.total;
    for (const token of ['', 'y'.repeat(43)]) {
      expect(
        (await postMultipart(app, owner, '/vendor/imports', { _csrf: token }, { name: 'x.csv', data: file(newBase()), type: 'text/csv' }))
          .status,
      ).to.equal(403);
      expect((await owner.post('/vendor/imports', { _csrf: token, source_url: 'https://example.test/x.csv' })).status).to.equal(403);
    }
    expect((await app.call('GET', '/api/v1/vendor/marketplace-import-jobs', { token: v.ownerToken })).body.total).to.equal(before);
  });

  it("an admin starts an import for a vendor and follows it; a vendor's session never opens the admin pages", async () => {
    const admin = await signedInAdmin(app);
    const page = await admin.get(`/admin/imports?vendor_id=${other.v.vendorId}`);
    expect(page.body).to.contain('name="vendor_id"');
    const sent = await postMultipart(
      app,
      admin,
      '/admin/imports',
      { _csrf: admin.csrf(page.body), vendor_id: String(other.v.vendorId), language: 'fr' },
      { name: 'couteaux.csv', data: file(newBase()), type: 'text/csv' },
    );
    expect(sent.status, sent.body).to.equal(303);
    const jobId = Number(/\/admin\/imports\/(\d+)$/.exec(sent.location ?? '')?.[1]);
    const done = await waitForJob(app, `/api/v1/vendor/marketplace-import-jobs/${jobId}`, other.v.ownerToken);
    expect(done.vendor_id).to.equal(other.v.vendorId);
    const job = await admin.get(`/admin/imports/${jobId}`);
    expect(job.body).to.contain(other.v.vendorCode);
    for (const path of ['/admin/imports', `/admin/imports/${jobId}`]) {
      const res = await owner.get(path);
      expect(res.status, path).to.equal(303);
      expect(res.headers.location, path).to.match(/^\/admin\/login/);
    }
  });
});
