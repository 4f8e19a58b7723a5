import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import type { TSchema } from '@sinclair/typebox';
import { FeatureNotAvailableException, type DomainException } from '../core/errors.ts';
import type { Services } from '../runtime/services.ts';
import { requireAdmin } from './auth.ts';
import { requireCustomer } from './customerAuth.ts';
import { input, type Parsed, type Schemas } from './validation.ts';
import { requireVendor } from './vendorAuth.ts';

/**
 * One declaration per route. A route names its request parts and its answers once, with the
 * TypeBox schemas of src/http/validation.ts; that declaration validates the request, types the
 * handler, guards the route by the caller its area expects, and is what the OpenAPI document
 * (src/http/openapi.ts) and the test suite's response check read. Nothing else describes a route.
 *
 *   api.get('/users/:id', {
 *     summary: 'A user', params: IdParams, responses: { 200: UserDetail }, errors: [UserNotFoundException],
 *   }, async (ctx, { params }) => { ctx.body = await getUser(knex, params.id); });
 */

/**
 * The API areas of SPEC.md part 1 (/api/v1/<area>), the health probes (/health), and `root`:
 * what a newcomer opens first (/, /docs, /api/v1/openapi.json).
 */
export type ApiArea = 'admin' | 'vendor' | 'shop' | 'public' | 'language' | 'platform' | 'health' | 'root';

/** Who may call a route: nobody in particular, an admin, a vendor's team member, a shop customer. */
export type Caller = 'none' | 'admin' | 'vendor' | 'customer';

/** The caller each area expects unless a route says otherwise (SPEC.md part 5). */
export const AREA_CALLER: Record<ApiArea, Caller> = {
  admin: 'admin',
  vendor: 'vendor',
  shop: 'none',
  public: 'none',
  language: 'none',
  platform: 'none',
  health: 'none',
  root: 'none',
};

export interface ResponseDecl {
  description?: string;
  /** The body's schema; none for a body that is not JSON (a file) or no body at all. */
  schema?: TSchema;
  /** Default application/json (application/problem+json for an error status). */
  contentType?: string;
  headers?: Record<string, string>;
}

export type ExceptionClass = abstract new (...args: any[]) => DomainException;

export interface RouteDecl extends Schemas {
  summary: string;
  description?: string;
  /**
   * How the body arrives: JSON (validated by `body`), or a multipart upload / a raw file whose
   * handler reads it (src/http/multipart.ts); `body` then documents the form fields only.
   */
  bodyType?: 'json' | 'multipart' | 'raw';
  /** A raw body's media types (for example text/csv). */
  rawTypes?: string[];
  /** status → answer. Problem statuses every route of its kind can give are added (see problemStatuses). */
  responses: Record<number, TSchema | ResponseDecl>;
  /** The domain exceptions the route can answer, beyond the guards' and the validator's. */
  errors?: ExceptionClass[];
  /** Default: the area's caller (AREA_CALLER). */
  caller?: Caller;
  /** Vendor routes: the permission of the caller's role the route needs (src/http/vendorAuth.ts). */
  permission?: string;
  /** Vendor routes a user with a temporary password may still call. */
  allowPasswordChange?: boolean;
  /**
   * Vendor routes: the plan feature the route belongs to. A vendor whose plan lacks it is refused
   * (403 FeatureNotAvailableException, after the caller's guard, before validation) by the feature
   * gate of the module that keeps the plans (Module.featureGate), set where the route is mounted;
   * the document lists that refusal and says what the gate says of the feature.
   */
  feature?: string;
  /** Further middleware, run after the caller's guard and before validation. */
  use?: Middleware[];
  deprecated?: boolean;
}

/** A declared route as mounted: what the document and the response check read. */
export interface RouteEntry {
  method: string;
  area: ApiArea;
  decl: RouteDecl;
  caller: Caller;
  /** The business area's OpenAPI tag and its description, set by the module that mounts the route. */
  tag?: string;
  tagDescription?: string;
  /**
   * Set where a module's routes are mounted (src/http/app.ts): true while the module is switched
   * off for the request's platform. The route then steps aside, as if it were not mounted.
   */
  absent?: (ctx: Context) => boolean;
  /**
   * Set where a module's vendor routes are mounted: the other modules' vendor gates (the
   * onboarding's), run after the caller's guard; each throws to refuse.
   */
  gates?: ((ctx: Context) => void)[];
  /**
   * Set where a gated route (`decl.feature`) is mounted: the plans' feature gate's check of the
   * route's feature. This layer knows no plan; a gated route nobody set it on refuses every call.
   */
  featureCheck?: (ctx: Context) => Promise<void>;
}

