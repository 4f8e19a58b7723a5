import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  ImportUrlRefusedException, OnboardingAlreadyFinishedException, OnboardingConnectionFailedException, OnboardingNotFoundException, OnboardingStepOrderException,
} from '../../../commands/onboarding/errors.ts';
import type { OnboardingStep } from '../../../commands/onboarding/events.ts';
import { DomainException, ValidationException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { checkImportUrls, connectExtmarket, onboardingStatus, saveCompanyProfile, startHistoricalSync } from '../../http/onboardingSteps.ts';
import { CompanyProfileBody, ExtmarketStepBody, ImportUrlsBody, StepParams } from '../../http/schemas/onboarding.ts';
import { validBody } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { card, facts, formatDateTime, formatNumber, input, linkButton, postForm, progressBar, textarea } from '../backOffice/components.ts';
import { setFlash } from '../backOffice/flash.ts';
import { formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, type Viewer } from '../backOffice/registry.ts';
import { postedFields, seeOther } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { ot, type OnboardingTextKey } from './texts.ts';

/** The wizard's path: the onboarding gate sends every other vendor page here while it is unfinished. */
export const WIZARD_PATH = '/vendor/onboarding';

type Status = Awaited<ReturnType<typeof onboardingStatus>>;
type Values = Record<string, string>;
/** What a refused step form shows again: the refusal in words, the fields it names, what was typed. */
interface Refusal { step: OnboardingStep; message: string; problems: Record<string, string>; values: Values }

const FIELDS: Record<1 | 2 | 3, readonly string[]> = {
  1: ['name', 'business_address', 'tax_number', 'contact_email', 'contact_phone', 'website'],
  2: ['api_key', 'api_endpoint'],
  3: ['product_csv_url', 'order_csv_url'],
};
const stepName = (l: LanguageCode, step: number) => ot(l, `step_${step}` as OnboardingTextKey);
/** The refresh of the live step card while the historical sync runs (the page polls itself). */
const SYNC_REFRESH_MS = 1500;

/** The four steps in a row: each done, the current one, or still to do. */
function stepper(l: LanguageCode, status: Status): Html {
  return html`<ol class="wizard-steps">${status.steps.map((s) => {
    const state = s.done ? 'done' : status.next_step === s.step || (status.next_step === null && s.step === 4 && status.status === 'in_progress') ? 'current' : 'todo';
    return html`<li class="${state}"${state === 'current' ? html` aria-current="step"` : ''}><span class="dot">${s.done ? '✓' : s.step}</span>
<span><strong>${stepName(l, s.step)}</strong><small>${ot(l, state)}</small></span></li>`;
  })}</ol>`;
}

/** What the finished steps recorded. */
function recorded(l: LanguageCode, status: Status): Html {
  const rows: [string, string | null][] = [];
  const profile = status.company_profile as Record<string, string | null> | null;
  if (profile) rows.push([ot(l, 'name'), profile.name ?? null], [ot(l, 'business_address'), profile.business_address ?? null], [ot(l, 'contact_email'), profile.contact_email ?? null]);
  if (status.extmarket) {
    rows.push([ot(l, 'shop_name'), status.extmarket.shop_name], [ot(l, 'key_ending'), status.extmarket.api_key_hint], [ot(l, 'tested_at'), formatDateTime(status.extmarket.tested_at, l)]);
  }
  if (status.import_urls) {
    rows.push([ot(l, 'products_rows'), formatNumber(status.import_urls.product_rows, l)], [ot(l, 'orders_rows'), formatNumber(status.import_urls.order_rows, l)]);
  }
  return rows.length ? card(ot(l, 'recorded'), facts(rows)) : html``;
}

function stepForm(ctx: Context, l: LanguageCode, step: 1 | 2 | 3, values: Values, problems: Record<string, string>): Html {
  const field = (name: string, o: { required?: boolean; type?: string; hint?: string; span2?: boolean; area?: boolean; placeholder?: string } = {}) =>
    (o.area ? textarea : input)(l, { label: ot(l, name as OnboardingTextKey), name, value: values[name] ?? '', problem: problems[name] ?? null, ...o });
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
  return postForm(ctx, `${WIZARD_PATH}/steps/${step}`, html`<div class="form-grid">${fields}</div>
<div class="form-actions"><button type="submit" class="primary">${submit}</button></div>`, { id: `step-${step}-form` });
}

/** Step 4: the button that starts the historical import, or its live progress. */
function syncPart(ctx: Context, l: LanguageCode, status: Status, editable: boolean): Html {
  const sync = status.historical_sync;
  if (sync?.status === 'running') {
    const expected = status.import_urls?.order_rows ?? 0;
    const detail = expected > 0
      ? ot(l, 'sync_detail', { read: formatNumber(sync.orders_read, l), expected: formatNumber(expected, l), imported: formatNumber(sync.orders_imported, l) })
      : ot(l, 'sync_detail_open', { read: formatNumber(sync.orders_read, l), imported: formatNumber(sync.orders_imported, l) });
    return html`${progressBar({ id: 'sync-progress', percent: sync.percent, label: ot(l, 'sync_running'), state: 'running' })}
<p class="muted">${detail}${sync.percent !== null ? ` · ${sync.percent} %` : ''}</p>`;
  }
  const failed = sync?.status === 'failed' ? html`<div class="flash error" role="alert">${ot(l, 'sync_failed', { error: sync.error ?? '—' })}</div>` : '';
  const button = editable ? postForm(ctx, `${WIZARD_PATH}/steps/4`, html`<div class="form-actions"><button type="submit" class="primary">${ot(l, failed ? 'retry_sync' : 'start_sync')}</button></div>`, { id: 'step-4-form' }) : '';
  return html`${failed}${button}`;
}

/** The card of the step to do now (or of the running import, refreshed until it ends), else the finished state. */
function currentCard(ctx: Context, viewer: Viewer, status: Status, refusal: Refusal | null): Html {
  const l = viewer.language;
  if (status.status !== 'in_progress') {
    const text = status.status === 'skipped' ? ot(l, 'skipped_text', { reason: status.skipped?.reason ?? '—' }) : ot(l, 'finished_text');
    return card(ot(l, 'finished_title'), html`<p>${text}</p><div class="form-actions">${linkButton('/vendor', ot(l, 'open_dashboard'), 'primary')}</div>`, { id: 'wizard-step' });
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
  return card(html`<small class="muted">${ot(l, 'step_of', { step })}</small><br>${stepName(l, step)}`,
    html`<p class="muted">${ot(l, `lead_${step}` as OnboardingTextKey)}</p>${body}`, { id: 'wizard-step', refreshMs: running ? SYNC_REFRESH_MS : undefined });
}

/** A step's form before anything was typed: what it saved before (resuming), else the vendor's name. */
function initialValues(viewer: Viewer, status: Status, step: OnboardingStep): Values {
  if (step === 1) {
    const saved = (status.company_profile ?? {}) as Record<string, string | null>;
    return { name: saved.name ?? viewer.vendor?.name ?? '', ...Object.fromEntries(Object.entries(saved).map(([k, v]) => [k, v ?? ''])) };
  }
  if (step === 2 && status.extmarket) return { api_endpoint: status.extmarket.api_endpoint };
  if (step === 3 && status.import_urls) return { product_csv_url: status.import_urls.product_csv_url, order_csv_url: status.import_urls.order_csv_url };
  return {};
}

/** A refused step in the wizard's words; the fields it names get their own line under them. */
function refusalOf(l: LanguageCode, step: OnboardingStep, err: DomainException, values: Values): Refusal {
  const problems: Record<string, string> = {};
  if (err instanceof ValidationException) {
    for (const issue of err.errors) {
      const name = issue.pointer.replace(/^\/body\//, '');
      if (!(name in problems)) problems[name] = issue.message;
    }
  }
  let message = refusalInWords(err);
  if (err instanceof OnboardingConnectionFailedException) {
    const test = err.extra.connection_test as { error?: string | null } | undefined;
    message = ot(l, 'problem_connection', { reason: test?.error ?? '—' });
  } else if (err instanceof OnboardingStepOrderException) {
    const next = err.extra.next_step as number | null;
    message = next ? ot(l, 'problem_order', { next: stepName(l, next) }) : err.message;
  } else if (err instanceof OnboardingAlreadyFinishedException) message = ot(l, 'problem_finished');
  else if (err instanceof ValidationException && !(err instanceof ImportUrlRefusedException)) message = ot(l, 'problem_fields');
  // The key is never sent back to the browser.
  return { step, message, problems, values: { ...values, api_key: '' } };
}

/**
 * /vendor/onboarding: the four-step wizard of SPEC.md part 3 (company profile, extmarket
 * connection with its real test, the import CSV URLs, the historical order import with its live
 * progress). Each step is a form that posts to the same step functions as the API
 * (src/http/onboardingSteps.ts) and comes back here; a refusal is shown in words beside the
 * fields it names, with what was typed. The onboarding gate sends every other vendor page here
 * until the onboarding is completed or skipped.
 */
export function onboardingPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  const render = async (ctx: Context, viewer: Viewer, refusal: Refusal | null = null, httpStatus = 200) => {
    const l = viewer.language;
    let status: Status;
    try {
      status = await onboardingStatus(services, viewer.vendor!.id);
    } catch (err) {
      if (!(err instanceof OnboardingNotFoundException)) throw err;
      return renderBackOffice(ctx, services, viewer, {
        title: ot(l, 'no_onboarding_title'),
        body: card(null, html`<p>${ot(l, 'no_onboarding_text')}</p><div class="form-actions">${linkButton('/vendor', ot(l, 'open_dashboard'), 'primary')}</div>`),
      });
    }
    await renderBackOffice(ctx, services, viewer, {
      title: ot(l, 'title'), subtitle: ot(l, 'subtitle'), error: refusal?.message ?? null,
      body: html`<div id="onboarding-wizard">${stepper(l, status)}<div class="grid sidebar">${currentCard(ctx, viewer, status, refusal)}${recorded(l, status)}</div></div>`,
    }, httpStatus);
  };

  api.get(WIZARD_PATH, {
    summary: 'Back-office page: the onboarding wizard (the four steps, the one to do now, the historical import\'s live progress; resumable)',
    responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
  }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'vendor', 'settings.view');
    if (viewer) await render(ctx, viewer);
  });

  api.post(`${WIZARD_PATH}/steps/:step`, {
    summary: 'Back-office form: commit one onboarding step (1 company profile, 2 extmarket key with its connection test, 3 CSV URLs, 4 start the historical import)',
    params: StepParams, responses: { 303: SEE_OTHER, 400: HTML, 403: HTML, 404: HTML, 409: HTML, 422: HTML },
  }, async (ctx, { params }) => {
    const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit');
    if (!viewer) return;
    const l = viewer.language;
    const vendorId = viewer.vendor!.id;
    const step = params.step as OnboardingStep;
    const values = step === 4 ? {} : postedFields(ctx, FIELDS[step]);
    // Empty optional fields are left out (the API's body leaves them out too).
    const given = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
    try {
      if (step === 1) {
        const body = validBody(CompanyProfileBody, given);
        await saveCompanyProfile(services, vendorId, { tax_number: null, contact_phone: null, website: null, ...body }, viewer.context);
      } else if (step === 2) await connectExtmarket(services, vendorId, validBody(ExtmarketStepBody, given), viewer.context);
      else if (step === 3) await checkImportUrls(services, vendorId, validBody(ImportUrlsBody, given), viewer.context);
      else await startHistoricalSync(services, vendorId, viewer.context);
    } catch (err) {
      if (!(err instanceof DomainException) || err.status >= 500) throw err;
      return render(ctx, viewer, refusalOf(l, step, err, values), err.status);
    }
    const status = await onboardingStatus(services, vendorId);
    const notice = step === 2 ? ot(l, 'saved_2', { shop: status.extmarket?.shop_name ?? '—' })
      : step === 3 ? ot(l, 'saved_3', { products: formatNumber(status.import_urls?.product_rows ?? 0, l), orders: formatNumber(status.import_urls?.order_rows ?? 0, l) })
        : ot(l, `saved_${step}` as OnboardingTextKey);
    setFlash(ctx, 'notice', notice);
    seeOther(ctx, WIZARD_PATH);
  });

  return api.router;
}
