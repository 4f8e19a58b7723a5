// @ts-check
import tseslint from 'typescript-eslint';

/**
 * The lint of npm run lint and CI: typescript-eslint with type information, for the mistakes a
 * type-check lets through. Errors: a promise nobody awaits or handles (a failure that vanishes,
 * work that outlives its transaction), a promise where a callback expects a value. The unsafe-any
 * rules warn: the code still has untyped rows and casts, counted by the lint's summary, and
 * becomes an error once they are typed.
 */
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
      '@typescript-eslint/no-unsafe-assignment': 'warn',
      '@typescript-eslint/no-unsafe-member-access': 'warn',
      '@typescript-eslint/no-unsafe-call': 'warn',
      '@typescript-eslint/no-unsafe-return': 'warn',
      '@typescript-eslint/no-unsafe-argument': 'warn',
    },
  },
);
