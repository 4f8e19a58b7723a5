import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Severity } from '../../../commands/code-quality/events.ts';

/** How a rule is checked: by dependency-cruiser (a forbidden dependency, or an orphan), by counting lines, or by a pattern in the text. */
export type RuleCheck =
  | { kind: 'dependency'; from: Record<string, unknown>; to: Record<string, unknown> }
  | { kind: 'orphan'; pathNot: string }
  | { kind: 'size'; maxLines: number }
  | { kind: 'pattern'; path: string; pathNot?: string; pattern: string };

/** A code-quality rule, as data: what the scan checks and reports. */
export interface CodeQualityRule {
  id: string;
  severity: Severity;
  description: string;
  check: RuleCheck;
}

/**
 * The scan's own rules, beside those the project enforces in CI (.dependency-cruiser.cjs, read
 * by projectRules): what ARCHITECTURE.md "Layout" and "Errors" and STYLE.md ask that the CI check
 * does not say itself.
 */
export const SCAN_RULES: readonly CodeQualityRule[] = [
  {
    id: 'generic-layers-import-no-area',
    severity: 'error',
    description:
      'The generic layers (src/http/api.ts, src/runtime/, src/main.ts) import no business area: areas contribute through their module.',
    check: {
      kind: 'dependency',
      from: { path: '^src/(runtime/|http/api\\.ts$|main\\.ts$)' },
      to: { path: '^(commands|projections|queries)/' },
    },
  },
  {
    id: 'routes-never-build-error-bodies',
    severity: 'error',
    description: 'Routes never set an error status or body themselves: they throw a domain exception and the global handler answers.',
    check: {
      kind: 'pattern',
      path: '^src/http/',
      pathNot: '^src/http/(errorHandler|notFoundPage)\\.ts$',
      pattern: 'ctx\\.status\\s*=\\s*[45]\\d\\d',
    },
  },
  {
    id: 'no-orphans',
    severity: 'warning',
    description: 'A module nothing imports is dead code (entry points, migrations and browser scripts aside).',
    check: { kind: 'orphan', pathNot: '(^src/main\\.ts$|^src/cli/|^migrations/|/static/|\\.d\\.ts$|\\.(js|cjs|mjs)$)' },
  },
  {
    id: 'oversized-file',
    severity: 'warning',
    description: 'Files do one thing and stay small: at most 300 lines.',
    check: { kind: 'size', maxLines: 300 },
  },
];

const SEVERITY: Record<string, Severity> = { error: 'error', warn: 'warning', info: 'info', ignore: 'info' };

/**
 * The rules the project enforces in CI (npm run arch), read from its dependency-cruiser
 * configuration in `root`: the same rules, the same severities, the comment as description.
 */
export function projectRules(root: string): CodeQualityRule[] {
  const file = join(root, '.dependency-cruiser.cjs');
  if (!existsSync(file)) return [];
  const config = createRequire(import.meta.url)(file) as {
    forbidden?: { name: string; severity?: string; comment?: string; from: object; to: object }[];
  };
  return (config.forbidden ?? []).map((r) => ({
    id: r.name,
    severity: SEVERITY[r.severity ?? 'warn'] ?? 'warning',
    description:
      r.comment ?? (r.name === 'no-circular' ? 'No dependency cycles: a module never reaches itself through its imports.' : r.name),
    check: { kind: 'dependency', from: r.from as Record<string, unknown>, to: r.to as Record<string, unknown> },
  }));
}

/** Every rule a scan checks: the project's CI rules, then the scan's own. */
export function codeQualityRules(root: string): CodeQualityRule[] {
  const project = projectRules(root);
  return [...project, ...SCAN_RULES.filter((r) => !project.some((p) => p.id === r.id))];
}
