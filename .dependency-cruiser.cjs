/**
 * The architecture rules of ARCHITECTURE.md "Layout", checked in CI (npm run arch).
 * Each rule names the sentence it enforces.
 */
module.exports = {
  forbidden: [
    {
      name: 'queries-never-import-commands',
      comment: 'Queries never import commands (they read projections only).',
      severity: 'error',
      from: { path: '^queries/' },
      to: { path: '^commands/' },
    },
    {
      name: 'consumers-import-only-area-events',
      comment: 'commands/<area>/events.ts is the public contract: projections and process managers import nothing else under commands/.',
      severity: 'error',
      from: { path: '^(projections/|src/processes/)' },
      to: { path: '^commands/', pathNot: '^commands/[^/]+/events\\.ts$' },
    },
    {
      name: 'commands-never-read-projections-or-http',
      comment: 'Commands decide on their own streams; they never import queries, projections or the HTTP layer.',
      severity: 'error',
      from: { path: '^commands/' },
      to: { path: '^(projections/|queries/|src/http/)' },
    },
    {
      name: 'core-is-a-leaf',
      comment: 'src/core holds pure building blocks: no database, event store, HTTP or areas.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^(src/(runtime|http|eventstore|pages|processes|adapters)|commands|projections|queries)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
