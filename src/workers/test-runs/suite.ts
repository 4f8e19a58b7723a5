import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestCategory } from '../../../commands/test-runs/events.ts';

/**
 * The test suite's layout: a collection is a folder under test/ (test/http, test/commands…), and
 * its category follows from what it tests, as data. Collections not named here are integration
 * tests (they start the service).
 */
export const CATEGORY_OF_COLLECTION: Record<string, TestCategory> = {
  core: 'unit',
  commands: 'unit',
  projections: 'unit',
  queries: 'unit',
  eventstore: 'unit',
  runtime: 'unit',
  adapters: 'unit',
  mail: 'unit',
  workers: 'unit',
  processes: 'unit',
  cli: 'unit',
  bench: 'performance',
  performance: 'performance',
};

export const categoryOf = (collection: string): TestCategory => CATEGORY_OF_COLLECTION[collection] ?? 'integration';

/** A glob of the suite (`test/**\/*.test.ts`) as a regular expression over paths relative to the root. */
export function globToRegExp(glob: string): RegExp {
  const re = glob
    .split('/')
    .map((part) =>
      part === '**'
        ? '(?:.*/)?'
        : `${part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]')}/`,
    )
    .join('');
  return new RegExp(`^${re.replace(/\/$/, '').replace(/\(\?:\.\*\/\)\?\//g, '(?:.*/)?')}$`);
}

export interface SuiteFile {
  file: string;
  collection: string;
  category: TestCategory;
}

/** The suite's test files under `root` matching `pattern`, each with its collection and category. */
export function suiteFiles(root: string, pattern: string): SuiteFile[] {
  const re = globToRegExp(pattern);
  const out: SuiteFile[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !e.name.startsWith('.')) walk(rel);
        continue;
      }
      if (re.test(rel)) {
        const parts = rel.split('/');
        const collection = parts.length > 2 ? parts[1] : parts[0].replace(/\..*$/, '');
        out.push({ file: rel, collection, category: categoryOf(collection) });
      }
    }
  };
  walk(pattern.split('/')[0].includes('*') ? '' : pattern.split('/')[0]);
  return out.sort((a, b) => a.file.localeCompare(b.file));
}
