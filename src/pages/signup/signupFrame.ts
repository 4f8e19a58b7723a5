import type { Context } from 'koa';
import { SignupNotFoundException, SignupStepOrderException } from '../../../commands/signup/errors.ts';
import { SIGNUP_STEPS } from '../../../commands/signup/events.ts';
import { stepDone, type LiveSignup } from '../../../commands/signup/signup.ts';
import {
  ConflictException,
  DomainException,
  ExtmarketCredentialsException,
  ResourceNotFoundException,
  TooManyAttemptsException,
  ValidationException,
} from '../../core/errors.ts';
import { isLanguage, LANGUAGE_INFO, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import { chosenLanguage } from '../backOffice/session.ts';
import { html, type Html } from '../html.ts';
import { st, type SignupKey } from './texts.ts';

/** The pages' steps: the five of the signup, then the review where the trial starts. */
export const PAGE_STEPS = [...SIGNUP_STEPS, 'review'] as const;
export type PageStep = (typeof PAGE_STEPS)[number];

/** The language of a public page: `?lang=`, the back offices' switch, the storefront's cookie, else English. */
export function pageLanguage(ctx: Context, signupLanguage?: LanguageCode): LanguageCode {
  const asked = ctx.query.lang;
  if (isLanguage(asked)) return asked;
  if (signupLanguage) return signupLanguage;
  const lang = ctx.cookies.get('lang') ?? '';
  return chosenLanguage(ctx) ?? (isLanguage(lang) ? lang : 'en');
}

export const languageLinks = (path: string, language: LanguageCode): Html =>
  html`<p class="lang">${LANGUAGES.map((l) => html`<a href="${path}${path.includes('?') ? '&' : '?'}lang=${l}"${l === language ? html` aria-current="true"` : ''}>${LANGUAGE_INFO[l].native_name}</a>`)}</p>`;

/** The progress bar of the steps: done ones link back (a visitor may change them), the current one is marked. */
export function stepsNav(s: LiveSignup, current: PageStep, language: LanguageCode): Html {
  return html`<ol class="signup-steps" aria-label="${st(language, 'step_of', { n: Math.min(PAGE_STEPS.indexOf(current) + 1, 5) })}">${PAGE_STEPS.map(
    (step) => {
      const done = step !== 'review' && stepDone(s, step);
      const label = st(language, `step_${step}` as SignupKey);
      return html`<li class="${done ? 'done' : ''}"${step === current ? html` aria-current="step"` : ''}>${done && step !== current ? html`<a href="/signup/${s.id}/${step}">${label}</a>` : label}</li>`;
    },
  )}</ol>`;
}

/** What a refused form says to the visitor, and its status; anything else is not the visitor's to fix. */
export interface Refusal {
  text: string;
  status: number;
  /** The one field the refusal is about (an e-mail in use…): the text is shown at it. */
  field?: string;
  /** Fields refused by the schema, each with its own words; the text is the page's flash. */
  fields?: Record<string, string>;
}

export function refusal(err: unknown, language: LanguageCode): Refusal | null {
  if (!(err instanceof DomainException)) return null;
  const field = (err.extra as { field?: string }).field;
  if (err instanceof TooManyAttemptsException) return { text: st(language, 'error_throttled'), status: 429 };
  if (err instanceof SignupNotFoundException) return { text: st(language, 'error_not_found'), status: 404 };
  if (err instanceof ExtmarketCredentialsException) return { text: st(language, 'error_shop_key'), status: 400, field: 'api_key' };
  if (err instanceof ConflictException && !(err instanceof SignupStepOrderException)) {
    if (field === 'email') return { text: st(language, 'error_email_taken'), status: 409, field };
    if (field === 'vendor_code' || field === 'subdomain')
      return { text: st(language, 'error_code_taken'), status: 409, field: 'vendor_code' };
    if (field === 'extmarket_shop') return { text: st(language, 'error_shop_taken'), status: 409, field: 'api_key' };
    if ((err.extra as { login_url?: string }).login_url) return { text: st(language, 'error_completed'), status: 409 };
  }
  if (err instanceof ResourceNotFoundException) return { text: st(language, 'error_shop_unknown'), status: 404, field: 'api_key' };
  if (err instanceof ValidationException) {
    // Each field the API's schema refused is marked with words of the page's language; the flash says to check them.
    const fields: Record<string, string> = {};
    for (const e of err.errors) {
      const name = e.pointer.split('/')[2] ?? '';
      fields[name] ??= st(language, name === 'email' ? 'error_email' : name === 'password' ? 'password_hint' : 'error_field');
    }
    return { text: st(language, 'error_invalid'), status: 422, fields };
  }
  if (err.status >= 500) return { text: st(language, 'error_unavailable'), status: err.status };
  if (err.status < 500) return { text: err.message, status: err.status };
  return null;
}
