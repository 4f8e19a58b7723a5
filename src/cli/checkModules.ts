import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { modules } from '../modules/index.ts';

/**
 * The architecture check's module half (npm run arch, after dependency-cruiser): every part of
 * the service belongs to exactly one module (src/modules/index.ts), so that start-up, the
 * OpenAPI document and the platform-modules switch see all of it.
 *   - every route factory exported by src/http/<api-area>/*.ts is mounted by a module;
 *   - every projection (projections/**) and process manager (src/processes/*) is a module's consumer;
 *   - every aggregate (a decider exported under commands/) is a module's aggregate;
 *   - module names are unique kebab-case, each projection folder is named after a module's area,
 *     and `dependsOn` names modules that exist, without a cycle.
 */
const root = new URL('../../', import.meta.url).pathname;
const problems: string[] = [];

function files(dir: string): string[] {
  const abs = join(root, dir);
  return readdirSync(abs).flatMap((name) => {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) return files(relative(root, path));
    return name.endsWith('.ts') ? [relative(root, path)] : [];
  });
}

const names = new Set<string>();
for (const m of modules) {
  if (!/^[a-z][a-z0-9-]*$/.test(m.name)) problems.push(`module ${m.name}: the name is not kebab-case`);
  if (names.has(m.name)) problems.push(`module ${m.name} is declared twice`);
  names.add(m.name);
}
for (const m of modules) {
  for (const d of m.dependsOn ?? []) if (!names.has(d)) problems.push(`module ${m.name} depends on ${d}, which is no module`);
}
const byName = new Map(modules.map((m) => [m.name, m]));
const visiting = new Set<string>();
const done = new Set<string>();
function visit(name: string, path: string[]): void {
  if (done.has(name)) return;
  if (visiting.has(name)) { problems.push(`module dependencies form a cycle: ${[...path, name].join(' → ')}`); return; }
  visiting.add(name);
  for (const d of byName.get(name)?.dependsOn ?? []) visit(d, [...path, name]);
  visiting.delete(name);
  done.add(name);
}
for (const m of modules) visit(m.name, []);

const routeFactories = new Set<unknown>(modules.flatMap((m) => [...Object.values(m.routes ?? {}).flat(), ...(m.pages ?? [])]));
const consumers = new Set<unknown>(modules.flatMap((m) => m.consumers ?? []));
const aggregates = new Set<unknown>(modules.flatMap((m) => m.aggregates ?? []));

const claim = async (dir: string, test: (name: string, value: any) => boolean, owned: Set<unknown>, what: string) => {
  for (const file of files(dir)) {
    const exports = await import(pathToFileURL(join(root, file)).href);
    for (const [name, value] of Object.entries(exports)) {
      if (test(name, value) && !owned.has(value)) problems.push(`${file}: ${what} ${name} belongs to no module`);
    }
  }
};
for (const area of ['admin', 'vendor', 'shop', 'public', 'language', 'platform']) {
  try { statSync(join(root, 'src/http', area)); } catch { continue; }
  await claim(`src/http/${area}`, (name, v) => typeof v === 'function' && /Routes$/.test(name), routeFactories, 'the route factory');
}
const isConsumer = (_: string, v: any) => v && typeof v === 'object' && typeof v.name === 'string' && Array.isArray(v.eventTypes);
await claim('projections', isConsumer, consumers, 'the projection');
await claim('src/processes', isConsumer, consumers, 'the process manager');
await claim('commands', (_, v) => v && typeof v === 'object' && typeof v.aggregate === 'string' && typeof v.evolve === 'function', aggregates, 'the aggregate');

for (const dir of readdirSync(join(root, 'projections'))) {
  if (!names.has(dir)) problems.push(`projections/${dir}: no module is named ${dir}`);
}

if (problems.length > 0) {
  console.error(`Module check: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Module check: ${modules.length} modules; every route factory, consumer and aggregate belongs to one.`);
process.exit(0);
