import type Router from '@koa/router';

/**
 * Which route answers a request that several could, decided by the paths alone and never by the
 * order the modules are listed in: segment by segment from the left, a static segment wins over a
 * parameter, and a catch-all (`*rest`, `(.*)`) is tried last. Two routes of one method whose paths
 * have the same shape (static segments equal, parameters in the same places) would still depend
 * on order: the architecture check refuses them (`overlappingRoutes`).
 */

/** 0 a static segment, 1 one that holds a parameter, 2 a catch-all. */
type Rank = 0 | 1 | 2;

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function rankOf(segment: string): Rank {
  if (segment.includes('*') || segment.includes('(')) return 2;
  if (segment.includes(':') || segment.includes('{')) return 1;
  return 0;
}

/** Negative when route path `a` must be tried before `b`. */
export function comparePaths(a: string, b: string): number {
  const sa = segments(a);
  const sb = segments(b);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    // A path that ends here is tried before one that goes on with a catch-all.
    const ra = i < sa.length ? rankOf(sa[i]!) : -1;
    const rb = i < sb.length ? rankOf(sb[i]!) : -1;
    if (ra !== rb) return ra - rb;
  }
  return 0;
}

interface Layer {
  path: string | RegExp;
  methods: string[];
}

/**
 * Puts a router's routes in precedence order, in place, once every module's routes are mounted.
 * Middleware layers (no method: the shop's vendor context, the areas' 405 answers) stay ahead of
 * the routes, in their order; they are scoped by path prefix, so their place among the routes
 * never mattered. Routes of equal precedence keep their mounting order (the sort is stable).
 */
export function orderRoutes(router: Router): void {
  // @koa/router types its stack with its own Layer class, whose path and methods fields this sort reads (Layer, above, names just those).
  const stack = router.stack as unknown as Layer[];
  const keyed = stack.map((layer, index) => ({ layer, index }));
  keyed.sort((x, y) => {
    const mx = x.layer.methods.length === 0;
    const my = y.layer.methods.length === 0;
    if (mx || my) return mx === my ? x.index - y.index : mx ? -1 : 1;
    const byPath = comparePaths(String(x.layer.path), String(y.layer.path));
    return byPath !== 0 ? byPath : x.index - y.index;
  });
  stack.splice(0, stack.length, ...keyed.map((k) => k.layer));
}

export interface RouteClaim {
  method: string;
  path: string;
  /** Who mounts it (a module's name), for the message. */
  owner: string;
}

/** Whether one request could match both paths with neither preferred by `comparePaths`. */
function sameShape(a: string, b: string): boolean {
  if (comparePaths(a, b) !== 0) return false;
  const sa = segments(a);
  const sb = segments(b);
  return sa.every((s, i) => rankOf(s) !== 0 || rankOf(sb[i] ?? '') !== 0 || s === sb[i]);
}

/** Every pair of routes of one method that match the same requests with equal precedence. */
export function overlappingRoutes(routes: readonly RouteClaim[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i < routes.length; i++) {
    for (let j = i + 1; j < routes.length; j++) {
      const a = routes[i]!;
      const b = routes[j]!;
      if (a.method !== b.method || !sameShape(a.path, b.path)) continue;
      problems.push(
        `routes overlap: ${a.method} ${a.path} (module ${a.owner}) and ${b.method} ${b.path} (module ${b.owner}) match the same requests`,
      );
    }
  }
  return problems;
}
