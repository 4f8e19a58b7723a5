// `npm start`: the compiled service (dist/src/main.js), compiled first when the sources changed
// since the last build. In this process: the service's own signal handling applies as is.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, isStale } from './build.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(ROOT, 'dist', 'src', 'main.js');
if (isStale()) build();
if (!existsSync(main)) {
  process.stderr.write(
    'Cannot start: dist/ holds no build and TypeScript is not installed: run npm ci (with dev dependencies), or npm run dev to run the sources.\n',
  );
  process.exit(1);
}
await import(pathToFileURL(main).href);
