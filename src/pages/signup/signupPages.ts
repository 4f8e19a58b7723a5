import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { readFileSync } from 'node:fs';
import { SignupStepOrderException } from '../../../commands/signup/errors.ts';
import { nextStep, type LiveSignup } from '../../../commands/signup/signup.ts';
import { isLanguage, type LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { wantsHtmlPage } from '../../http/notFoundPage.ts';
import { AuthorizationException, ResourceNotFoundException } from '../../core/errors.ts';
import { commandContext } from '../../http/auth.ts';
import { TRIAL_DAYS } from '../../http/platform/pricing.ts';
import { SignupAccount, SignupCompany, SignupStart, SignupTier, SignupVendor, ExtmarketKey } from '../../http/platform/signupBodies.ts';
import { signedInSignup } from '../../http/platform/signupSession.ts';
import {
  chooseTier, claimShop, confirmCard, giveAccount, giveCompany, giveVendor, loadSignup, openCard, startSignup,
} from '../../http/platform/signupSteps.ts';
import { countSignupAttempt } from '../../http/platform/signupThrottle.ts';
import { contentEtag, sendStaticFile } from '../../http/staticFile.ts';
import { validBody } from '../../http/validation.ts';
import { listTiers } from '../../modules/subscriptions.ts';
import type { Services } from '../../runtime/services.ts';
import { renderAuthPage, BACK_OFFICE_CSP } from '../backOffice/layout.ts';
import { csrfValid, field, postedFields, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { renderPricing } from './pricingPage.ts';
import { languageLinks, pageLanguage, PAGE_STEPS, refusal, stepsNav, type PageStep } from './signupFrame.ts';
import { stepForm, type StepForm } from './stepForms.ts';
import { st } from './texts.ts';

const CARD_SCRIPT = '/assets/signup-card.js';
const STRIPE_JS = 'https://js.stripe.com/v3/';
/** The card page lets Stripe.js in (its script, its card field's frame, its API), and nothing else more than the back offices' policy. */
const CARD_CSP = BACK_OFFICE_CSP
  .replace("script-src 'self'", "script-src 'self' https://js.stripe.com")
  .replace("connect-src 'self'", "connect-src 'self' https://api.stripe.com")
  .replace("default-src 'none'", "default-src 'none'; frame-src https://js.stripe.com https://hooks.stripe.com");
const ANSWERS = {
  200: HTML, 303: SEE_OTHER, 400: HTML, 403: HTML, 404: HTML, 409: HTML, 422: HTML, 429: HTML, 502: HTML, 503: HTML,
};
const STEP_PATH = /^(account|company|vendor|tier|card|review)$/;
/** Lenient: an unknown id or step is the page's own 404, not a 422. */
const SignupPath = Type.Object({ signup_id: Type.String({ maxLength: 200, description: 'The signup\'s id' }) });
const StepPath = Type.Object({
  signup_id: Type.String({ maxLength: 200, description: 'The signup\'s id' }),
  step: Type.String({ maxLength: 40, description: 'account, company, vendor, tier, card or review (a form: also shop and complete)' }),
});
const ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The public signup pages (SPEC.md 4.4): the pricing page, then one server-rendered form per step
 * (account, company, vendor with the optional marketplace shop, tier, card) and the review that
 * starts the trial. Each form posts to the same steps the API takes (src/http/platform/signupSteps.ts)
 * and answers 303 to the next step; a refusal shows the form again with the reason. The visitor
 * comes back to /signup/<id>; completion signs them in and lands them in the back office (/vendor,
 * whose onboarding gate sends them to the wizard).
 */
export function signupPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const scriptBody = readFileSync(new URL('./static/signup-card.js', import.meta.url));
  const scriptEtag = contentEtag(scriptBody);
  const tiers = () => listTiers(services.db.knex);

  const render = async (ctx: Context, s: LiveSignup | null, step: PageStep, language: LanguageCode, options: {
    status?: number; problem?: { field?: string; fields?: Record<string, string>; text: string } | null; values?: Record<string, string>;
  } = {}) => {
    const offered = await tiers();
    const tierName = offered.find((t) => t.code === (s?.tier?.tier_code ?? s?.proposed_tier ?? options.values?.tier))?.name ?? offered[0]?.name ?? '';
    const card = step === 'card' && !s?.card?.confirmed ? await openCard(services, s!.id, commandContext(ctx, 'signup')) : null;
    const f: StepForm = {
      ctx, s, language, values: options.values ?? {}, problem: options.problem ?? null, tiers: offered, card, trialDays: TRIAL_DAYS, now: services.clock.now(),
    };
    const body = html`<h1>${st(language, step === 'review' ? 'review_title' : 'signup_title')}</h1>
${step === 'account' && !s ? html`<p class="lead">${st(language, 'signup_lead', { days: TRIAL_DAYS, tier: tierName })}</p>` : ''}
${s ? stepsNav(s, step, language) : html`<ol class="signup-steps">${PAGE_STEPS.map((p, i) => html`<li${i === 0 ? html` aria-current="step"` : ''}>${st(language, `step_${p}`)}</li>`)}</ol>`}
${stepForm(step, f)}
<p class="switch">${st(language, 'already')} <a href="/vendor/login">${st(language, 'sign_in')}</a> · <a href="/pricing?lang=${language}">${st(language, 'pricing_title')}</a></p>
${languageLinks(s ? `/signup/${s.id}/${step}` : `/signup${options.values?.tier ? `?tier=${encodeURIComponent(options.values.tier)}` : ''}`, language)}`;
    const head = card?.publishable_key ? html`<script src="${STRIPE_JS}"></script><script src="${CARD_SCRIPT}" defer></script>` : undefined;
    renderAuthPage(ctx, { area: 'vendor', language, title: st(language, 'signup_title'), body, wide: true, head, error: options.problem && !options.problem.field ? options.problem.text : null }, options.status ?? 200);
    ctx.set('Content-Security-Policy', card?.publishable_key ? CARD_CSP : BACK_OFFICE_CSP);
    // The panel is a medium one: a form, not the pricing grid.
    ctx.body = String(ctx.body).replace('class="panel wide"', 'class="panel wide medium"');
  };

  /** Runs a form's step: on success 303 to where it leads; a refusal shows the step again with the reason. */
  const act = async (ctx: Context, s: LiveSignup | null, step: PageStep, language: LanguageCode, values: Record<string, string>, run: () => Promise<string>) => {
    const { password: _p, api_key: _k, ...shown } = values;
    // A client that is not a browser gets its refusals as problem bodies, as from the API.
    const browser = wantsHtmlPage(ctx);
    if (!csrfValid(ctx) && !browser) throw new AuthorizationException('The form token is missing or wrong: send the form of the signup page');
    if (!csrfValid(ctx)) return render(ctx, s, step, language, { status: 403, problem: { text: st(language, 'error_form_token') }, values: shown });
    try {
      seeOther(ctx, await run());
    } catch (err) {
      if (err instanceof SignupStepOrderException) return seeOther(ctx, `/signup/${s!.id}/${String((err.extra as { next_step: string }).next_step)}`);
      const said = refusal(err, language);
      if (!said || !browser) throw err;
      const fresh = s ? await loadSignup(services, s.id).catch(() => s) : null;
      // The review has no fields: what it refuses (an e-mail or a code taken meanwhile) is said at the top, beside the "Change" links.
      await render(ctx, fresh, step, language, { status: said.status, problem: step === 'review' ? { text: said.text } : said, values: shown });
    }
  };

  api.get('/assets/signup-card.js', {
    summary: 'The signup card page\'s script (mounts Stripe.js\'s card field and confirms the SetupIntent)',
    responses: { 200: { description: 'The script (application/javascript)', contentType: 'application/javascript' }, 304: { description: 'Not modified' } },
  }, (ctx) => sendStaticFile(ctx, { body: scriptBody, etag: scriptEtag, type: 'application/javascript; charset=utf-8' }));

  api.get('/pricing', {
    summary: 'Page: the offered tiers with their prices, limits and features, the add-ons, and a link to start the trial on each', responses: { 200: HTML },
  }, (ctx) => renderPricing(ctx, services, pageLanguage(ctx)));

  api.get('/signup', {
    summary: 'Page: the signup\'s first step, the account (`tier`: the tier picked on the pricing page)', responses: { 200: HTML },
  }, async (ctx) => {
    const tier = typeof ctx.query.tier === 'string' && /^[a-z0-9_-]{1,50}$/.test(ctx.query.tier) ? ctx.query.tier : '';
    await render(ctx, null, 'account', pageLanguage(ctx), { values: { tier } });
  });

  api.post('/signup', {
    summary: 'Form: begin a signup with its account step (rate limited per address), then the company step', responses: ANSWERS,
  }, async (ctx) => {
    const values = postedFields(ctx, ['email', 'password', 'first_name', 'last_name', 'language', 'tier']);
    const language = isLanguage(values.language) ? values.language : pageLanguage(ctx);
    await act(ctx, null, 'account', language, values, async () => {
      const account = validBody(SignupAccount, withoutBlanks({ ...values, tier: undefined }));
      await countSignupAttempt(services.db.knex, 'start', ctx.ip);
      const c = commandContext(ctx, 'signup');
      const s = await startSignup(services, validBody(SignupStart, withoutBlanks({ tier_code: values.tier, language })), c);
      await giveAccount(services, s.id, account, c);
      return `/signup/${s.id}/company`;
    });
  });

  api.get('/signup/:signup_id', {
    summary: 'Page: back to a signup: its next step (the review once all are given; the back office once completed)', params: SignupPath, responses: { 303: SEE_OTHER, 404: HTML },
  }, async (ctx) => {
    const s = await found(ctx);
    if (!s) return;
    seeOther(ctx, s.status === 'completed' ? '/vendor' : `/signup/${s.id}/${nextStep(s) ?? 'review'}`);
  });

  api.get('/signup/:signup_id/:step', {
    summary: 'Page: one step of a signup (account, company, vendor, tier, card) or its review; a step whose earlier steps are missing leads to them',
    params: StepPath,
    responses: { 200: HTML, 303: SEE_OTHER, 404: HTML, 502: HTML, 503: HTML },
  }, async (ctx) => {
    const s = await found(ctx);
    if (!s) return;
    const step = String(ctx.params.step) as PageStep;
    if (!STEP_PATH.test(step)) return notFound(ctx, pageLanguage(ctx, s.account?.language ?? s.language));
    if (s.status === 'completed') return seeOther(ctx, '/vendor');
    const next = nextStep(s);
    const allowed = PAGE_STEPS.indexOf(step) <= PAGE_STEPS.indexOf(next ?? 'review');
    if (!allowed) return seeOther(ctx, `/signup/${s.id}/${next ?? 'review'}`);
    await render(ctx, s, step, pageLanguage(ctx, s.account?.language ?? s.language));
  });

  api.post('/signup/:signup_id/:step', {
    summary: 'Form: give one step of a signup (account, company, vendor, shop, tier, card) or complete it (complete: signs the owner in and opens the back office)',
    params: StepPath,
    responses: ANSWERS,
  }, async (ctx) => {
    const s = await found(ctx);
    if (!s) return;
    const step = String(ctx.params.step);
    const language = pageLanguage(ctx, s.account?.language ?? s.language);
    const c = commandContext(ctx, 'signup');
    const next = (done: LiveSignup) => `/signup/${done.id}/${nextStep(done) ?? 'review'}`;
    switch (step) {
      case 'account': {
        const values = postedFields(ctx, ['email', 'password', 'first_name', 'last_name', 'language']);
        return act(ctx, s, 'account', language, values, async () => next(await giveAccount(services, s.id, validBody(SignupAccount, withoutBlanks(values)), c)));
      }
      case 'company': {
        const values = postedFields(ctx, ['name', 'business_address', 'tax_number', 'contact_phone', 'website']);
        return act(ctx, s, 'company', language, values, async () => next(await giveCompany(services, s.id, validBody(SignupCompany, withoutBlanks(values)), c)));
      }
      case 'shop': {
        const values = postedFields(ctx, ['api_key', 'api_endpoint']);
        return act(ctx, s, 'vendor', language, values, async () => {
          await claimShop(services, s.id, validBody(ExtmarketKey, withoutBlanks(values)), c, () => countSignupAttempt(services.db.knex, 'lookup', ctx.ip));
          return `/signup/${s.id}/vendor`;
        });
      }
      case 'vendor': {
        const values = postedFields(ctx, ['vendor_code', 'name']);
        return act(ctx, s, 'vendor', language, values, async () => next(await giveVendor(services, s.id, validBody(SignupVendor, withoutBlanks(values)), c)));
      }
      case 'tier': {
        const values = postedFields(ctx, ['tier_code', 'billing_interval']);
        return act(ctx, s, 'tier', language, values, async () => next(await chooseTier(services, s.id, validBody(SignupTier, withoutBlanks(values)), c)));
      }
      case 'card':
        return act(ctx, s, 'card', language, {}, async () => {
          await confirmCard(services, s.id, field(ctx, 'setup_intent_id').slice(0, 255), c);
          return `/signup/${s.id}/review`;
        });
      case 'complete':
        return act(ctx, s, 'review', language, {}, async () => {
          await signedInSignup(services, ctx, s.id, c);
          return '/vendor';
        });
      default:
        return notFound(ctx, language);
    }
  });

  /** The signup of the path, or the "no such signup" page (404). */
  const found = async (ctx: Context): Promise<LiveSignup | null> => {
    const id = String(ctx.params.signup_id);
    const s = ID.test(id) ? await loadSignup(services, id).catch(() => null) : null;
    if (!s) notFound(ctx, pageLanguage(ctx));
    return s;
  };

  return api.router;
}

/** A browser gets the "no such signup" page; an API client its problem body, as for any other path. */
function notFound(ctx: Context, language: LanguageCode): void {
  if (!wantsHtmlPage(ctx)) throw new ResourceNotFoundException('No signup at this address');
  renderAuthPage(ctx, {
    area: 'vendor', language, title: st(language, 'signup_title'), error: st(language, 'error_not_found'),
    body: html`<p><a class="button primary" href="/signup">${st(language, 'start_trial')}</a></p>`,
  }, 404);
}

/** A form's empty optional fields are absent for the API's schema (an empty string is no value here). */
function withoutBlanks(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
}
