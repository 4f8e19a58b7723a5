import Router from '@koa/router';

/**
 * The router's match, indexed by the path's first segments. @koa/router tests every layer's
 * regular expression against every request: with every area's API and pages mounted on one root,
 * some hundreds of tests a request, the largest share of routing in a command's profile. A layer
 * whose path begins with DEPTH static segments can only match a path that begins with the same
 * ones, so a request tests those layers and the few that cannot be placed so (a parameter or a
 * pattern earlier, a middleware of a shorter prefix), in the stack's order: the result is the
 * router's own, with fewer tests.
 */
const DEPTH = 4;

/** Characters that end the static part of a route path (path-to-regexp's syntax). */
const SPECIAL = /[:*{}()?+!\\]/;

interface Layer {
  path: string | RegExp;
  methods: string[];
  match(path: string): boolean;
}

/** The request path's first DEPTH segments, lowercased (routes match regardless of case), or null when it has fewer. */
function leading(path: string): string | null {
  const parts = path.toLowerCase().split('/');
  return parts.length > DEPTH ? parts.slice(1, DEPTH + 1).join('/') : null;
}

/** The first DEPTH segments every path the layer matches begins with, or null when they are not all static. */
function placed(layer: Layer): string | null {
  if (typeof layer.path !== 'string') return null;
  const cut = layer.path.search(SPECIAL);
  const fixed = (cut < 0 ? layer.path : layer.path.slice(0, cut)).toLowerCase();
  const parts = fixed.split('/');
  // A segment is known whole when a slash follows it, or when the path ends with it.
  const whole = cut < 0 ? parts.length - 1 : parts.length - 2;
  if (!fixed.startsWith('/') || whole < DEPTH) return null;
  return parts.slice(1, DEPTH + 1).join('/');
}

/** Replaces `router.match` with the indexed one; call once the stack is complete and in order. */
export function indexRoutes(router: Router): void {
  // @koa/router types its stack with its own Layer class; the match below reads only its path, methods and match (Layer, above).
  const stack = router.stack as unknown as Layer[];
  const anywhere: number[] = [];
  const byLeading = new Map<string, number[]>();
  stack.forEach((layer, i) => {
    const key = placed(layer);
    if (key === null) anywhere.push(i);
    else byLeading.set(key, [...(byLeading.get(key) ?? []), i]);
  });
  const candidates = new Map<string, Layer[]>();
  for (const [key, own] of byLeading)
    candidates.set(
      key,
      [...own, ...anywhere].sort((a, b) => a - b).map((i) => stack[i]!),
    );
  const rest = anywhere.map((i) => stack[i]!);
  const size = stack.length;
  router.match = (path: string, method: string) => {
    if (stack.length !== size) throw new Error('routes were added after the router was indexed');
    const key = leading(path);
    const layers = (key !== null ? candidates.get(key) : undefined) ?? rest;
    const result = { path: [] as Layer[], pathAndMethod: [] as Layer[], route: false };
    const verb = method.toUpperCase();
    for (const layer of layers) {
      if (!layer.match(path)) continue;
      result.path.push(layer);
      if (layer.methods.length === 0 || layer.methods.includes(verb)) {
        result.pathAndMethod.push(layer);
        if (layer.methods.length > 0) result.route = true;
      }
    }
    // The same shape as the router's own match, whose declared type names its Layer class.
    return result as unknown as ReturnType<Router['match']>;
  };
}
