import { ESLint } from 'eslint';
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * npm run lint: typescript-eslint over the whole tree (eslint.config.js), failing on its errors,
 * and holding eslint.untyped.txt to what it says: the source files still written over untyped
 * values, a list that only shrinks. A listed file with no unsafe-any warning left fails the lint
 * until its line is removed, so a file once typed stays typed (the rules are errors for it).
 * `npm run lint -- --prune` removes those lines itself (it never adds one).
 */
const root = new URL('../../', import.meta.url).pathname;
const listFile = new URL('eslint.untyped.txt', `file://${root}`);
const listText = readFileSync(listFile, 'utf8');
const listed = listText.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
const prune = process.argv.includes('--prune');

const eslint = new ESLint({ cwd: root });
const results = await eslint.lintFiles(['src', 'commands', 'projections', 'queries', 'migrations', 'test', 'bench']);
const errors = ESLint.getErrorResults(results);
if (errors.length > 0) process.stdout.write(await (await eslint.loadFormatter('stylish')).format(errors));

const warnings = new Map(results.map((r) => [relative(root, r.filePath), r.warningCount]));
const typedSince = listed.filter((file) => (warnings.get(file) ?? 0) === 0);
if (prune && typedSince.length > 0) {
  const gone = new Set(typedSince);
  writeFileSync(
    listFile,
    listText
      .split('\n')
      .filter((line) => !gone.has(line))
      .join('\n'),
  );
  console.log(`eslint.untyped.txt: ${typedSince.length} file(s) typed since, their lines removed`);
} else {
  for (const file of typedSince)
    console.log(`${file}: no untyped value is left in it; remove its line from eslint.untyped.txt (npm run lint -- --prune)`);
}

const stillListed = listed.length - typedSince.length;
const untypedWarnings = listed.reduce((sum, file) => sum + (warnings.get(file) ?? 0), 0);
const errorCount = errors.reduce((sum, r) => sum + r.errorCount, 0);
console.log(
  `lint: ${results.length} files, ${errorCount} error(s); ${stillListed} source file(s) still untyped ` +
    `(${untypedWarnings} unsafe-any warning(s), eslint.untyped.txt)`,
);
if (errorCount > 0 || (typedSince.length > 0 && !prune)) process.exitCode = 1;
