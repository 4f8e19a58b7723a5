import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stat, type CaseResult, type ScenarioResult, type Stat } from './harness.ts';

/**
 * The bench's history: the command scenarios' ratios to the bare route (32 connections), one row
 * per measured commit, the last ten, committed as bench/history.json and rendered as
 * bench/history.md. `npm run bench -- --record` adds the run's row; `npm run bench -- --check`
 * compares the run with the last row and names every scenario that lost more than 20 % beyond
 * the noise of its repetitions.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
export const HISTORY_JSON = join(HERE, 'history.json');
export const HISTORY_MD = join(HERE, 'history.md');
export const KEEP = 10;
/** A loss counts as a regression past this share, beyond the noise. */
export const TOLERATED_LOSS = 0.2;

/** The command scenarios of the history: the case (at 32 connections) each is read from. */
export const HISTORY_SCENARIOS: { name: string; scenario: string; match: RegExp }[] = [
  { name: 'user profile', scenario: 'http-command', match: /ChangeUserProfile\), 32 conn\./ },
  { name: 'ship item', scenario: 'http-command', match: /ShipItem, 1 unit\), 32 conn\./ },
  { name: 'price change', scenario: 'http-command', match: /price change\), 32 conn\./ },
  { name: 'shop add-to-cart', scenario: 'shop-commands', match: /add to cart\), 32 conn\./ },
  { name: 'shop order', scenario: 'shop-commands', match: /place order, 2 lines\), 32 conn\./ },
];

/** One scenario's ratio to its same-run baseline: the per-repetition ratios and their median and spread. */
export interface Ratio extends Stat {
  reps: number[];
}

export interface HistoryEntry {
  commit: string;
  /** When the run started (ISO) and the results file it came from. */
  started: string;
  results: string;
  /** Load average (1 min) at the start and the end of the run. */
  load: [number, number] | null;
  ratios: Record<string, Ratio>;
  note?: string;
}

/** The ratios of the history's scenarios in a run's results (those the run measured). */
export function commandRatios(results: ScenarioResult[]): Record<string, Ratio> {
  const out: Record<string, Ratio> = {};
  for (const h of HISTORY_SCENARIOS) {
    const result = results.find((r) => r.id === h.scenario);
    const found = result?.cases.find((c) => h.match.test(c.name));
    if (!result || !found) continue;
    const reps = perRepetition(found, result.cases);
    if (reps.length > 0) out[h.name] = { ...stat(reps), reps };
  }
  return out;
}

function perRepetition(c: CaseResult, all: CaseResult[]): number[] {
  const base = all.find((b) => b.name === c.baseline);
  if (!base) return [];
  return c.samples.map((s, i) => (base.samples[i] ? s.rate / base.samples[i].rate : NaN)).filter(Number.isFinite);
}

export interface Comparison {
  scenario: string;
  previous: Ratio;
  current: Ratio;
  /** 1 − current / previous (the medians); negative is a gain. */
  loss: number;
  /** Half the relative spread of each side's repetitions, added. */
  noise: number;
  regressed: boolean;
}

/**
 * Each scenario measured in both: a regression when the median ratio lost more than 20 % plus
 * the noise (half the relative min–max spread of the previous run's repetitions plus the same
 * of this run's).
 */
export function compare(previous: HistoryEntry, current: Record<string, Ratio>): Comparison[] {
  const half = (r: Ratio) => (r.max - r.min) / (2 * r.median);
  return HISTORY_SCENARIOS.filter((h) => previous.ratios[h.name] && current[h.name]).map(({ name }) => {
    const p = previous.ratios[name],
      c = current[name];
    const loss = 1 - c.median / p.median;
    const noise = half(p) + half(c);
    return { scenario: name, previous: p, current: c, loss, noise, regressed: loss > TOLERATED_LOSS + noise };
  });
}

export function readHistory(file = HISTORY_JSON): HistoryEntry[] {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as HistoryEntry[]) : [];
}

/** The history with `entry` added last (replacing a row of the same commit), the last ten kept. */
export function withEntry(history: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [...history.filter((e) => e.commit !== entry.commit), entry].slice(-KEEP);
}

export function writeHistory(history: HistoryEntry[]): void {
  writeFileSync(HISTORY_JSON, `${JSON.stringify(history, null, 2)}\n`);
  writeFileSync(HISTORY_MD, renderHistory(history));
}

const pct = (v: number) => `${Math.round(v * 100)}`;

/** The table of bench/history.md: newest first, each cell the median ratio (min–max) in per cent. */
export function renderHistory(history: HistoryEntry[]): string {
  const head = ['Commit', 'Run started (UTC)', 'Load (start → end)', ...HISTORY_SCENARIOS.map((h) => h.name)];
  const rows = [...history].reverse().map((e) => [
    e.commit + (e.note ? ` (${e.note})` : ''),
    e.started.slice(0, 16).replace('T', ' '),
    e.load ? `${e.load[0].toFixed(1)} → ${e.load[1].toFixed(1)}` : '–',
    ...HISTORY_SCENARIOS.map((h) => {
      const r = e.ratios[h.name];
      return r ? `${pct(r.median)} % (${pct(r.min)}–${pct(r.max)})` : '–';
    }),
  ]);
  return [
    '# Bench history: command scenarios against the bare route',
    '',
    'Written by `npm run bench -- --record` (bench/history.ts); do not edit by hand. Each cell is the',
    "ratio of the command's throughput to the bare one-INSERT route of the same run at 32",
    'connections: the median of the repetitions (min–max), in per cent. `npm run bench -- --check`',
    `compares a run with the newest row and names a scenario that lost more than ${pct(TOLERATED_LOSS)} % beyond the noise`,
    'of its repetitions. The last ten measured commits; docs/performance.md says how to read them.',
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ].join('\n');
}
