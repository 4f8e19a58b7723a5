// @ts-check
import tseslint from 'typescript-eslint';

/**
 * The lint of npm run lint and CI: typescript-eslint with type information, for the mistakes a
 * type-check lets through. Errors: a promise nobody awaits or handles (a failure that vanishes,
 * work that outlives its transaction), a promise where a callback expects a value, and in the
 * service's source an `any` that flows on unchecked (a member read, a call, an argument, a value
 * returned or assigned): an untyped value (a row, a request body, a library's answer) is given its
 * type where it enters. Tests and benchmarks read answers as JSON (checked against the route's
 * schema by the suite's response check), so there the unsafe-any rules warn.
 */
const unsafeAny = (level) => ({
  '@typescript-eslint/no-unsafe-assignment': level,
  '@typescript-eslint/no-unsafe-member-access': level,
  '@typescript-eslint/no-unsafe-call': level,
  '@typescript-eslint/no-unsafe-return': level,
  '@typescript-eslint/no-unsafe-argument': level,
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'test-artifacts/**', 'test/fixtures/**', '.tmp/**', 'bench/results/**', '**/*.cjs', 'eslint.config.js'] },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
      ...unsafeAny('error'),
    },
  },
  { files: ['test/**/*.ts', 'bench/**/*.ts'], rules: unsafeAny('warn') },
);
