/**
 * What the platform-modules decisions know of the catalogue: each module's name, whether it is
 * core, and the modules it depends on. The catalogue is the service's own module list
 * (src/modules/index.ts); a command carries it, so the decision stays a pure function.
 */
export interface CatalogueEntry {
  name: string;
  core: boolean;
  dependsOn: readonly string[];
}
export type Catalogue = readonly CatalogueEntry[];

/**
 * Every module `name` needs, directly or through another, each with the module that needs it
 * directly; nearest first (a module's dependencies come after it, so enabling walks it backwards).
 */
export function dependenciesOf(catalogue: Catalogue, name: string): { module: string; requiredBy: string }[] {
  const byName = new Map(catalogue.map((m) => [m.name, m]));
  const found: { module: string; requiredBy: string }[] = [];
  const seen = new Set([name]);
  const queue = [name];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const dep of byName.get(current)?.dependsOn ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      found.push({ module: dep, requiredBy: current });
      queue.push(dep);
    }
  }
  return found;
}

/** The modules that name `name` in their dependsOn. */
export function directDependents(catalogue: Catalogue, name: string): string[] {
  return catalogue.filter((m) => m.dependsOn.includes(name)).map((m) => m.name);
}
