import { expect } from 'chai';
import { compare, renderHistory, withEntry, type HistoryEntry, type Ratio } from '../../bench/history.ts';

const ratio = (...reps: number[]): Ratio => {
  const sorted = [...reps].sort((a, b) => a - b);
  return { reps, median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1)! };
};
const entry = (commit: string, ratios: Record<string, Ratio>): HistoryEntry => ({
  commit,
  started: '2026-11-27T20:00:00.000Z',
  results: 'bench/results/x.json',
  load: [3, 4],
  ratios,
});

describe('bench history: a run compared with the previous committed one', () => {
  it('names a scenario whose ratio lost more than 20 % beyond the noise of its repetitions', () => {
    const previous = entry('aaaaaaa', { 'price change': ratio(0.3, 0.31, 0.32), 'user profile': ratio(0.2, 0.21, 0.22) });
    const found = compare(previous, { 'price change': ratio(0.2, 0.21, 0.22), 'user profile': ratio(0.19, 0.2, 0.21) });
    expect(found.filter((c) => c.regressed).map((c) => c.scenario)).to.deep.equal(['price change']);
    expect(found.find((c) => c.scenario === 'user profile')!.regressed).to.equal(false);
  });

  it('does not call a loss a regression when the repetitions spread as widely as the loss', () => {
    const previous = entry('aaaaaaa', { 'ship item': ratio(0.1, 0.15, 0.2) });
    const [c] = compare(previous, { 'ship item': ratio(0.08, 0.11, 0.16) });
    expect(c.loss).to.be.greaterThan(0.2);
    expect(c.regressed).to.equal(false);
  });

  it('compares only the scenarios both runs measured', () => {
    const previous = entry('aaaaaaa', { 'user profile': ratio(0.2, 0.2, 0.2) });
    expect(compare(previous, { 'shop order': ratio(0.1, 0.1, 0.1) })).to.deep.equal([]);
  });

  it('keeps the last ten commits, one row per commit, newest first in the table', () => {
    let history: HistoryEntry[] = [];
    for (let i = 0; i < 12; i++) history = withEntry(history, entry(`c${i}`, { 'user profile': ratio(0.2, 0.2, 0.2) }));
    history = withEntry(history, entry('c11', { 'user profile': ratio(0.3, 0.3, 0.3) }));
    expect(history.map((e) => e.commit)).to.deep.equal(['c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10', 'c11']);
    const rows = renderHistory(history)
      .split('\n')
      .filter((l) => /^\| c\d/.test(l));
    expect(rows[0]).to.match(/^\| c11 \|.*\| 30 % \(30–30\) \|/);
    expect(rows).to.have.length(10);
  });
});
