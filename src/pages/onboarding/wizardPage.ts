import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  ImportUrlRefusedException,
  OnboardingAlreadyFinishedException,
  OnboardingConnectionFailedException,
  OnboardingNotFoundException,
  OnboardingStepOrderException,
} from '../../../commands/onboarding/errors.ts';
import type { OnboardingStep } from '../../../commands/onboarding/events.ts';
import { DomainException, ValidationException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import {
  checkImportUrls,
  connectExtmarket,
  onboardingStatus,
  saveCompanyProfile,
  startHistoricalSync,
} from '../../http/onboardingSteps.ts';
import { CompanyProfileBody, ExtmarketStepBody, ImportUrlsBody, StepParams } from '../../http/schemas/onboarding.ts';
import { validBody } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { card, formatNumber, linkButton } from '../backOffice/components.ts';
import { setFlash } from '../backOffice/flash.ts';
import { formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { postedFields, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { ot, type OnboardingTextKey } from './texts.ts';
import { currentCard, recorded, stepName, stepper, WIZARD_PATH, type Refusal, type Status, type Values } from './wizardView.ts';

const FIELDS: Record<1 | 2 | 3, readonly string[]> = {
  1: ['name', 'business_address', 'tax_number', 'contact_email', 'contact_phone', 'website'],
  2: ['api_key', 'api_endpoint'],
  3: ['product_csv_url', 'order_csv_url'],
};

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
        body: card(
          null,
          html`<p>${ot(l, 'no_onboarding_text')}</p><div class="form-actions">${linkButton('/vendor', ot(l, 'open_dashboard'), 'primary')}</div>`,
        ),
      });
    }
    await renderBackOffice(
      ctx,
      services,
      viewer,
      {
        title: ot(l, 'title'),
        subtitle: ot(l, 'subtitle'),
        error: refusal?.message ?? null,
        body: html`<div id="onboarding-wizard">${stepper(l, status)}<div class="grid sidebar">${currentCard(ctx, viewer, status, refusal)}${recorded(l, status)}</div></div>`,
      },
      httpStatus,
    );
  };

  api.get(
    WIZARD_PATH,
    {
      summary:
        "Back-office page: the onboarding wizard (the four steps, the one to do now, the historical import's live progress; resumable)",
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'settings.view');
      if (viewer) await render(ctx, viewer);
    },
  );

  api.post(
    `${WIZARD_PATH}/steps/:step`,
    {
      summary:
        'Back-office form: commit one onboarding step (1 company profile, 2 extmarket key with its connection test, 3 CSV URLs, 4 start the historical import)',
      params: StepParams,
      responses: { 303: SEE_OTHER, 400: HTML, 403: HTML, 404: HTML, 409: HTML, 422: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit');
      if (!viewer) return;
      const l = viewer.language;
      const vendorId = viewer.vendor!.id;
      const step = params.step as OnboardingStep;
      const values = step === 4 ? {} : postedFields(ctx, FIELDS[step]);
      // Empty optional fields are left out (the API's body leaves them out too).
      const given = Object.fromEntries(
        Object.entries(values)
          .map(([k, v]): [string, string] => [k, v.trim()])
          .filter(([, v]) => v !== ''),
      );
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
      const notice =
        step === 2
          ? ot(l, 'saved_2', { shop: status.extmarket?.shop_name ?? '—' })
          : step === 3
            ? ot(l, 'saved_3', {
                products: formatNumber(status.import_urls?.product_rows ?? 0, l),
                orders: formatNumber(status.import_urls?.order_rows ?? 0, l),
              })
            : ot(l, `saved_${step}` as OnboardingTextKey);
      setFlash(ctx, 'notice', notice);
      seeOther(ctx, WIZARD_PATH);
    },
  );

  return api.router;
}
