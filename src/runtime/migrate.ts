import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** The knex migrations of migrations/, loaded as ES modules (they are TypeScript, run by tsx). */
class FolderSource implements Knex.MigrationSource<string> {
  async getMigrations() {
    return readdirSync(DIR).filter((f) => /^\d+_.+\.ts$/.test(f)).sort();
  }
  getMigrationName(file: string) {
    return file;
  }
  async getMigration(file: string) {
    return import(pathToFileURL(join(DIR, file)).href);
  }
}

export async function migrate(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: new FolderSource() });
}
