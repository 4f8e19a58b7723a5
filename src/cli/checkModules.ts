import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteClaim } from '../http/routePrecedence.ts';
import { modules } from '../modules/index.ts';
import type { Module } from '../modules/module.ts';
import type { Services } from '../runtime/services.ts';
import { listSourceFiles, type AreaDeclaration } from './areaBoundaries.ts';
import { checkArchitecture } from './architecture.ts';

/**
 * The architecture check's module half (npm run arch, after dependency-cruiser). Its rules are
 * derived from the module list (src/modules/index.ts), never from a list of its own:
 *   - every route factory exported under src/http/<api-area>/, every projection, process manager
 *     and aggregate belongs to a module, so that start-up, the OpenAPI document and the
 *     platform-modules switch see all of it;
 *   - the area boundaries, the module dependencies, the route overlaps and the shape of every
 *     command folder (./commandFolders.ts) of ./architecture.ts.
 * The boundaries the code still breaks are listed in ./knownCrossings.txt: a new crossing fails,
 * a listed one that is gone is reported so its line can be removed.
 */
const root = new URL('../../', import.meta.url).pathname;
const problems: string[] = [];

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const areas: AreaDeclaration[] = modules.map((m) => {
  const moduleFile = `src/modules/${camel(m.name)}.ts`;
  if (!existsSync(join(root, moduleFile))) problems.push(`module ${m.name} is not declared in ${moduleFile}`);
  return { name: m.name, dependsOn: m.dependsOn ?? [], moduleFile };
});

const routeFactories = new Set<unknown>(modules.flatMap((m) => [...Object.values(m.routes ?? {}).flat(), ...(m.pages ?? [])]));
const consumers = new Set<unknown>(modules.flatMap((m) => [...(m.consumers ?? []), ...(m.memoryViews ?? [])]));
const aggregates = new Set<unknown>(modules.flatMap((m) => m.aggregates ?? []));

const claim = async (dir: string, test: (name: string, value: unknown) => boolean, owned: Set<unknown>, what: string) => {
  for (const file of listSourceFiles(root, [dir])) {
    // A module's namespace: its exports by name, of whatever type each is.
    const exports = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (test(name, value) && !owned.has(value)) problems.push(`${file}: ${what} ${name} belongs to no module`);
    }
  }
};
// One folder per API area under src/http; schemas/ holds the areas' TypeBox schemas.
for (const dir of readdirSync(join(root, 'src/http'))) {
  if (dir === 'schemas' || !statSync(join(root, 'src/http', dir)).isDirectory()) continue;
  await claim(`src/http/${dir}`, (name, v) => typeof v === 'function' && /Routes$/.test(name), routeFactories, 'the route factory');
}
const isConsumer = (_: string, v: unknown) =>
  typeof v === 'object' && v !== null && 'name' in v && typeof v.name === 'string' && 'eventTypes' in v && Array.isArray(v.eventTypes);
await claim('projections', isConsumer, consumers, 'the projection');
await claim('src/processes', isConsumer, consumers, 'the process manager');
const isAggregate = (_: string, v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  'aggregate' in v &&
  'evolve' in v &&
  typeof v.aggregate === 'string' &&
  typeof v.evolve === 'function';
await claim('commands', isAggregate, aggregates, 'the aggregate');

const names = new Set(modules.map((m) => m.name));
for (const dir of readdirSync(join(root, 'projections'))) {
  if (!names.has(dir)) problems.push(`projections/${dir}: no module is named ${dir}`);
}

/**
 * The routes every module mounts, read off its route factories. A factory only declares its
 * routes when called; the services it is given are a stand-in it keeps for its handlers.
 */
function routeClaims(list: readonly Module[]): RouteClaim[] {
  const standIn: object = new Proxy(function standIn() {}, {
    get: (_t, p) => (p === 'then' ? undefined : p === Symbol.toPrimitive ? () => '' : standIn),
    apply: () => standIn,
    construct: () => standIn,
  });
  const claims: RouteClaim[] = [];
  for (const m of list) {
    const mounted = [
      ...Object.entries(m.routes ?? {}).flatMap(([area, factories]) =>
        (factories ?? []).map((f) => ({ prefix: area === 'root' || area === 'health' ? '' : `/api/v1/${area}`, f })),
      ),
      ...(m.pages ?? []).map((f) => ({ prefix: '', f })),
    ];
    for (const { prefix, f } of mounted) {
      for (const layer of f(standIn as Services).stack) {
        for (const method of layer.methods)
          if (method !== 'HEAD') claims.push({ method, path: `${prefix}${String(layer.path)}`, owner: m.name });
      }
    }
  }
  return claims;
}

const knownFile = join(root, 'src/cli/knownCrossings.txt');
const lines = readFileSync(knownFile, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
// `cycle: <areas>` lines are the area cycles still present, the others the crossings.
const known = new Set(lines.filter((l) => !l.startsWith('cycle: ')));
const knownCycles = new Set(lines.filter((l) => l.startsWith('cycle: ')).map((l) => l.slice('cycle: '.length)));
const report = checkArchitecture({ root, areas, routes: routeClaims(modules), known, knownCycles });
problems.push(...report.problems);

if (report.gone.length > 0) {
  console.log(
    `Module check: ${report.gone.length} known crossing(s) no longer occur; remove their lines from src/cli/knownCrossings.txt:\n${report.gone.map((g) => `  ${g}`).join('\n')}`,
  );
}
if (report.goneCycles.length > 0) {
  console.log(
    `Module check: ${report.goneCycles.length} known area cycle(s) are broken; remove their lines from src/cli/knownCrossings.txt:\n${report.goneCycles.map((g) => `  cycle: ${g}`).join('\n')}`,
  );
}
if (problems.length > 0) {
  console.error(`Module check: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `Module check: ${modules.length} modules; every route factory, consumer and aggregate belongs to one; area boundaries hold ` +
    `(${report.known} known crossing(s) and ${report.cycles} known area cycle(s) left in src/cli/knownCrossings.txt); no two routes overlap; every command folder has the one shape.`,
);
process.exit(0);
