import { randomUUID } from 'node:crypto';
import Koa, { type Context, type Next } from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { requestMetricsOf } from '../runtime/requestMetrics.ts';
import type { Services } from '../runtime/services.ts';
import { modules } from '../modules/index.ts';
import { type FeatureGate, type Module, type ModuleSwitch, type VendorGate } from '../modules/module.ts';
import { isCoreModule, provided } from '../modules/registry.ts';
import { registerBackOffice } from '../pages/backOffice/registry.ts';
import { routeEntryOf, type ApiArea } from './api.ts';
import { registerAdminAccess } from './adminAccess.ts';
import type { AdminState } from './auth.ts';
import type { CustomerCaller } from './customerAuth.ts';
import { errorHandler } from './errorHandler.ts';
import { inputGuard } from './inputGuard.ts';
import { responseConformance } from './responseConformance.ts';
import { orderRoutes } from './routePrecedence.ts';
import { registerRoot } from './routeTable.ts';
import { indexRoutes } from './routeIndex.ts';
import { registerShopVendor, vendorContext } from './vendorContext.ts';
import { registerVendorAccess, type VendorCaller } from './vendorAuth.ts';

export interface AppOptions {
  /** Test suites: check every answer against its route's documented schema (responseConformance.ts). */
  onDrift?: (drift: string) => void;
}

/**
 * The API areas of SPEC.md part 1, each one router under /api/v1/<area>, assembled from the
 * modules' declarations (src/modules/index.ts); the probes at the root. Routes are tried in
 * precedence order (src/http/routePrecedence.ts): static segments before parameters.
 */
export function createApp(services: Services, options: AppOptions = {}): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === '1' });
  if (options.onDrift) app.use(responseConformance(app, options.onDrift));
  app.use(requestLog(services));
  app.use(noSniff);
  app.use(
    errorHandler(
      services.logger,
      modules.flatMap((m) => (m.notFoundPage ? [m.notFoundPage(services)] : [])),
    ),
  );
  app.use(koaBody({ jsonLimit: '1mb', formLimit: '1mb', textLimit: '1mb', includeUnparsed: true, jsonStrict: true }));
  app.use(inputGuard());
  registerBackOffice(
    services,
    modules.flatMap((m) => (m.backOffice ? [m.backOffice] : [])),
  );

  const root = new Router();
  const moduleSwitch = provided(services, 'moduleSwitch', modules);
  const adminAccess = provided(services, 'adminAccess', modules);
  if (!adminAccess) throw new Error('no module provides the admin access (adminAccess): the admin routes cannot check their callers');
  registerAdminAccess(services, adminAccess);
  const vendorAccess = provided(services, 'vendorAccess', modules);
  if (!vendorAccess) throw new Error('no module provides the vendor access (vendorAccess): the vendor routes cannot check their callers');
  registerVendorAccess(services, vendorAccess);
  const shopVendor = provided(services, 'shopVendor', modules);
  if (!shopVendor) throw new Error("no module provides the shop's vendor (shopVendor): the shop cannot find its vendor");
  registerShopVendor(services, shopVendor);
  const vendorGates = modules.flatMap((m) => (m.vendorGate ? [{ module: m.name, gate: m.vendorGate(services) }] : []));
  const featureGate = provided(services, 'featureGate', modules);
  for (const area of API_AREAS) {
    const router = new Router();
    // Every shop route runs for the vendor the request names (src/http/vendorContext.ts).
    if (area === 'shop') router.use(vendorContext(services));
    for (const module of modules) {
      for (const factory of module.routes?.[area] ?? []) {
        const routes = factory(services);
        claimRoutes(routes, module, moduleSwitch);
        if (area === 'vendor') gateRoutes(routes, module, vendorGates);
        checkFeatures(routes, featureGate);
        router.use(routes.routes());
      }
    }
    if (area === 'health' || area === 'root') root.use(router.routes());
    else root.use(`/api/v1/${area}`, router.routes(), router.allowedMethods());
  }
  for (const module of modules) {
    for (const factory of module.pages ?? []) {
      const pages = factory(services);
      claimRoutes(pages, module, moduleSwitch);
      root.use(pages.routes());
    }
  }
  registerRoot(app, root);
  // Which route answers is decided by the paths, never by the order of the module list.
  orderRoutes(root);
  indexRoutes(root);
  app.use(root.routes());
  app.use(root.allowedMethods());
  return app;
}

