/**
 * How a test run is shown on the admin pages: the tone of a run's and a result's status, the
 * categories one may run, durations and pass rates in words, what a run ran, and its live
 * progress bar, fetched again every 2 s while the run waits or runs.
 */
import type { TestCategory } from '../../../commands/test-runs/events.ts';
import type { TestRunOut } from '../../../queries/test-runs/listTestRuns.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { progressBar, type Tone } from '../backOffice/components.ts';
import { html, type Html } from '../html.ts';
import { rt } from './texts.ts';

/** SPEC.md part 6 item 7: a running test run is polled every 2 seconds. */
export const RUN_POLL_MS = 2000;
export const CATEGORIES: TestCategory[] = ['unit', 'integration', 'performance'];
export const RUN_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'];
export const RUN_TONE: Record<string, Tone> = { pending: 'neutral', running: 'info', completed: 'ok', failed: 'bad', cancelled: 'neutral' };
export const RESULT_TONE: Record<string, Tone> = { passed: 'ok', failed: 'bad', pending: 'warn' };

export const seconds = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
export const percent = (rate: number | null) => (rate === null ? '—' : `${rate} %`);
export const scope = (l: LanguageCode, r: TestRunOut) =>
  r.kind === 'collect' ? rt(l, 'collect') : (r.collection ?? r.category ?? rt(l, 'all'));

/** The run's live part: a bar fetched again every 2 s while the run waits or runs, else the last run's outcome. */
export function runProgress(l: LanguageCode, run: TestRunOut | null | undefined): Html {
  if (!run) return html`<div id="run-progress"><p class="muted">${rt(l, 'never')}</p></div>`;
  const counts = rt(l, 'counts', { passed: run.passed ?? 0, failed: run.failed ?? 0, pending: run.pending ?? 0 });
  if (run.status === 'pending' || run.status === 'running') {
    return progressBar({
      id: 'run-progress',
      percent: null,
      refreshMs: RUN_POLL_MS,
      state: 'running',
      label: rt(l, run.status === 'pending' ? 'waiting' : 'running', { id: run.id }),
      detail: [run.progress_message, counts].filter(Boolean).join(' · '),
    });
  }
  const label = rt(l, run.status === 'completed' ? 'done' : run.status === 'cancelled' ? 'cancelled_run' : 'failed_run', { id: run.id });
  return progressBar({
    id: 'run-progress',
    percent: 100,
    state: run.status === 'completed' ? 'done' : 'failed',
    label,
    detail: run.status === 'failed' ? (run.error_message ?? '') : `${counts} · ${percent(run.pass_rate)} · ${seconds(run.duration_ms)}`,
  });
}
