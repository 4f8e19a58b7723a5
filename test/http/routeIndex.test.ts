import Router from '@koa/router';
import { expect } from 'chai';
import { createApp } from '../../src/http/app.ts';
import { indexRoutes } from '../../src/http/routeIndex.ts';
import { orderRoutes } from '../../src/http/routePrecedence.ts';
import { declaredRoutes } from '../../src/http/routeTable.ts';
import { testApp } from '../support/app.ts';

/** The indexed match answers exactly what the router's own match answers, layer for layer, in order. */
function sameMatches(root: Router, paths: string[], methods: string[]): number {
  const own = Router.prototype.match;
  const where = (layers: unknown[]) => layers.map((l) => root.stack.indexOf(l as (typeof root.stack)[number]));
  const before = paths.flatMap((p) => methods.map((m) => own.call(root, p, m)));
  indexRoutes(root);
  let compared = 0;
  paths.forEach((p, i) =>
    methods.forEach((m, j) => {
      const expected = before[i * methods.length + j]!;
      const got = root.match(p, m);
      expect({ path: where(got.path), pathAndMethod: where(got.pathAndMethod), route: got.route }, `${m} ${p}`).to.deep.equal({
        path: where(expected.path),
        pathAndMethod: where(expected.pathAndMethod),
        route: expected.route,
      });
      compared++;
    }),
  );
  return compared;
}

const noop = async () => {};

describe('the indexed route match', () => {
  it('finds what the router finds for prefixes, early parameters, patterns, middleware, first segments, case and trailing slashes', () => {
    const admin = new Router();
    admin.get('/users', noop);
    admin.get('/users/:id', noop);
    admin.put('/users/:id', noop);
    admin.get('/users/:id/sessions', noop);
    admin.get('/:section', noop);
    const shop = new Router();
    shop.use(noop);
    shop.get('/products/:id', noop);
    const root = new Router();
    root.use(noop);
    root.use('/api/v1/admin', admin.routes(), admin.allowedMethods());
    root.use('/api/v1/shop', shop.routes());
    root.get('/:vendor_code/:slug', noop);
    root.get('/:vendor_code/*rest', noop);
    root.get(/^\/legacy\/.*$/, noop);
    root.get('/vendor/orders/:id/items/:item', noop);
    orderRoutes(root);
    const paths = [
      '/',
      '/api',
      '/api/v1/admin',
      '/api/v1/admin/',
      '/api/v1/admin/users',
      '/API/V1/Admin/Users',
      '/api/v1/admin/users/',
      '/api/v1/admin/users/7',
      '/api/v1/admin/users/7/sessions',
      '/api/v1/admin/usersx',
      '/api/v1/admin/companies',
      '/api/v1/shop/products/3',
      '/api/v1/shop/products',
      '/api//v1/admin/users',
      '/legacy/a/b/c',
      '/acme/about-us',
      '/acme/a/b/c/d',
      '/vendor/orders/1/items/2',
      '/VENDOR/Orders/1/items/2/',
      '/vendor/orders/1',
      '/vendor',
      '/apix/v1/admin/users',
    ];
    expect(sameMatches(root, paths, ['GET', 'PUT', 'POST', 'HEAD'])).to.equal(paths.length * 4);
  });

  it("finds what the router finds for every route of the service's modules", async () => {
    const app = await testApp();
    const routes = declaredRoutes(createApp(app.services));
    const root = new Router();
    root.use('/api/v1/shop', noop);
    for (const r of routes) root.register(r.path, [r.method], noop);
    orderRoutes(root);
    const sample = (path: string) => path.replace(/:(\w+)/g, 'x1').replace(/\*\w+/g, 'a/b');
    const paths = routes.flatMap((r) => [sample(r.path), sample(r.path).toUpperCase(), `${sample(r.path)}/`, `${sample(r.path)}/more`]);
    expect(routes.length).to.be.greaterThan(200);
    sameMatches(root, [...new Set(paths)], ['GET', 'POST', 'PATCH', 'DELETE']);
  });
});