export type Handler<S extends Schemas> = (ctx: Context, input: Parsed<S>) => unknown;

/** What a declared route sets on its request's state: its entry, or that it stepped aside (switched off). */
export interface RouteState {
  route?: RouteEntry;
  routeAbsent?: boolean;
}

/** The declared verbs, each with the router's registration function of that verb. */
const VERBS = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/** The entry of each route's layer middleware, so a mounted layer finds its declaration. */
const entries = new WeakMap<Function, RouteEntry>();

export function routeEntryOf(layerStack: readonly Function[]): RouteEntry | undefined {
  for (const fn of layerStack) {
    const entry = entries.get(fn);
    if (entry) return entry;
  }
  return undefined;
}

/** A business area's routes in one API area. `api.router` is mounted by the area's module. */
export class Api {
  readonly router = new Router();

  constructor(
    private readonly services: Services,
    readonly area: ApiArea,
  ) {}

  get<D extends RouteDecl>(path: string, decl: D, handler: Handler<D>): this {
    return this.add('GET', path, decl, handler);
  }
  post<D extends RouteDecl>(path: string, decl: D, handler: Handler<D>): this {
    return this.add('POST', path, decl, handler);
  }
  put<D extends RouteDecl>(path: string, decl: D, handler: Handler<D>): this {
    return this.add('PUT', path, decl, handler);
  }
  patch<D extends RouteDecl>(path: string, decl: D, handler: Handler<D>): this {
    return this.add('PATCH', path, decl, handler);
  }
  delete<D extends RouteDecl>(path: string, decl: D, handler: Handler<D>): this {
    return this.add('DELETE', path, decl, handler);
  }

  private add<D extends RouteDecl>(method: keyof typeof VERBS, path: string, declared: D, handler: Handler<D>): this {
    const caller = declared.caller ?? AREA_CALLER[this.area];
    const decl = declared.feature ? this.gated(declared, caller) : declared;
    const entry: RouteEntry = { method, area: this.area, decl, caller };
    const gate: Middleware[] = decl.feature
      ? [
          async function featureGate(ctx: Context, next: Next) {
            if (!entry.featureCheck) throw new Error(`The route's feature '${decl.feature}' is checked by no module's feature gate`);
            await entry.featureCheck(ctx);
            await next();
          },
        ]
      : [];
    const gates = async function routeGates(ctx: Context, next: Next) {
      for (const check of entry.gates ?? []) check(ctx);
      await next();
    };
    const chain: Middleware[] = [...this.guard(caller, decl), ...(caller === 'vendor' ? [gates] : []), ...gate, ...(decl.use ?? [])];
    const jsonBody = (decl.bodyType ?? 'json') === 'json';
    const schemas: Schemas = { params: decl.params, query: decl.query, body: jsonBody ? decl.body : undefined };
    const route = async (ctx: Context, next: Next) => {
      if (entry.absent?.(ctx)) {
        // Switched off for this platform: the answer is the unknown path's 404, not this route's.
        ctx.state.routeAbsent = true;
        await next();
        return;
      }
      ctx.state.route = entry;
      let i = 0;
      const run = async (): Promise<void> => {
        const mw = chain[i++];
        if (mw) {
          await mw(ctx, run);
          return;
        }
        await handler(ctx, input(ctx, schemas) as Parsed<D>);
      };
      await run();
      void next;
    };
    entries.set(route, entry);
    this.router[VERBS[method]](path, route);
    return this;
  }

  /**
   * A gated route's declaration with its refusal documented; what the feature is, the gate's
   * module adds to the description where the route is mounted (src/http/app.ts).
   */
  private gated<D extends RouteDecl>(decl: D, caller: Caller): D {
    if (caller !== 'vendor' || this.area !== 'vendor') throw new Error(`The feature gate '${decl.feature}' needs a vendor route`);
    return { ...decl, errors: [...(decl.errors ?? []), FeatureNotAvailableException] };
  }

  private guard(caller: Caller, decl: RouteDecl): Middleware[] {
    if (caller === 'admin' && this.area === 'admin') return [requireAdmin(this.services)];
    if (caller === 'vendor' && this.area === 'vendor') {
      return [requireVendor(this.services, decl.permission, { allowPasswordChange: decl.allowPasswordChange })];
    }
    if (caller === 'customer' && this.area === 'shop') return [requireCustomer(this.services)];
    if (caller === 'none') return [];
    throw new Error(`No guard for ${caller} callers in the ${this.area} area`);
  }
}
