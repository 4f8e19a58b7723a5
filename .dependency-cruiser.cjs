/**
 * The architecture rules of ARCHITECTURE.md "Layout", checked in CI (npm run arch).
 * Each rule names the sentence it enforces.
 */
module.exports = {
  forbidden: [
    {
      name: 'queries-never-import-commands',
      comment:
        "Queries never import commands (they read projections only), but for an area's errors.ts: a query throws its area's not-found (npm run arch checks the area is in dependsOn).",
      severity: 'error',
      from: { path: '^queries/' },
      to: { path: '^commands/', pathNot: '^commands/[^/]+/errors\\.ts$' },
    },
    {
      name: 'consumers-import-only-area-events',
      comment:
        "commands/<area>/events.ts is the public contract: projections and process managers import nothing else under commands/, but the area's errors.ts to throw or catch its exceptions.",
      severity: 'error',
      from: { path: '^(projections/|src/processes/)' },
      to: { path: '^commands/', pathNot: '^commands/[^/]+/(events|errors)\\.ts$' },
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
      name: 'generic-layers-import-no-area',
      comment:
        'The generic layers know no area (the runtime, the services, the route plumbing, the start): an area contributes a feature check, a seeding step or an adapter through its module declaration (src/modules/), never by being imported.',
      severity: 'error',
      from: { path: '^src/(runtime/|http/(api|app|validation|auth)\\.ts$|main\\.ts$|service\\.ts$)' },
      to: {
        path: '^(commands|projections|queries)/|^src/(processes|workers/[^/]+)/|^src/http/(admin|vendor|shop|platform|public|language)/',
      },
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
