import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * The boundaries between business areas, derived from the module list (ARCHITECTURE.md
 * "Layout"): which area a file belongs to, which files are an area's public surface, and every
 * import that crosses from one area into another's internals or into an area it does not name in
 * `dependsOn`. Pure over a file tree and the areas' declarations, so a test can run it on a
 * fixture tree.
 */
export interface AreaDeclaration {
  /** The module's kebab-case name, also its folder name under commands/, projections/, queries/, src/pages/, src/workers/. */
  name: string;
  dependsOn: readonly string[];
  /** The module file, relative to the root (src/modules/<camelCase>.ts). */
  moduleFile: string;
}

/** Folders whose sub-folder names the area. */
const areaFolders = ['commands', 'projections', 'queries', 'src/pages', 'src/workers'];
/**
 * Folders of the pieces a module file declares (routes per API area, processes, pages, workers):
 * a file there belongs to the area whose module file imports it.
 */
const declarationFolders = /^src\/(http\/[a-z]+|processes|pages|workers)\/[^/]+\.ts$/;

/** The building blocks every area shares: never owned by an area, whoever imports them. */
const alwaysGeneric =
  /^src\/(core|runtime|eventstore|modules\/module\.ts|config\.ts|main\.ts|service\.ts|startupMessages\.ts|bootstrap\.ts|cli\/|http\/(api|app|errorHandler|openapi|openapiDocument|openapiSchemas|responses|validation|routeTable|responseConformance|inputGuard|multipart|notFoundPage|sse|staticFile)\.ts|pages\/(backOffice\/|html\.ts|forms\.ts))/;

export interface Ownership {
  /** The area of each file of the tree, or undefined for a generic file. */
  areaOf(file: string): string | undefined;
  isPublic(file: string): boolean;
}

export function listSourceFiles(root: string, dirs: readonly string[] = ['src', 'commands', 'projections', 'queries']): string[] {
  const walk = (dir: string): string[] => {
    const abs = join(root, dir);
    let names: string[];
    try {
      names = readdirSync(abs);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) return walk(path);
      return name.endsWith('.ts') ? [path] : [];
    });
  };
  return dirs.flatMap(walk).sort();
}

/** The relative imports of a file (static, re-exports and dynamic), resolved to paths from the root. */
export function importsOf(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const found = new Set<string>();
  const pattern =
    /(?:^|[^.\w])(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|(?:^|[^.\w])import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm;
  for (const match of text.matchAll(pattern)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec && /\.ts$/.test(spec)) found.add(normalize(join(dirname(file), spec)));
  }
  return [...found];
}

export function ownership(root: string, files: readonly string[], areas: readonly AreaDeclaration[]): Ownership {
  const names = new Set(areas.map((a) => a.name));
  const owner = new Map<string, string>();
  for (const area of areas) {
    owner.set(area.moduleFile, area.name);
    for (const imported of importsOf(root, area.moduleFile)) {
      if (declarationFolders.test(imported)) owner.set(imported, area.name);
    }
  }
  const byFolder = (file: string): string | undefined => {
    for (const folder of areaFolders) {
      if (file.startsWith(`${folder}/`)) {
        const rest = file.slice(folder.length + 1).split('/');
        if (rest.length > 1 && names.has(rest[0]!)) return rest[0];
      }
    }
    return undefined;
  };
  for (const file of files) {
    const area = byFolder(file);
    if (area) owner.set(file, area);
  }
  // A helper outside the area folders that only one area's files import is that area's own
  // (src/http/shop/cartView.ts, src/http/schemas/orders.ts); one imported by a generic file or by
  // two areas stays generic. The building blocks every area shares never belong to one.
  const importers = new Map<string, string[]>();
  for (const file of files)
    for (const imported of importsOf(root, file)) importers.set(imported, [...(importers.get(imported) ?? []), file]);
  for (let changed = true; changed;) {
    changed = false;
    for (const file of files) {
      if (owner.has(file) || alwaysGeneric.test(file)) continue;
      const areasImporting = new Set((importers.get(file) ?? []).map((f) => owner.get(f) ?? '(generic)'));
      if (areasImporting.size !== 1) continue;
      const [area] = areasImporting;
      if (area === '(generic)') continue;
      owner.set(file, area!);
      changed = true;
    }
  }
  const areaOf = (file: string): string | undefined => owner.get(file);
  const moduleFiles = new Set(areas.map((a) => a.moduleFile));
  const isPublic = (file: string) => moduleFiles.has(file) || /^commands\/[^/]+\/(events|errors)\.ts$/.test(file);
  return { areaOf, isPublic };
}

