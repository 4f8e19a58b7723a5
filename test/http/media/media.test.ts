import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { testApp, type TestApp } from '../../support/app.ts';
import { upload } from '../../support/catalogueFiles.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('media: an uploaded image becomes original, 800 px and 200 px WebP files', () => {
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  let png: Buffer;
  let image: any;

  before(async () => {
    app = await testApp();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
    // A real 1600×1200 PNG with a gradient, generated with sharp.
    const pixels = Buffer.alloc(1600 * 1200 * 3);
    for (let i = 0; i < pixels.length; i += 3) {
      pixels[i] = (i / 3) % 256;
      pixels[i + 1] = 128;
      pixels[i + 2] = (i / 3 / 1600) % 256;
    }
    png = await sharp(pixels, { raw: { width: 1600, height: 1200, channels: 3 } })
      .png()
      .toBuffer();
  });

  const get = (v: VendorFixture, path: string) =>
    fetch(`${app.url}/api/v1/vendor${path}`, { headers: { authorization: `Bearer ${v.ownerToken}` } });

  it('stores the three WebP variants of a PNG under server-made names', async () => {
    const res = await upload(
      app,
      '/api/v1/vendor/media/images',
      a.ownerToken,
      {},
      { name: '../../../etc/cron.d/evil.png', data: png, type: 'image/png' },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    image = res.body;
    expect(image).to.include({ vendor_id: a.vendorId, source_format: 'png', width: 1600, height: 1200, file_name: 'evil.png' });
    expect(image.variants.map((v: any) => [v.variant, v.width, v.height, v.content_type])).to.deep.equal([
      ['original', 1600, 1200, 'image/webp'],
      ['800', 800, 600, 'image/webp'],
      ['200', 200, 150, 'image/webp'],
    ]);
    for (const v of image.variants) {
      const file = await get(a, `/media/${image.id}/${v.variant}`);
      expect(file.status).to.equal(200);
      expect(file.headers.get('content-type')).to.equal('image/webp');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).to.deep.equal(['webp', v.width, v.height]);
    }
    const dir = join(app.services.config.dataDir, 'media', String(a.vendorId), String(image.id));
    expect(existsSync(join(dir, '800.webp'))).to.equal(true);
    expect(existsSync(join(app.services.config.dataDir, 'etc'))).to.equal(false);
  });

  it('refuses a file that is not an image (422) and an upload over the size limit (413)', async () => {
    const text = await upload(
      app,
      '/api/v1/vendor/media/images',
      a.ownerToken,
      {},
      { name: 'photo.png', data: 'just text, not a PNG', type: 'image/png' },
    );
    expect(text.status).to.equal(422);
    expect(text.body.code).to.equal('UnsupportedMediaException');
    const svg = await upload(
      app,
      '/api/v1/vendor/media/images',
      a.ownerToken,
      {},
      { name: 'a.svg', data: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', type: 'image/svg+xml' },
    );
    expect(svg.status).to.equal(422);
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    const tooLarge = await upload(app, '/api/v1/vendor/media/images', a.ownerToken, {}, { name: 'big.png', data: big, type: 'image/png' });
    expect(tooLarge.status).to.equal(413);
    expect((await upload(app, '/api/v1/vendor/media/images', a.ownerToken, {})).status).to.equal(422);
  });

  it('reports storage statistics per vendor and for the platform', async () => {
    const stats = await get(a, '/media/stats').then((r) => r.json());
    expect(stats).to.include({ vendor_id: a.vendorId, total_images: 1, total_files: 3 });
    expect(stats.total_bytes).to.equal(image.total_bytes);
    expect(Object.keys(stats.by_variant).sort()).to.deep.equal(['200', '800', 'original']);
    const platform = await app.call('GET', '/api/v1/admin/media/stats', { token: await app.adminToken() });
    expect(platform.body.total_images).to.be.at.least(1);
    expect(platform.body.top_vendors.some((v: any) => v.vendor_id === a.vendorId)).to.equal(true);
  });

  it('lets an admin upload for a vendor', async () => {
    const small = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const res = await upload(
      app,
      '/api/v1/admin/media/images',
      await app.adminToken(),
      { vendor_id: String(b.vendorId) },
      { name: 'b.jpg', data: small, type: 'image/jpeg' },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    // Never enlarged: 300×100 stays 300×100 in the 800 px variant.
    expect(res.body.variants.map((v: any) => [v.variant, v.width, v.height])).to.deep.equal([
      ['original', 300, 100],
      ['800', 300, 100],
      ['200', 200, 67],
    ]);
  });

  it('keeps images private to their vendor, and deleting removes the files', async () => {
    expect((await get(b, `/media/${image.id}`)).status).to.equal(404);
    expect((await get(b, `/media/${image.id}/original`)).status).to.equal(404);
    expect((await app.call('DELETE', `/api/v1/vendor/media/${image.id}`, { token: b.ownerToken })).status).to.equal(404);
    const list = await app.call('GET', '/api/v1/vendor/media', { token: b.ownerToken });
    expect(list.body.items.map((m: any) => m.id)).not.to.include(image.id);
    const del = await app.call('DELETE', `/api/v1/vendor/media/${image.id}`, { token: a.ownerToken });
    expect(del.status).to.equal(200);
    expect(existsSync(join(app.services.config.dataDir, 'media', String(a.vendorId), String(image.id)))).to.equal(false);
    expect((await get(a, `/media/${image.id}`)).status).to.equal(404);
    expect((await get(a, `/media/${image.id}/huge`)).status).to.equal(422);
  });
});
