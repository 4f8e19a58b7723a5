import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { expect } from 'chai';
import { comparePaths, orderRoutes } from '../../src/http/routePrecedence.ts';

/** Two modules' routes, mounted in either order, answer the same requests. */
function app(order: 'storefront first' | 'messaging first') {
  const storefront = new Router();
  storefront.get('/:vendor_code/:slug', (ctx) => {
    ctx.body = `page ${ctx.params.slug} of ${ctx.params.vendor_code}`;
  });
  storefront.get('/:vendor_code/*rest', (ctx) => {
    ctx.body = 'catch-all';
  });
  const messaging = new Router();
  messaging.get('/vendor/messages', (ctx) => {
    ctx.body = 'vendor inbox';
  });
  messaging.get('/vendor/:section', (ctx) => {
    ctx.body = `vendor section ${ctx.params.section}`;
  });
  const root = new Router();
  root.use(async (ctx, next) => {
    ctx.set('X-First', 'middleware');
    await next();
  });
  for (const r of order === 'storefront first' ? [storefront, messaging] : [messaging, storefront]) root.use(r.routes());
  orderRoutes(root);
  const koa = new Koa();
  koa.use(root.routes());
  return koa;
}

async function get(koa: Koa, path: string) {
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { body: await res.text(), first: res.headers.get('x-first') };
  } finally {
    server.close();
  }
}

describe('route precedence does not depend on the order of the modules', () => {
  for (const order of ['storefront first', 'messaging first'] as const) {
    it(`static segments win over parameters, a catch-all comes last (${order})`, async () => {
      const koa = app(order);
      expect(await get(koa, '/vendor/messages')).to.deep.equal({ body: 'vendor inbox', first: 'middleware' });
      expect((await get(koa, '/vendor/orders')).body).to.equal('vendor section orders');
      expect((await get(koa, '/acme/about')).body).to.equal('page about of acme');
      expect((await get(koa, '/acme/about/team')).body).to.equal('catch-all');
    });
  }

  it('compares paths segment by segment from the left', () => {
    const paths = ['/:a/:b', '/x/*rest', '/x/:b', '/:a/y', '/x/y', '/x'];
    expect([...paths].sort(comparePaths)).to.deep.equal(['/x', '/x/y', '/x/:b', '/x/*rest', '/:a/y', '/:a/:b']);
  });
});
