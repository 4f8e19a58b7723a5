/**
 * How the onboarding wizard is drawn: the four steps in a row, the card of the step to do now
 * (its form, filled with what it saved before or what a refused post typed, or the historical
 * import's button and live progress), the finished state, and what the done steps recorded.
 */
import type { Context } from 'koa';
import type { OnboardingStep } from '../../../commands/onboarding/events.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { onboardingStatus } from '../../http/onboardingSteps.ts';
import { card, facts, formatDateTime, formatNumber, input, linkButton, postForm, progressBar, textarea } from '../backOffice/components.ts';
import { can, type Viewer } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { ot, type OnboardingTextKey } from './texts.ts';

/** The wizard's path: the onboarding gate sends every other vendor page here while it is unfinished. */
export const WIZARD_PATH = '/vendor/onboarding';

export type Status = Awaited<ReturnType<typeof onboardingStatus>>;
export type Values = Record<string, string>;
/** What a refused step form shows again: the refusal in words, the fields it names, what was typed. */
export interface Refusal {
  step: OnboardingStep;
  message: string;
  problems: Record<string, string>;
  values: Values;
}

export const stepName = (l: LanguageCode, step: number) => ot(l, `step_${step}` as OnboardingTextKey);
/** The refresh of the live step card while the historical sync runs (the page polls itself). */
const SYNC_REFRESH_MS = 1500;

/** The four steps in a row: each done, the current one, or still to do. */
export function stepper(l: LanguageCode, status: Status): Html {
  return html`<ol class="wizard-steps">${status.steps.map((s) => {
    const state = s.done
      ? 'done'
      : status.next_step === s.step || (status.next_step === null && s.step === 4 && status.status === 'in_progress')
        ? 'current'
        : 'todo';
    return html`<li class="${state}"${state === 'current' ? html` aria-current="step"` : ''}><span class="dot">${s.done ? '✓' : s.step}</span>
<span><strong>${stepName(l, s.step)}</strong><small>${ot(l, state)}</small></span></li>`;
  })}</ol>`;
}

/** What the finished steps recorded. */
export function recorded(l: LanguageCode, status: Status): Html {
  const rows: [string, string | null][] = [];
  const profile = status.company_profile as Record<string, string | null> | null;
  if (profile)
    rows.push(
      [ot(l, 'name'), profile.name ?? null],
      [ot(l, 'business_address'), profile.business_address ?? null],
      [ot(l, 'contact_email'), profile.contact_email ?? null],
    );
  if (status.extmarket) {
    rows.push(
      [ot(l, 'shop_name'), status.extmarket.shop_name],
      [ot(l, 'key_ending'), status.extmarket.api_key_hint],
      [ot(l, 'tested_at'), formatDateTime(status.extmarket.tested_at, l)],
    );
  }
  if (status.import_urls) {
    rows.push(
      [ot(l, 'products_rows'), formatNumber(status.import_urls.product_rows, l)],
      [ot(l, 'orders_rows'), formatNumber(status.import_urls.order_rows, l)],
    );
  }
  return rows.length ? card(ot(l, 'recorded'), facts(rows)) : html``;
}

function stepForm(ctx: Context, l: LanguageCode, step: 1 | 2 | 3, values: Values, problems: Record<string, string>): Html {
  const field = (
    name: string,
    o: { required?: boolean; type?: string; hint?: string; span2?: boolean; area?: boolean; placeholder?: string } = {},
  ) =>
    (o.area ? textarea : input)(l, {
      label: ot(l, name as OnboardingTextKey),
      name,
      value: values[name] ?? '',
      problem: problems[name] ?? null,
      ...o,
    });
  const fields = {
    1: html`${field('name', { required: true })}${field('contact_email', { required: true, type: 'email' })}
${field('business_address', { required: true, area: true, span2: true })}${field('tax_number')}${field('contact_phone', { type: 'tel' })}
${field('website', { type: 'url', hint: ot(l, 'website_hint'), placeholder: 'https://' })}`,
    2: html`${field('api_key', { required: true, type: 'password', hint: ot(l, 'api_key_hint'), span2: true })}
${field('api_endpoint', { type: 'url', hint: ot(l, 'api_endpoint_hint'), span2: true, placeholder: 'https://' })}`,
    3: html`${field('product_csv_url', { required: true, type: 'url', hint: ot(l, 'csv_hint'), span2: true, placeholder: 'https://' })}
${field('order_csv_url', { required: true, type: 'url', hint: ot(l, 'csv_hint'), span2: true, placeholder: 'https://' })}`,
  }[step];
  const submit = ot(l, step === 1 ? 'save_continue' : step === 2 ? 'test_continue' : 'check_continue');
  return postForm(
    ctx,
    `${WIZARD_PATH}/steps/${step}`,
    html`<div class="form-grid">${fields}</div>
<div class="form-actions"><button type="submit" class="primary">${submit}</button></div>`,
    { id: `step-${step}-form` },
  );
}

