import { cpus, totalmem } from 'node:os';
import { createDatabase, quietDisk } from './support/databases.ts';

/**
 * The benchmark harness: scenarios record one sample per case per repetition; the
 * harness reports the median and the spread (min–max) of each metric, the ratio to the case's
 * same-run baseline (the median of the per-repetition ratios, so both sides of a ratio saw the
 * same machine load), and whether each target is met. The machines are shared and noisy: trust
 * the ratios more than the absolute numbers.
 */

/** One measurement of one case in one repetition. `rate` is the case's throughput. */
export interface Sample {
  rate: number;
  /** Latency percentiles in milliseconds, when the case measures latency. */
  p50?: number;
  p99?: number;
  /** Anything else worth reporting (conflicts, missed, duplicates, non-2xx, RSS…). */
  [metric: string]: number | undefined;
}

export interface Target {
  /** What the issue asks, in words: "≥ 14,000 events/s". */
  label: string;
  /** A metric of the case (median over repetitions), or `ratio` (median of the paired ratios). */
  metric: string;
  min?: number;
  max?: number;
}

export interface CaseSpec {
  name: string;
  /** Unit of `rate`: events/s, req/s… */
  unit: string;
  /** The case this one is compared to (a baseline case of the same scenario). */
  baseline?: string;
  /** True for the baseline cases themselves. */
  isBaseline?: boolean;
  targets?: Target[];
}

export interface ScenarioContext {
  /** A fresh, empty database for this scenario (dropped afterwards unless BENCH_KEEP_DB=1). */
  databaseUrl: string;
  /** The server's maintenance URL, to create more databases. */
  serverUrl: string;
  repetitions: number;
  /** BENCH_QUICK=1: smaller sizes and shorter runs, for checking that the bench works. */
  quick: boolean;
  /** Scales a size or a duration down in quick mode. */
  size(full: number, quick: number): number;
  define(spec: CaseSpec): void;
  record(caseName: string, sample: Sample): void;
  /** A sentence printed under the table and kept in the JSON (how a number was obtained). */
  note(text: string): void;
  log(text: string): void;
  freshDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }>;
}

export interface Scenario {
  id: string;
  title: string;
  run(ctx: ScenarioContext): Promise<void>;
}

export interface Stat {
  median: number;
  min: number;
  max: number;
}

export interface CaseResult {
  scenario: string;
  name: string;
  unit: string;
  baseline?: string;
  isBaseline: boolean;
  samples: Sample[];
  metrics: Record<string, Stat>;
  ratio?: Stat;
  targets: (Target & { value: number | null; met: boolean })[];
}

export interface ScenarioResult {
  id: string;
  title: string;
  seconds: number;
  cases: CaseResult[];
  notes: string[];
  error?: string;
}

// ---------------------------------------------------------------------------------------------
// Statistics

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Percentile of an ascending array (nearest rank, interpolated between neighbours). */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos),
    hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function stat(values: number[]): Stat {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length === 0) return { median: NaN, min: NaN, max: NaN };
  return { median: median(v), min: Math.min(...v), max: Math.max(...v) };
}

/** Collects latencies (ms) without per-sample allocation. */
export class Latencies {
  private values = new Float64Array(1 << 16);
  private n = 0;

  add(ms: number): void {
    if (this.n === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.n++] = ms;
  }

  get count(): number {
    return this.n;
  }

  summary(): { p50: number; p99: number; max: number } {
    const sorted = this.values.slice(0, this.n).sort();
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[this.n - 1] ?? NaN };
  }
}

/** The connection levels of the HTTP scenarios: BENCH_CONNECTIONS (comma-separated), default 1, 8 and 32. */
export function connectionLevels(): number[] {
  const levels = (process.env.BENCH_CONNECTIONS ?? '1,8,32')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  if (levels.length === 0) throw new Error('BENCH_CONNECTIONS: give connection counts, e.g. 8,32');
  return levels;
}

export const now = (): number => performance.now();
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `workers` loops of `fn` until `ms` have passed; returns the elapsed seconds. */
export async function runFor(ms: number, workers: number, fn: (worker: number) => Promise<void>): Promise<number> {
  const started = now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (now() < end) await fn(w);
    }),
  );
  return (now() - started) / 1000;
}

// ---------------------------------------------------------------------------------------------
// Running and reporting

export interface RunOptions {
  serverUrl: string;
  repetitions: number;
  quick: boolean;
  log: (text: string) => void;
}

