import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The one shape of a command folder (docs/architecture.md "The shape of a command folder"), as a
 * pure check over a file tree so that a test can run it on a fixture tree. In `commands/<area>/`:
 *   - `events.ts`, always: the area's events, its public contract;
 *   - `errors.ts`, when the area has exceptions of its own;
 *   - `commands.ts`, when the area keeps its command types apart from its aggregates;
 *   - one file per aggregate, named after its decider (`export const user: Decider<…>` is in
 *     `user.ts`): its state, evolve, transition table, decide and the decider; when that file would
 *     pass 300 lines, the decide function and the decider go to `<aggregate>Decider.ts` beside it;
 *   - `handlers.ts`, the entry points routes, pages, processes and workers call to run a command
 *     (load, decide, append); past 300 lines a `handlers/` folder instead, one file per command or
 *     group;
 *   - any other file is a helper of one of these, named for what it does.
 * No `index.ts` (a decider hidden behind a name that says nothing), no other sub-folder, file names
 * in camelCase.
 */
const area = /^commands\/([^/]+)\/(.+)$/;
const camelFile = /^[a-z][a-zA-Z0-9]*\.ts$/;
const deciderExport = /^export const (\w+)\s*:\s*Decider</gm;

export function checkCommandFolders(root: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  const folders = new Map<string, string[]>();
  for (const file of files) {
    if (!file.startsWith('commands/')) continue;
    const match = area.exec(file);
    if (!match) {
      problems.push(`${file}: a file of no area; a command file belongs in commands/<area>/`);
      continue;
    }
    folders.set(match[1]!, [...(folders.get(match[1]!) ?? []), match[2]!]);
  }
  for (const [name, inFolder] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    const folder = `commands/${name}`;
    const here = new Set(inFolder);
    if (!here.has('events.ts')) problems.push(`${folder}: no events.ts (the area's events, its public contract)`);
    if (here.has('handlers.ts') && inFolder.some((f) => f.startsWith('handlers/')))
      problems.push(`${folder}/handlers.ts: beside a handlers/ folder; the entry points are in one or the other`);
    for (const file of inFolder) {
      const path = `${folder}/${file}`;
      const parts = file.split('/');
      const base = parts[parts.length - 1]!;
      if (base === 'index.ts') {
        problems.push(
          `${path}: an index.ts; a decider goes in its aggregate's file (<aggregate>.ts, or <aggregate>Decider.ts past 300 lines), the entry points in handlers.ts`,
        );
        continue;
      }
      if (parts.length > 2 || (parts.length === 2 && parts[0] !== 'handlers')) {
        problems.push(
          `${path}: in a folder other than handlers/; a command folder holds its files directly, and its entry points in handlers/`,
        );
        continue;
      }
      if (!camelFile.test(base)) problems.push(`${path}: the file name is not camelCase`);
      const decided = /^(\w+)Decider\.ts$/.exec(base);
      if (parts.length === 1 && decided && !here.has(`${decided[1]}.ts`))
        problems.push(`${path}: a decider file without its aggregate's file ${decided[1]}.ts beside it`);
      for (const [, decider] of readFileSync(join(root, path), 'utf8').matchAll(deciderExport)) {
        if (parts.length === 1 && (base === `${decider}.ts` || base === `${decider}Decider.ts`)) continue;
        problems.push(
          `${path}: declares the decider ${decider}, which belongs in ${folder}/${decider}.ts (or ${decider}Decider.ts beside it)`,
        );
      }
    }
  }
  return problems;
}
