// Compiles the service to JavaScript in dist/ (tsc, tsconfig.build.json) and copies the files its
// pages serve as they are (src/**/static). `npm run build`; `npm ci` runs it (prepare), and
// `npm start` runs it first when the sources are newer than the last build.
// With --if-stale it does nothing while dist/ is current. Without TypeScript (an install with
// --omit=dev) it says so and leaves dist/ as it is.
import { cpSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['src', 'commands', 'projections', 'queries', 'migrations'];
const STAMP = join(ROOT, 'dist', '.built');

/** The newest modification time of the compiled sources and the build settings. */
export function newestSource() {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of SOURCES) visit(join(ROOT, dir));
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'])
    newest = Math.max(newest, statSync(join(ROOT, file)).mtimeMs);
  return newest;
}

export function isStale() {
  return !existsSync(STAMP) || statSync(STAMP).mtimeMs < newestSource();
}

function copyStatic(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name === 'static') cpSync(path, join(ROOT, 'dist', relative(ROOT, path)), { recursive: true });
    else copyStatic(path);
  }
}

export function build() {
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    process.stderr.write(
      'TypeScript is not installed (an install without dev dependencies): dist/ is left as it is; npm run dev runs the sources.\n',
    );
    return false;
  }
  const began = Date.now();
  process.stderr.write('Compiling the service to dist/ …\n');
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('The build failed (the errors above); npm run dev runs the sources without it.\n');
    process.exit(1);
  }
  copyStatic(join(ROOT, 'src'));
  writeFileSync(STAMP, new Date().toISOString());
  process.stderr.write(`Compiled in ${((Date.now() - began) / 1000).toFixed(1)} s.\n`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  build();
}
