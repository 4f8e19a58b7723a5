import { expect } from 'chai';
import { SECOND_PLATFORM, testApp, type TestApp } from '../../support/app.ts';

describe('admin platform settings: every setting in one answer', function () {
  this.timeout(60_000);
  let app: TestApp;

  before(async () => {
    app = await testApp();
  });

  it('answers the localization (as edited), the platform and the operations settings', async () => {
    const token = await app.adminToken();
    const edited = await app.call('PUT', '/api/v1/admin/settings/localization', { token, body: { storefront_currency: 'CHF' } });
    expect(edited.status).to.equal(200);
    try {
      const res = await app.call('GET', '/api/v1/admin/settings', { token });
      expect(res.status).to.equal(200);
      expect(res.body.localization).to.include({ storefront_currency: 'CHF' });
      expect(res.body.platform).to.deep.include({ code: 'main', hosts: { [SECOND_PLATFORM.host]: SECOND_PLATFORM.code } });
      expect(res.body.logs).to.deep.equal({ store_level: 'info', retention_days: 14, max_rows: 2_000_000 });
      expect(res.body.metrics).to.deep.equal({ flush_ms: 10_000, prometheus_enabled: false });
    } finally {
      await app.call('PUT', '/api/v1/admin/settings/localization', { token, body: { storefront_currency: null } });
    }
  });
});
