import Router from '@koa/router';

/**
 * The router's match, indexed by the path's first segments. @koa/router tests every layer's
 * regular expression against every request: with every area's API and pages mounted on one root,
 * some hundreds of tests a request, the largest share of routing in a command's profile. A layer
 * whose path begins with DEPTH static segments can only match a path that begins with the same
 * ones, so a request tests those layers and the few that cannot be placed so (a parameter or a
 * pattern earlier, a middleware of a shorter prefix), in the stack's order: the result is the
 * router's own, with fewer tests. A layer with fewer static segments (a back-office page, an
 * area's middleware) is placed by its first one: a request tests only the layers of its own first
 * segment, not every page of every other root.
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

/** The request path's first segment, lowercased ('' for the root). */
const firstSegment = (path: string): string => path.toLowerCase().split('/')[1] ?? '';

/**
 * The static segments every path the layer matches begins with, lowercased: only those known
 * whole (a slash follows them, or the path ends with them). None for a pattern or a path that
 * does not begin with a slash.
 */
function staticSegments(layer: Layer): string[] {
  if (typeof layer.path !== 'string') return [];
  const cut = layer.path.search(SPECIAL);
  const fixed = (cut < 0 ? layer.path : layer.path.slice(0, cut)).toLowerCase();
  if (!fixed.startsWith('/')) return [];
  const parts = fixed.split('/').slice(1);
  return cut < 0 ? parts : parts.slice(0, -1);
}

/** The first DEPTH segments every path the layer matches begins with, or null when they are not all static. */
function placed(segments: readonly string[]): string | null {
  return segments.length >= DEPTH ? segments.slice(0, DEPTH).join('/') : null;
}

/** The first segment every path the layer matches begins with, or null when it is not static and whole (a parameter, a pattern, the root). */
function firstOf(segments: readonly string[]): string | null {
  return segments.length >= 1 && segments[0] !== '' ? segments[0]! : null;
}

/** Replaces `router.match` with the indexed one; call once the stack is complete and in order. */
export function indexRoutes(router: Router): void {
  // @koa/router types its stack with its own Layer class; the match below reads only its path, methods and match (Layer, above).
  const stack = router.stack as unknown as Layer[];
  const anywhere: number[] = [];
  const byLeading = new Map<string, number[]>();
  const byFirst = new Map<string, number[]>();
  stack.forEach((layer, i) => {
    const segments = staticSegments(layer);
    const key = placed(segments);
    const first = key === null ? firstOf(segments) : null;
    if (key !== null) byLeading.set(key, [...(byLeading.get(key) ?? []), i]);
    else if (first !== null) byFirst.set(first, [...(byFirst.get(first) ?? []), i]);
    else anywhere.push(i);
  });
  const inOrder = (...lists: number[][]) =>
    lists
      .flat()
      .sort((a, b) => a - b)
      .map((i) => stack[i]!);
  const candidates = new Map<string, Layer[]>();
  for (const [key, own] of byLeading) candidates.set(key, inOrder(own, byFirst.get(key.split('/')[0]!) ?? [], anywhere));
  const underFirst = new Map<string, Layer[]>();
  for (const [first, own] of byFirst) underFirst.set(first, inOrder(own, anywhere));
  const rest = inOrder(anywhere);
  const size = stack.length;
  router.match = (path: string, method: string) => {
    if (stack.length !== size) throw new Error('routes were added after the router was indexed');
    const key = leading(path);
    // A path of no placed layer's leading segments is tested against its first segment's layers.
    const layers = (key !== null ? candidates.get(key) : undefined) ?? underFirst.get(firstSegment(path)) ?? rest;
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
