import { overlappingRoutes, type RouteClaim } from '../http/routePrecedence.ts';
import { areaCycles, checkBoundaries, listSourceFiles, type AreaDeclaration } from './areaBoundaries.ts';
import { checkCommandFolders } from './commandFolders.ts';

/**
 * The rules `npm run arch` derives from the module list, as one pure function over a file tree,
 * the areas' declarations and the routes they mount, so that a test can run it on a fixture tree:
 *   - module names are unique kebab-case, `dependsOn` names modules that exist, without a cycle;
 *   - an area imports another only through its public surface, and only if it depends on it;
 *   - the generic layers import no area;
 *   - no areas import one another in a ring, counting the known crossings too (a cycle that the
 *     declarations hide: each import of it is listed, so none fails on its own);
 *   - no two routes of one method match the same requests with equal precedence;
 *   - every command folder has the one shape of ./commandFolders.ts (events.ts, the aggregates named
 *     after their deciders, handlers.ts or handlers/, no index.ts).
 * Crossings listed in `known` (file -> imported) are reported apart: the boundaries the code
 * still breaks, to be removed one by one, never added to.
 */
export interface ArchitectureInput {
  root: string;
  areas: readonly AreaDeclaration[];
  routes: readonly RouteClaim[];
  files?: string[];
  known?: ReadonlySet<string>;
  /** Area cycles still present when the cycle rule arrived, as their sorted areas joined by spaces. */
  knownCycles?: ReadonlySet<string>;
}

export interface ArchitectureReport {
  problems: string[];
  /** Known crossings still present. */
  known: number;
  /** Known crossings no longer present: their lines can go. */
  gone: string[];
  /** Known area cycles still present. */
  cycles: number;
  /** Known area cycles no longer present. */
  goneCycles: string[];
}

export function checkArchitecture(input: ArchitectureInput): ArchitectureReport {
  const problems = [...checkDeclarations(input.areas)];
  const known = input.known ?? new Set<string>();
  const crossings = checkBoundaries(input.root, input.areas, input.files);
  const present = new Set(crossings.map((c) => c.key));
  problems.push(...crossings.filter((c) => !known.has(c.key)).map((c) => c.problem));
  const knownCycles = input.knownCycles ?? new Set<string>();
  const cycles = areaCycles(input.root, input.areas, input.files);
  const cycleKeys = new Set(cycles.map((c) => c.areas.join(' ')));
  for (const cycle of cycles) {
    if (knownCycles.has(cycle.areas.join(' '))) continue;
    problems.push(
      `areas import one another in a cycle: ${cycle.areas.join(', ')} (${cycle.imports.join('; ')}); ` +
        'move what both need to the lower area, or react to its events in the area that depends on it',
    );
  }
  problems.push(...overlappingRoutes(input.routes));
  problems.push(...checkCommandFolders(input.root, input.files ?? listSourceFiles(input.root)));
  return {
    problems,
    known: crossings.filter((c) => known.has(c.key)).length,
    gone: [...known].filter((k) => !present.has(k)),
    cycles: cycles.filter((c) => knownCycles.has(c.areas.join(' '))).length,
    goneCycles: [...knownCycles].filter((k) => !cycleKeys.has(k)),
  };
}

export function checkDeclarations(areas: readonly AreaDeclaration[]): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const m of areas) {
    if (!/^[a-z][a-z0-9-]*$/.test(m.name)) problems.push(`module ${m.name}: the name is not kebab-case`);
    if (names.has(m.name)) problems.push(`module ${m.name} is declared twice`);
    names.add(m.name);
  }
  for (const m of areas) {
    for (const d of m.dependsOn) if (!names.has(d)) problems.push(`module ${m.name} depends on ${d}, which is no module`);
  }
  const byName = new Map(areas.map((m) => [m.name, m]));
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string, path: string[]): void => {
    if (done.has(name)) return;
    if (visiting.has(name)) {
      problems.push(`module dependencies form a cycle: ${[...path.slice(path.indexOf(name)), name].join(' → ')}`);
      return;
    }
    visiting.add(name);
    for (const d of byName.get(name)?.dependsOn ?? []) visit(d, [...path, name]);
    visiting.delete(name);
    done.add(name);
  };
  for (const m of areas) visit(m.name, []);
  return problems;
}