/** The vendor gates of the other modules that do not exempt this one, on each of its vendor routes. */
function gateRoutes(router: Router, module: Module, gates: { module: string; gate: VendorGate }[]): void {
  const checks = gates.filter((g) => g.module !== module.name && !g.gate.exempt.includes(module.name)).map((g) => g.gate.check);
  if (checks.length === 0) return;
  for (const layer of router.stack) {
    const entry = routeEntryOf(layer.stack);
    if (entry && !entry.gates) entry.gates = checks;
  }
}

/**
 * The routes that name a plan feature are checked by the module that keeps the plans: its gate
 * says what the feature is in the document and refuses, on each request, a vendor without it.
 */
function checkFeatures(router: Router, gate: FeatureGate | undefined): void {
  for (const layer of router.stack) {
    const entry = routeEntryOf(layer.stack);
    const code = entry?.decl.feature;
    if (!entry || !code || entry.featureCheck) continue;
    if (!gate)
      throw new Error(`${entry.method} ${String(layer.path)} names the plan feature '${code}', and no module provides a feature gate`);
    const note = gate.describe(code);
    entry.decl = { ...entry.decl, description: entry.decl.description ? `${entry.decl.description}\n\n${note}` : note };
    entry.featureCheck = (ctx) => gate.check(ctx, code);
  }
}

const API_AREAS: readonly ApiArea[] = ['root', 'health', 'admin', 'vendor', 'shop', 'public', 'language', 'platform'];

/**
 * A module's routes carry its OpenAPI tag, and, unless the module is core, answer as absent (the
 * 404 of an unknown path) while the module is switched off for the request's platform: the
 * platform-modules switch answers from memory, no statement per request.
 */
function claimRoutes(router: Router, module: Module, moduleSwitch: ModuleSwitch | undefined): void {
  const absent =
    moduleSwitch && !isCoreModule(module.name) ? (ctx: Context) => !moduleSwitch.isOnForHost(module.name, ctx.hostname) : undefined;
  for (const layer of router.stack) {
    const entry = routeEntryOf(layer.stack);
    if (entry && !entry.tag) {
      entry.tag = module.tag;
      entry.tagDescription = module.description;
      entry.absent = absent;
    }
  }
}

/**
 * Every answer, JSON, problem, page, file or redirect, tells browsers to trust its Content-Type
 * and never guess another (a JSON answer echoing a client's text is never run as HTML or script).
 */
async function noSniff(ctx: Context, next: Next) {
  ctx.set('X-Content-Type-Options', 'nosniff');
  await next();
}

/** The API area a request went to (its route's, else its path's): the unit of the request metrics. */
function apiAreaOf(ctx: Context): string {
  const area = (ctx.state.route as { area?: string } | undefined)?.area;
  if (area && area !== 'root') return area;
  const m = /^\/api\/v1\/([a-z]+)\//.exec(ctx.path);
  if (m && (API_AREAS as readonly string[]).includes(m[1])) return m[1];
  if (ctx.path.startsWith('/health')) return 'health';
  return ctx.path.startsWith('/api/') || ctx.path.startsWith('/docs') ? 'other' : 'pages';
}

/** Who made a request, for the log line: the user (admins and team members), `customer:<id>`, the vendor. */
function callerOf(ctx: Context): { user_id?: string; vendor_id?: number } {
  // What the admin, vendor and customer guards set on the request, when one of them let it through.
  const { admin, vendor, customer } = ctx.state as Partial<AdminState & { vendor: VendorCaller; customer: CustomerCaller }>;
  if (admin) return { user_id: String(admin.id) };
  if (vendor) return { user_id: String(vendor.userId), vendor_id: vendor.id };
  if (customer) return { user_id: `customer:${customer.id}`, vendor_id: customer.vendorId };
  return {};
}

/** One JSON line per request: id, method, path (no query string), status, duration, caller. */
function requestLog(services: Services) {
  return async function logRequest(ctx: Context, next: Next) {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      requestMetricsOf(services).observe(apiAreaOf(ctx), ctx.status, ms, services.clock.now());
      services.logger.info(
        {
          req_id: requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
          ...callerOf(ctx),
        },
        'request',
      );
    }
  };
}

export { mountedRoutes } from './routeTable.ts';