/** Step 4: the button that starts the historical import, or its live progress. */
function syncPart(ctx: Context, l: LanguageCode, status: Status, editable: boolean): Html {
  const sync = status.historical_sync;
  if (sync?.status === 'running') {
    const expected = status.import_urls?.order_rows ?? 0;
    const detail =
      expected > 0
        ? ot(l, 'sync_detail', {
            read: formatNumber(sync.orders_read, l),
            expected: formatNumber(expected, l),
            imported: formatNumber(sync.orders_imported, l),
          })
        : ot(l, 'sync_detail_open', { read: formatNumber(sync.orders_read, l), imported: formatNumber(sync.orders_imported, l) });
    return html`${progressBar({ id: 'sync-progress', percent: sync.percent, label: ot(l, 'sync_running'), state: 'running' })}
<p class="muted">${detail}${sync.percent !== null ? ` · ${sync.percent} %` : ''}</p>`;
  }
  const failed =
    sync?.status === 'failed'
      ? html`<div class="flash error" role="alert">${ot(l, 'sync_failed', { error: sync.error ?? '—' })}</div>`
      : '';
  const button = editable
    ? postForm(
        ctx,
        `${WIZARD_PATH}/steps/4`,
        html`<div class="form-actions"><button type="submit" class="primary">${ot(l, failed ? 'retry_sync' : 'start_sync')}</button></div>`,
        { id: 'step-4-form' },
      )
    : '';
  return html`${failed}${button}`;
}

/** The card of the step to do now (or of the running import, refreshed until it ends), else the finished state. */
export function currentCard(ctx: Context, viewer: Viewer, status: Status, refusal: Refusal | null): Html {
  const l = viewer.language;
  if (status.status !== 'in_progress') {
    const text = status.status === 'skipped' ? ot(l, 'skipped_text', { reason: status.skipped?.reason ?? '—' }) : ot(l, 'finished_text');
    return card(
      ot(l, 'finished_title'),
      html`<p>${text}</p><div class="form-actions">${linkButton('/vendor', ot(l, 'open_dashboard'), 'primary')}</div>`,
      { id: 'wizard-step' },
    );
  }
  const step = (status.next_step ?? 4) as OnboardingStep;
  const editable = can(viewer, 'settings.edit');
  const running = status.historical_sync?.status === 'running' && status.next_step === null;
  let body: Html;
  if (step === 4) body = syncPart(ctx, l, status, editable);
  else if (!editable) body = html`<p class="muted">${ot(l, 'no_edit')}</p>`;
  else {
    const mine = refusal?.step === step ? refusal : null;
    body = stepForm(ctx, l, step, mine?.values ?? initialValues(viewer, status, step), mine?.problems ?? {});
  }
  return card(
    html`<small class="muted">${ot(l, 'step_of', { step })}</small><br>${stepName(l, step)}`,
    html`<p class="muted">${ot(l, `lead_${step}` as OnboardingTextKey)}</p>${body}`,
    { id: 'wizard-step', refreshMs: running ? SYNC_REFRESH_MS : undefined },
  );
}

/** A step's form before anything was typed: what it saved before (resuming), else the vendor's name. */
function initialValues(viewer: Viewer, status: Status, step: OnboardingStep): Values {
  if (step === 1) {
    const saved = (status.company_profile ?? {}) as Record<string, string | null>;
    return { name: saved.name ?? viewer.vendor?.name ?? '', ...Object.fromEntries(Object.entries(saved).map(([k, v]) => [k, v ?? ''])) };
  }
  if (step === 2 && status.extmarket) return { api_endpoint: status.extmarket.api_endpoint };
  if (step === 3 && status.import_urls)
    return { product_csv_url: status.import_urls.product_csv_url, order_csv_url: status.import_urls.order_csv_url };
  return {};
}