/** An import that breaks a boundary: `key` (file -> imported) identifies it in the list of known ones. */
export interface Crossing {
  key: string;
  problem: string;
}

/** Every import of the tree that leaves an area or a generic layer, with what it breaks. */
export function checkBoundaries(root: string, areas: readonly AreaDeclaration[], files = listSourceFiles(root)): Crossing[] {
  const { areaOf, isPublic } = ownership(root, files, areas);
  const moduleFiles = new Set(areas.map((a) => a.moduleFile));
  const byName = new Map(areas.map((a) => [a.name, a]));
  const crossings: Crossing[] = [];
  for (const file of files) {
    const from = areaOf(file);
    for (const imported of importsOf(root, file)) {
      const to = areaOf(imported);
      if (to === undefined || to === from) continue;
      const key = `${file} -> ${imported}`;
      if (from === undefined) {
        if (!isGenericAllowed(file, imported, moduleFiles))
          crossings.push({
            key,
            problem: `${file}, a generic layer, imports ${imported} of area ${to}: the area contributes through its module declaration instead`,
          });
        continue;
      }
      if (!isPublic(imported)) {
        crossings.push({
          key,
          problem: `area ${from} imports an internal of area ${to}: ${file} imports ${imported} (only ${to}'s events.ts, errors.ts and module file are its public surface)`,
        });
      }
      if (!reaches(byName, from, to)) {
        crossings.push({
          key,
          problem: `area ${from} imports area ${to}, which module ${from} does not name in dependsOn: ${file} imports ${imported}`,
        });
      }
    }
  }
  return crossings;
}

/**
 * The areas that import one another in a ring, known crossings included: each strongly connected
 * group of two or more areas in the graph of imports between areas, its members sorted, with one
 * import per edge of the group to show where it is held together.
 */
export interface AreaCycle {
  areas: string[];
  imports: string[];
}

export function areaCycles(root: string, areas: readonly AreaDeclaration[], files = listSourceFiles(root)): AreaCycle[] {
  const { areaOf } = ownership(root, files, areas);
  const edges = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = areaOf(file);
    if (from === undefined) continue;
    for (const imported of importsOf(root, file)) {
      const to = areaOf(imported);
      if (to === undefined || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${file} -> ${imported}`);
    }
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: AreaCycle[] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length < 2) return;
    const members = new Set(group);
    const imports = [...members]
      .sort()
      .flatMap((a) => [...(edges.get(a) ?? [])].filter(([to]) => members.has(to)).map(([, example]) => example));
    cycles.push({ areas: [...members].sort(), imports });
  };
  for (const area of [...new Set(areas.map((a) => a.name))].sort()) if (!index.has(area)) visit(area);
  return cycles;
}

/**
 * The module list is the place that knows every area. A command-line tool (src/cli/) is an entry
 * point too, run by hand for one area's work (creating an admin, loading exchange rates, retrying
 * Stripe events): no area imports it, so it breaks no boundary by reading an area, but only through
 * what the area exports for others, its module file; an area's other files stay closed to it, as
 * they are to every generic layer.
 */
function isGenericAllowed(file: string, imported: string, moduleFiles: ReadonlySet<string>): boolean {
  return file === 'src/modules/index.ts' || (file.startsWith('src/cli/') && moduleFiles.has(imported));
}

function reaches(byName: Map<string, AreaDeclaration>, from: string, to: string): boolean {
  return (byName.get(from)?.dependsOn ?? []).includes(to);
}
