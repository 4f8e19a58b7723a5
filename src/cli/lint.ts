import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * npm run lint: typescript-eslint over the whole tree (eslint.config.js), failing on its errors,
 * and holding eslint.untyped.txt to what it says: the source files still written over untyped
 * values, a list that only shrinks. A listed file with no unsafe-any warning left fails the lint
 * until its line is removed, so a file once typed stays typed (the rules are errors for it).
 */
const root = new URL('../../', import.meta.url).pathname;
const listed = readFileSync(new URL('eslint.untyped.txt', `file://${root}`), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));

const eslint = new ESLint({ cwd: root });
const results = await eslint.lintFiles(['src', 'commands', 'projections', 'queries', 'migrations', 'test', 'bench']);
const errors = ESLint.getErrorResults(results);
if (errors.length > 0) process.stdout.write(await (await eslint.loadFormatter('stylish')).format(errors));

const warnings = new Map(results.map((r) => [relative(root, r.filePath), r.warningCount]));
const typedSince = listed.filter((file) => (warnings.get(file) ?? 0) === 0);
for (const file of typedSince) console.log(`${file}: no untyped value is left in it; remove its line from eslint.untyped.txt`);

const untypedWarnings = listed.reduce((sum, file) => sum + (warnings.get(file) ?? 0), 0);
const errorCount = errors.reduce((sum, r) => sum + r.errorCount, 0);
console.log(
  `lint: ${results.length} files, ${errorCount} error(s); ${listed.length - typedSince.length} source file(s) still untyped ` +
    `(${untypedWarnings} unsafe-any warning(s), eslint.untyped.txt)`,
);
if (errorCount > 0 || typedSince.length > 0) process.exitCode = 1;
