import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * The knex migrations of migrations/, loaded as ES modules: the TypeScript files under tsx, their
 * compiled .js in dist/migrations when the service runs compiled. A migration keeps its .ts name
 * in knex_migrations either way, so a database migrated by one runs under the other.
 */
class FolderSource implements Knex.MigrationSource<string> {
  async getMigrations() {
    return readdirSync(DIR)
      .filter((f) => /^\d+_.+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
      .sort();
  }
  getMigrationName(file: string) {
    return file.replace(/\.js$/, '.ts');
  }
  async getMigration(file: string): Promise<Knex.Migration> {
    // A file of migrations/ exports knex's up and down.
    return (await import(pathToFileURL(join(DIR, file)).href)) as Knex.Migration;
  }
}

export async function migrate(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: new FolderSource() });
}
