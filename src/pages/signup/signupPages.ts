import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { readFileSync } from 'node:fs';
import { nextStep, type LiveSignup } from '../../../commands/signup/signup.ts';
import { isLanguage } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { commandContext } from '../../http/auth.ts';
import { SignupAccount, SignupCompany, SignupStart, SignupTier, SignupVendor, ExtmarketKey } from '../../http/platform/signupBodies.ts';
import { signedInSignup } from '../../http/platform/signupSession.ts';
import {
  chooseTier,
  claimShop,
  confirmCard,
  giveAccount,
  giveCompany,
  giveVendor,
  loadSignup,
  startSignup,
} from '../../http/platform/signupSteps.ts';
import { countSignupAttempt } from '../../http/platform/signupThrottle.ts';
import { contentEtag, sendStaticFile } from '../../http/staticFile.ts';
import { validBody } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { field, postedFields, seeOther } from '../forms.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { renderPricing } from './pricingPage.ts';
import { pageLanguage, PAGE_STEPS, type PageStep } from './signupFrame.ts';
import { notFound, signupStepPage } from './signupStepPage.ts';

const ANSWERS = {
  200: HTML,
  303: SEE_OTHER,
  400: HTML,
  403: HTML,
  404: HTML,
  409: HTML,
  422: HTML,
  429: HTML,
  502: HTML,
  503: HTML,
};
const STEP_PATH = /^(account|company|vendor|tier|card|review)$/;
/** Lenient: an unknown id or step is the page's own 404, not a 422. */
const SignupPath = Type.Object({ signup_id: Type.String({ maxLength: 200, description: "The signup's id" }) });
const StepPath = Type.Object({
  signup_id: Type.String({ maxLength: 200, description: "The signup's id" }),
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
  const { render, act } = signupStepPage(services);

  api.get(
    '/assets/signup-card.js',
    {
      summary: "The signup card page's script (mounts Stripe.js's card field and confirms the SetupIntent)",
      responses: {
        200: { description: 'The script (application/javascript)', contentType: 'application/javascript' },
        304: { description: 'Not modified' },
      },
    },
    (ctx) => sendStaticFile(ctx, { body: scriptBody, etag: scriptEtag, type: 'application/javascript; charset=utf-8' }),
  );

  api.get(
    '/pricing',
    {
      summary: 'Page: the offered tiers with their prices, limits and features, the add-ons, and a link to start the trial on each',
      responses: { 200: HTML },
    },
    (ctx) => renderPricing(ctx, services, pageLanguage(ctx)),
  );

  api.get(
    '/signup',
    {
      summary: "Page: the signup's first step, the account (`tier`: the tier picked on the pricing page)",
      responses: { 200: HTML },
    },
    async (ctx) => {
      const tier = typeof ctx.query.tier === 'string' && /^[a-z0-9_-]{1,50}$/.test(ctx.query.tier) ? ctx.query.tier : '';
      await render(ctx, null, 'account', pageLanguage(ctx), { values: { tier } });
    },
  );

  api.post(
    '/signup',
    {
      summary: 'Form: begin a signup with its account step (rate limited per address), then the company step',
      responses: ANSWERS,
    },
    async (ctx) => {
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
    },
  );

  api.get(
    '/signup/:signup_id',
    {
      summary: 'Page: back to a signup: its next step (the review once all are given; the back office once completed)',
      params: SignupPath,
      responses: { 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const s = await found(ctx, params.signup_id);
      if (!s) return;
      seeOther(ctx, s.status === 'completed' ? '/vendor' : `/signup/${s.id}/${nextStep(s) ?? 'review'}`);
    },
  );

  api.get(
    '/signup/:signup_id/:step',
    {
      summary:
        'Page: one step of a signup (account, company, vendor, tier, card) or its review; a step whose earlier steps are missing leads to them',
      params: StepPath,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML, 502: HTML, 503: HTML },
    },
    async (ctx, { params }) => {
      const s = await found(ctx, params.signup_id);
      if (!s) return;
      const step = params.step as PageStep;
      if (!STEP_PATH.test(step)) return notFound(ctx, pageLanguage(ctx, s.account?.language ?? s.language));
      if (s.status === 'completed') return seeOther(ctx, '/vendor');
      const next = nextStep(s);
      const allowed = PAGE_STEPS.indexOf(step) <= PAGE_STEPS.indexOf(next ?? 'review');
      if (!allowed) return seeOther(ctx, `/signup/${s.id}/${next ?? 'review'}`);
      await render(ctx, s, step, pageLanguage(ctx, s.account?.language ?? s.language));
    },
  );

  api.post(
    '/signup/:signup_id/:step',
    {
      summary:
        'Form: give one step of a signup (account, company, vendor, shop, tier, card) or complete it (complete: signs the owner in and opens the back office)',
      params: StepPath,
      responses: ANSWERS,
    },
    async (ctx, { params }) => {
      const s = await found(ctx, params.signup_id);
      if (!s) return;
      const step = params.step;
      const language = pageLanguage(ctx, s.account?.language ?? s.language);
      const c = commandContext(ctx, 'signup');
      const next = (done: LiveSignup) => `/signup/${done.id}/${nextStep(done) ?? 'review'}`;
      switch (step) {
        case 'account': {
          const values = postedFields(ctx, ['email', 'password', 'first_name', 'last_name', 'language']);
          return act(ctx, s, 'account', language, values, async () =>
            next(await giveAccount(services, s.id, validBody(SignupAccount, withoutBlanks(values)), c)),
          );
        }
        case 'company': {
          const values = postedFields(ctx, ['name', 'business_address', 'tax_number', 'contact_phone', 'website']);
          return act(ctx, s, 'company', language, values, async () =>
            next(await giveCompany(services, s.id, validBody(SignupCompany, withoutBlanks(values)), c)),
          );
        }
        case 'shop': {
          const values = postedFields(ctx, ['api_key', 'api_endpoint']);
          return act(ctx, s, 'vendor', language, values, async () => {
            await claimShop(services, s.id, validBody(ExtmarketKey, withoutBlanks(values)), c, () =>
              countSignupAttempt(services.db.knex, 'lookup', ctx.ip),
            );
            return `/signup/${s.id}/vendor`;
          });
        }
        case 'vendor': {
          const values = postedFields(ctx, ['vendor_code', 'name']);
          return act(ctx, s, 'vendor', language, values, async () =>
            next(await giveVendor(services, s.id, validBody(SignupVendor, withoutBlanks(values)), c)),
          );
        }
        case 'tier': {
          const values = postedFields(ctx, ['tier_code', 'billing_interval']);
          return act(ctx, s, 'tier', language, values, async () =>
            next(await chooseTier(services, s.id, validBody(SignupTier, withoutBlanks(values)), c)),
          );
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
    },
  );

  /** The signup of the path, or the "no such signup" page (404). */
  const found = async (ctx: Context, id: string): Promise<LiveSignup | null> => {
    const s = ID.test(id) ? await loadSignup(services, id).catch(() => null) : null;
    if (!s) notFound(ctx, pageLanguage(ctx));
    return s;
  };

  return api.router;
}

/** A form's empty optional fields are absent for the API's schema (an empty string is no value here). */
function withoutBlanks(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
}