export async function runScenario(scenario: Scenario, options: RunOptions): Promise<ScenarioResult> {
  const specs = new Map<string, CaseSpec>();
  const samples = new Map<string, Sample[]>();
  const notes: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  const started = now();
  const main = await createDatabase(options.serverUrl, scenario.id);
  drops.push(main.drop);
  const ctx: ScenarioContext = {
    databaseUrl: main.url,
    serverUrl: options.serverUrl,
    repetitions: options.repetitions,
    quick: options.quick,
    size: (full, quick) => (options.quick ? quick : full),
    define(spec) {
      specs.set(spec.name, spec);
      samples.set(spec.name, []);
    },
    record(name, sample) {
      if (!specs.has(name)) throw new Error(`${scenario.id}: case ${name} was not defined`);
      samples.get(name)!.push(sample);
      const extra = Object.entries(sample)
        .filter(([k]) => !['rate', 'p50', 'p99'].includes(k))
        .map(([k, v]) => `${k}=${fmt(v as number)}`)
        .join(' ');
      options.log(
        `  ${name}: ${fmt(sample.rate)} ${specs.get(name)!.unit}` +
          (sample.p50 !== undefined ? `, p50 ${fmtMs(sample.p50)} p99 ${fmtMs(sample.p99!)}` : '') +
          (extra ? `, ${extra}` : ''),
      );
    },
    note(text) {
      notes.push(text);
    },
    log: options.log,
    async freshDatabase(label) {
      const db = await createDatabase(options.serverUrl, `${scenario.id}_${label}`);
      drops.push(db.drop);
      return db;
    },
  };
  let error: string | undefined;
  try {
    await quietDisk(options.serverUrl, options.log);
    await scenario.run(ctx);
  } catch (err) {
    error = (err as Error).stack ?? String(err);
    options.log(`  FAILED: ${error}`);
  } finally {
    for (const drop of drops.reverse()) await drop();
  }
  const cases = [...specs.values()].map((spec) => summarise(scenario.id, spec, samples.get(spec.name)!, samples));
  return { id: scenario.id, title: scenario.title, seconds: (now() - started) / 1000, cases, notes, error };
}

function summarise(scenario: string, spec: CaseSpec, own: Sample[], all: Map<string, Sample[]>): CaseResult {
  const keys = new Set(own.flatMap((s) => Object.keys(s)));
  const metrics: Record<string, Stat> = {};
  for (const k of keys) metrics[k] = stat(own.map((s) => s[k] as number));
  let ratio: Stat | undefined;
  if (spec.baseline) {
    const base = all.get(spec.baseline) ?? [];
    const pairs = own.map((s, i) => (base[i] ? s.rate / base[i].rate : NaN));
    ratio = stat(pairs);
  }
  const targets = (spec.targets ?? []).map((t) => {
    const value = t.metric === 'ratio' ? (ratio?.median ?? null) : (metrics[t.metric]?.median ?? null);
    const met =
      value !== null && Number.isFinite(value) && (t.min === undefined || value >= t.min) && (t.max === undefined || value < t.max);
    return { ...t, value, met };
  });
  return {
    scenario,
    name: spec.name,
    unit: spec.unit,
    baseline: spec.baseline,
    isBaseline: spec.isBaseline ?? false,
    samples: own,
    metrics,
    ratio,
    targets,
  };
}

export function fmt(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '–';
  if (Math.abs(v) >= 100) return Math.round(v).toLocaleString('en-US');
  if (Math.abs(v) >= 10) return v.toFixed(1);
  return v.toFixed(2).replace(/\.?0+$/, '') || '0';
}

export function fmtMs(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '–';
  return v >= 100 ? `${Math.round(v)}` : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

const spread = (s: Stat | undefined, f: (v: number) => string) => (s ? `${f(s.median)} (${f(s.min)}–${f(s.max)})` : '–');

/** The results as a Markdown table (what the terminal shows and docs/performance.md quotes). */
export function table(results: ScenarioResult[]): string {
  const head = ['Scenario', 'Case', 'Throughput, median (min–max)', 'p50 ms', 'p99 ms', 'vs baseline', 'Other (median)', 'Targets'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of results) {
    if (r.error && r.cases.every((c) => c.samples.length === 0)) {
      lines.push(`| ${r.title} | FAILED | ${r.error.split('\n')[0].replace(/\|/g, '/')} | | | | | |`);
      continue;
    }
    for (const c of r.cases) {
      const other = Object.entries(c.metrics)
        .filter(([k]) => !['rate', 'p50', 'p99'].includes(k))
        .map(([k, s]) => `${k} ${fmt(s.median)}`)
        .join(', ');
      const ratio = c.ratio
        ? `${(c.ratio.median * 100).toFixed(0)} % (${(c.ratio.min * 100).toFixed(0)}–${(c.ratio.max * 100).toFixed(0)})`
        : c.isBaseline
          ? 'baseline'
          : '';
      const targets = c.targets.map((t) => `${t.met ? 'met' : 'MISSED'}: ${t.label}`).join('; ');
      lines.push(
        `| ${r.title} | ${c.name} | ${spread(c.metrics.rate, fmt)} ${c.unit} | ${spread(c.metrics.p50, fmtMs)} | ${spread(c.metrics.p99, fmtMs)} | ${ratio} | ${other} | ${targets} |`,
      );
    }
  }
  return lines.join('\n');
}

export function machine() {
  return {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}
