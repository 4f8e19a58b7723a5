import { ESLint } from 'eslint';

/**
 * npm run lint: typescript-eslint over the whole tree (eslint.config.js), failing on its errors.
 * The source has no unsafe-any left (the rules are errors there); tests and benchmarks, which read
 * answers as JSON checked against the routes' schemas, only warn, and the last line counts those.
 */
const root = new URL('../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });
const results = await eslint.lintFiles(['src', 'commands', 'projections', 'queries', 'migrations', 'test', 'bench']);
const errors = ESLint.getErrorResults(results);
if (errors.length > 0) process.stdout.write(await (await eslint.loadFormatter('stylish')).format(errors));

const errorCount = errors.reduce((sum, r) => sum + r.errorCount, 0);
const warningCount = results.reduce((sum, r) => sum + r.warningCount, 0);
console.log(`lint: ${results.length} files, ${errorCount} error(s), ${warningCount} warning(s) in tests and benchmarks`);
if (errorCount > 0) process.exitCode = 1;
