import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../../../commands/code-quality/events.ts';
import type { CodeQualityRule } from './rules.ts';

/** The folders of a source tree a scan reads (those of ARCHITECTURE.md "Layout" that hold code). */
export const SCANNED_FOLDERS = ['src', 'commands', 'projections', 'queries', 'migrations'] as const;

export const fingerprintOf = (ruleId: string, file: string, detail: string | null): string =>
  createHash('sha256')
    .update(`${ruleId}\u0000${file}\u0000${detail ?? ''}`)
    .digest('hex')
    .slice(0, 32);

export interface TreeScan {
  files: number;
  findings: Finding[];
}

const SEVERITY_OF: Record<string, 'error' | 'warn' | 'info'> = { error: 'error', warning: 'warn', info: 'info' };

/**
 * Checks the source tree under `root` against `rules`: dependency and orphan rules through
 * dependency-cruiser's API, sizes and patterns on each module's text. A finding's fingerprint
 * is the rule, the file and what it reached (or the offending text), never a line number, so a
 * finding keeps its identity while code moves around it.
 */
export async function scanTree(root: string, rules: readonly CodeQualityRule[], progress: (message: string) => void): Promise<TreeScan> {
  const { cruise } = await import('dependency-cruiser');
  const folders = SCANNED_FOLDERS.filter((f) => existsSync(join(root, f)));
  // A tree with none of them is a wrong source root, not a clean tree: scanning it would record
  // every known violation fixed.
  if (folders.length === 0)
    throw new Error(`The source root ${root} cannot be scanned: it holds none of the folders ${SCANNED_FOLDERS.join(', ')} (SOURCE_ROOT)`);
  progress(`Reading the dependencies of ${folders.join(', ')}`);
  const forbidden = rules.flatMap((r) => {
    const severity = SEVERITY_OF[r.severity];
    if (r.check.kind === 'dependency') return [{ name: r.id, severity, from: r.check.from, to: r.check.to }];
    if (r.check.kind === 'orphan') return [{ name: r.id, severity, from: { orphan: true, pathNot: r.check.pathNot }, to: {} }];
    return [];
  });
  const { output } = await cruise(
    folders,
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: 'node_modules' },
      tsPreCompilationDeps: true,
    },
    { extensions: ['.ts', '.js'] },
  );
  // Text comes back only when a report format is asked for; none is.
  if (typeof output === 'string') throw new Error('dependency-cruiser answered with a report instead of its result');
  const modules = output.modules.filter((m) => !m.coreModule && !m.couldNotResolve && !String(m.source).startsWith('node_modules'));
  const byId = new Map(rules.map((r) => [r.id, r]));
  const findings = new Map<string, Finding>();
  const add = (rule: CodeQualityRule, file: string, target: string | null, line: number | null, message: string, detail = target) => {
    const fingerprint = fingerprintOf(rule.id, file, detail);
    if (!findings.has(fingerprint)) {
      findings.set(fingerprint, {
        fingerprint,
        rule_id: rule.id,
        severity: rule.severity,
        description: rule.description,
        file_path: file,
        line,
        target,
        message,
      });
    }
  };
  for (const v of output.summary.violations) {
    const rule = byId.get(v.rule.name);
    if (!rule) continue;
    if (rule.check.kind === 'orphan') add(rule, v.from, null, null, `${v.from} is imported by no module`);
    else if (v.cycle) {
      const cycle = v.cycle.map((c) => (typeof c === 'string' ? c : c.name));
      add(rule, v.from, v.to, null, `${v.from} → ${cycle.join(' → ')} closes a cycle`);
    } else add(rule, v.from, v.to, null, `${v.from} imports ${v.to}`);
  }
  progress(`Checking sizes and patterns of ${modules.length} modules`);
  for (const m of modules) {
    const file = m.source;
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue;
    }
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    for (const rule of rules) {
      const c = rule.check;
      if (c.kind === 'size' && /\.ts$/.test(file) && lines.length > c.maxLines) {
        add(rule, file, null, null, `${file} has ${lines.length} lines (at most ${c.maxLines})`);
      }
      if (c.kind === 'pattern' && new RegExp(c.path).test(file) && !(c.pathNot && new RegExp(c.pathNot).test(file))) {
        const re = new RegExp(c.pattern);
        lines.forEach((l, i) => {
          if (re.test(l)) add(rule, file, null, i + 1, `${file}:${i + 1}: ${l.trim()}`, l.trim());
        });
      }
    }
  }
  const sorted = [...findings.values()].sort(
    (a, b) =>
      a.rule_id.localeCompare(b.rule_id) || a.file_path.localeCompare(b.file_path) || (a.target ?? '').localeCompare(b.target ?? ''),
  );
  return { files: modules.length, findings: sorted };
}
