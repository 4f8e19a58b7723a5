import type Koa from 'koa';
import type Router from '@koa/router';
import { routeEntryOf, type RouteEntry } from './api.ts';

/**
 * The routes an app of createApp mounts, read off its root router: what the OpenAPI document,
 * the route-coverage test and the reliability suite walk.
 */
const roots = new WeakMap<Koa, Router['stack']>();

/**
 * Called once every module's routes are mounted, before they are put in precedence order: the
 * document lists them in the modules' order (an API route before the page that repeats its path).
 */
export function registerRoot(app: Koa, root: Router): void {
  roots.set(app, [...root.stack]);
}

export interface MountedRoute {
  method: string;
  /** @koa/router's path syntax, for example /api/v1/admin/users/:id. */
  path: string;
  /** The route's declaration; undefined for a route mounted without one. */
  entry?: RouteEntry;
}

/** Every mounted method and path once (HEAD follows GET and is left out). */
export function declaredRoutes(app: Koa): MountedRoute[] {
  const stack = roots.get(app);
  if (!stack) throw new Error('not an app of createApp');
  const seen = new Set<string>();
  const routes: MountedRoute[] = [];
  for (const layer of stack) {
    for (const method of layer.methods) {
      const key = `${method} ${layer.path}`;
      if (method === 'HEAD' || seen.has(key) || typeof layer.path !== 'string') continue;
      seen.add(key);
      routes.push({ method, path: layer.path, entry: routeEntryOf(layer.stack) });
    }
  }
  return routes;
}

/** Every route as [method, path] (the reliability suite's form). */
export function mountedRoutes(app: Koa): [string, string][] {
  return declaredRoutes(app).map((r) => [r.method, r.path]);
}

/** The declaration of a method and mounted path, for answers given before the route ran. */
export function entryFor(app: Koa, method: string, path: string | undefined): RouteEntry | undefined {
  if (!path) return undefined;
  return declaredRoutes(app).find((r) => r.method === method && r.path === path)?.entry;
}
