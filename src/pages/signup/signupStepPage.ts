/**
 * A signup step's page and how its form is run: the page of one step (the pricing page's tier
 * named on the first, the steps done so far, Stripe.js let in on the card step), a form's step
 * answering 303 to where it leads or showing the step again with the reason, and the page of a
 * signup that does not exist.
 */
import type { Context } from 'koa';
import { SignupStepOrderException } from '../../../commands/signup/errors.ts';
import type { LiveSignup } from '../../../commands/signup/signup.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { wantsHtmlPage } from '../../http/notFoundPage.ts';
import { AuthorizationException, ResourceNotFoundException } from '../../core/errors.ts';
import { commandContext } from '../../http/auth.ts';
import { TRIAL_DAYS } from '../../http/platform/pricing.ts';
import { loadSignup, openCard } from '../../http/platform/signupSteps.ts';
import { listTiers } from '../../modules/subscriptions.ts';
import type { Services } from '../../runtime/services.ts';
import { renderAuthPage, BACK_OFFICE_CSP } from '../backOffice/layout.ts';
import { csrfValid, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import { languageLinks, PAGE_STEPS, refusal, stepsNav, type PageStep } from './signupFrame.ts';
import { stepForm, type StepForm } from './stepForms.ts';
import { st } from './texts.ts';

const CARD_SCRIPT = '/assets/signup-card.js';
const STRIPE_JS = 'https://js.stripe.com/v3/';
/** The card page lets Stripe.js in (its script, its card field's frame, its API), and nothing else more than the back offices' policy. */
const CARD_CSP = BACK_OFFICE_CSP.replace("script-src 'self'", "script-src 'self' https://js.stripe.com")
  .replace("connect-src 'self'", "connect-src 'self' https://api.stripe.com")
  .replace("default-src 'none'", "default-src 'none'; frame-src https://js.stripe.com https://hooks.stripe.com");

/** The page of a signup's step (`render`) and the runner of a step's form (`act`). */
export function signupStepPage(services: Services) {
  const tiers = () => listTiers(services.db.knex);

  const render = async (
    ctx: Context,
    s: LiveSignup | null,
    step: PageStep,
    language: LanguageCode,
    options: {
      status?: number;
      problem?: { field?: string; fields?: Record<string, string>; text: string } | null;
      values?: Record<string, string>;
    } = {},
  ) => {
    const offered = await tiers();
    const tierName =
      offered.find((t) => t.code === (s?.tier?.tier_code ?? s?.proposed_tier ?? options.values?.tier))?.name ?? offered[0]?.name ?? '';
    const card = step === 'card' && !s?.card?.confirmed ? await openCard(services, s!.id, commandContext(ctx, 'signup')) : null;
    const f: StepForm = {
      ctx,
      s,
      language,
      values: options.values ?? {},
      problem: options.problem ?? null,
      tiers: offered,
      card,
      trialDays: TRIAL_DAYS,
      now: services.clock.now(),
    };
    const body = html`<h1>${st(language, step === 'review' ? 'review_title' : 'signup_title')}</h1>
${step === 'account' && !s ? html`<p class="lead">${st(language, 'signup_lead', { days: TRIAL_DAYS, tier: tierName })}</p>` : ''}
${s ? stepsNav(s, step, language) : html`<ol class="signup-steps">${PAGE_STEPS.map((p, i) => html`<li${i === 0 ? html` aria-current="step"` : ''}>${st(language, `step_${p}`)}</li>`)}</ol>`}
${stepForm(step, f)}
<p class="switch">${st(language, 'already')} <a href="/vendor/login">${st(language, 'sign_in')}</a> · <a href="/pricing?lang=${language}">${st(language, 'pricing_title')}</a></p>
${languageLinks(s ? `/signup/${s.id}/${step}` : `/signup${options.values?.tier ? `?tier=${encodeURIComponent(options.values.tier)}` : ''}`, language)}`;
    const head = card?.publishable_key ? html`<script src="${STRIPE_JS}"></script><script src="${CARD_SCRIPT}" defer></script>` : undefined;
    renderAuthPage(
      ctx,
      {
        area: 'vendor',
        language,
        title: st(language, 'signup_title'),
        body,
        wide: true,
        head,
        error: options.problem && !options.problem.field ? options.problem.text : null,
      },
      options.status ?? 200,
    );
    ctx.set('Content-Security-Policy', card?.publishable_key ? CARD_CSP : BACK_OFFICE_CSP);
    // The panel is a medium one: a form, not the pricing grid.
    ctx.body = String(ctx.body).replace('class="panel wide"', 'class="panel wide medium"');
  };

  /** Runs a form's step: on success 303 to where it leads; a refusal shows the step again with the reason. */
  const act = async (
    ctx: Context,
    s: LiveSignup | null,
    step: PageStep,
    language: LanguageCode,
    values: Record<string, string>,
    run: () => Promise<string>,
  ) => {
    const { password: _p, api_key: _k, ...shown } = values;
    // A client that is not a browser gets its refusals as problem bodies, as from the API.
    const browser = wantsHtmlPage(ctx);
    if (!csrfValid(ctx) && !browser)
      throw new AuthorizationException('The form token is missing or wrong: send the form of the signup page');
    if (!csrfValid(ctx))
      return render(ctx, s, step, language, { status: 403, problem: { text: st(language, 'error_form_token') }, values: shown });
    try {
      seeOther(ctx, await run());
    } catch (err) {
      if (err instanceof SignupStepOrderException)
        return seeOther(ctx, `/signup/${s!.id}/${String((err.extra as { next_step: string }).next_step)}`);
      const said = refusal(err, language);
      if (!said || !browser) throw err;
      const fresh = s ? await loadSignup(services, s.id).catch(() => s) : null;
      // The review has no fields: what it refuses (an e-mail or a code taken meanwhile) is said at the top, beside the "Change" links.
      await render(ctx, fresh, step, language, {
        status: said.status,
        problem: step === 'review' ? { text: said.text } : said,
        values: shown,
      });
    }
  };

  return { render, act };
}

/** A browser gets the "no such signup" page; an API client its problem body, as for any other path. */
export function notFound(ctx: Context, language: LanguageCode): void {
  if (!wantsHtmlPage(ctx)) throw new ResourceNotFoundException('No signup at this address');
  renderAuthPage(
    ctx,
    {
      area: 'vendor',
      language,
      title: st(language, 'signup_title'),
      error: st(language, 'error_not_found'),
      body: html`<p><a class="button primary" href="/signup">${st(language, 'start_trial')}</a></p>`,
    },
    404,
  );
}
