import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The service runs from its TypeScript sources (tsx: tests, `npm run dev`) or from the JavaScript
 * the build compiled into dist/ (`npm start`). What it reads beside its code is found from here,
 * the same way in both.
 */
export const RUNS_COMPILED = !import.meta.url.endsWith('.ts');

/** The file name a module of ours has in this run: `scanChild` → scanChild.ts or scanChild.js. */
export const moduleFile = (name: string): string => `${name}${RUNS_COMPILED ? '.js' : '.ts'}`;

/** The repository's root, where package.json is (above dist/ when compiled). */
export const INSTALLATION_ROOT: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
