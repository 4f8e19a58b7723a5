import type { Context } from 'koa';
import type { LiveSignup } from '../../../commands/signup/signup.ts';
import { LANGUAGE_INFO, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import type { listTiers } from '../../modules/subscriptions.ts';
import { formatDate, formatMoney, input, select } from '../backOffice/components.ts';
import { csrfInput } from '../forms.ts';
import { html, type Html } from '../html.ts';
import type { PageStep } from './signupFrame.ts';
import { st } from './texts.ts';

/** The form of each signup step, filled with what the signup holds (or what was just posted). */
type TierView = Awaited<ReturnType<typeof listTiers>>[number];

export interface StepForm {
  ctx: Context;
  s: LiveSignup | null;
  language: LanguageCode;
  /** The posted values to show again after a refusal (never a password). */
  values: Record<string, string>;
  problem: { field?: string; fields?: Record<string, string>; text: string } | null;
  tiers: TierView[];
  card: { client_secret: string; setup_intent_id: string; publishable_key: string | null } | null;
  trialDays: number;
  now: Date;
}

const field = (f: StepForm, name: string, current: string | null | undefined) => f.values[name] ?? current ?? '';
const problemOf = (f: StepForm, name: string) => f.problem?.fields?.[name] ?? (f.problem?.field === name ? f.problem.text : null);

function form(f: StepForm, action: string, content: Html, submit: string, back: PageStep | null, extra: Html | string = ''): Html {
  return html`<form method="post" action="${action}" class="signup-form" novalidate>${csrfInput(f.ctx)}${content}
<div class="actions">${back && f.s ? html`<a class="button ghost" href="/signup/${f.s.id}/${back}">${st(f.language, 'back')}</a>` : ''}<button type="submit" class="primary">${submit}</button></div>${extra}</form>`;
}

export function stepForm(step: PageStep, f: StepForm): Html {
  const l = f.language;
  const s = f.s;
  const action = (name: string) => (s ? `/signup/${s.id}/${name}` : '/signup');
  switch (step) {
    case 'account': {
      const a = s?.account;
      return form(
        f,
        action('account'),
        html`${s ? '' : html`<input type="hidden" name="tier" value="${f.values.tier ?? ''}">`}
${input(l, { label: st(l, 'email'), name: 'email', type: 'email', required: true, value: field(f, 'email', a?.email), problem: problemOf(f, 'email'), attrs: html` autocomplete="email" maxlength="254"` })}
${input(l, { label: st(l, 'password'), name: 'password', type: 'password', required: true, hint: problemOf(f, 'password') ? undefined : st(l, 'password_hint'), problem: problemOf(f, 'password'), attrs: html` autocomplete="new-password" minlength="10"` })}
<div class="row">${input(l, { label: st(l, 'first_name'), name: 'first_name', value: field(f, 'first_name', a?.first_name), attrs: html` autocomplete="given-name"` })}
${input(l, { label: st(l, 'last_name'), name: 'last_name', value: field(f, 'last_name', a?.last_name), attrs: html` autocomplete="family-name"` })}</div>
${select(l, { label: st(l, 'language'), name: 'language', required: true, value: field(f, 'language', a?.language ?? l), options: LANGUAGES.map((c) => [c, LANGUAGE_INFO[c].native_name]) })}`,
        st(l, 'continue'),
        null,
      );
    }
    case 'company': {
      const c = s?.company;
      return form(
        f,
        action('company'),
        html`<p class="muted">${st(l, 'company_hint')}</p>
${input(l, { label: st(l, 'company_name'), name: 'name', required: true, value: field(f, 'name', c?.name), problem: problemOf(f, 'name'), attrs: html` autocomplete="organization"` })}
${input(l, { label: st(l, 'business_address'), name: 'business_address', value: field(f, 'business_address', c?.business_address), attrs: html` autocomplete="street-address"` })}
<div class="row">${input(l, { label: st(l, 'tax_number'), name: 'tax_number', value: field(f, 'tax_number', c?.tax_number) })}
${input(l, { label: st(l, 'contact_phone'), name: 'contact_phone', type: 'tel', value: field(f, 'contact_phone', c?.contact_phone) })}</div>
${input(l, { label: st(l, 'website'), name: 'website', type: 'url', value: field(f, 'website', c?.website), problem: problemOf(f, 'website') })}`,
        st(l, 'continue'),
        'account',
      );
    }
    case 'vendor': {
      const claim = s?.shop
        ? html`<div class="signup-box ok" id="shop-linked">${st(l, 'shop_linked', { name: s.shop.name ?? s.shop.extmarket_vendor_id })}</div>`
        : html`<details class="signup-box"${problemOf(f, 'api_key') ? html` open` : ''}><summary>${st(l, 'shop_claim')}</summary><p class="muted">${st(l, 'shop_claim_lead')}</p>
<form method="post" action="${action('shop')}" id="shop-claim">${csrfInput(f.ctx)}
${input(l, { label: st(l, 'api_key'), name: 'api_key', type: 'password', required: true, problem: problemOf(f, 'api_key'), attrs: html` autocomplete="off"` })}
${input(l, { label: st(l, 'api_endpoint'), name: 'api_endpoint', type: 'url', value: field(f, 'api_endpoint', null) })}
<button type="submit">${st(l, 'claim')}</button></form></details>`;
      const v = s?.vendor;
      return html`${claim}${form(
        f,
        action('vendor'),
        html`
${input(l, { label: st(l, 'vendor_code'), name: 'vendor_code', required: true, value: field(f, 'vendor_code', v?.vendor_code), hint: st(l, 'vendor_code_hint', { host: f.ctx.host }), problem: problemOf(f, 'vendor_code'), attrs: html` maxlength="50" autocapitalize="characters" pattern="[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]"` })}
${input(l, { label: st(l, 'vendor_name'), name: 'name', value: field(f, 'name', v?.name ?? s?.shop?.name ?? s?.company?.name) })}`,
        st(l, 'continue'),
        'company',
      )}`;
    }
    case 'tier': {
      const chosen = field(f, 'tier_code', s?.tier?.tier_code ?? s?.proposed_tier ?? f.tiers[0]?.code);
      return form(
        f,
        action('tier'),
        html`<fieldset class="field"><legend>${st(l, 'tier')}</legend>${f.tiers.map((t) => html`<label class="check"><input type="radio" name="tier_code" value="${t.code}"${t.code === chosen ? html` checked` : ''}> <strong>${t.name}</strong> · ${formatMoney(t.price_monthly_cents, 'EUR', l)} ${st(l, 'per_month')}</label>`)}</fieldset>
${select(l, {
  label: st(l, 'interval'),
  name: 'billing_interval',
  required: true,
  value: field(f, 'billing_interval', s?.tier?.billing_interval ?? 'month'),
  options: [
    ['month', st(l, 'monthly')],
    ['year', st(l, 'yearly')],
  ],
})}`,
        st(l, 'continue'),
        'vendor',
      );
    }
    case 'card': {
      const saved = s?.card?.confirmed;
      if (saved && !f.card) {
        return html`<div class="signup-box ok" id="card-saved">${st(l, 'card_saved', { brand: saved.brand ?? '', last4: saved.last4 ?? '' })}</div>
<div class="actions"><a class="button primary" href="/signup/${s!.id}/review">${st(l, 'continue')}</a></div>`;
      }
      const c = f.card!;
      // Stripe.js (production) mounts its card field in #card-element and confirms the SetupIntent before the form posts (signup-card.js).
      return html`<p class="muted">${st(l, 'card_lead', { days: f.trialDays })}</p>
<form method="post" action="${action('card')}" id="card-form" class="signup-form" data-client-secret="${c.client_secret}"${c.publishable_key ? html` data-publishable-key="${c.publishable_key}"` : ''}>${csrfInput(f.ctx)}
<input type="hidden" name="setup_intent_id" value="${c.setup_intent_id}">
<div id="card-element" aria-live="polite"><noscript>${st(l, 'card_needs_js')}</noscript><span class="muted" id="card-js-note">${c.publishable_key ? '' : st(l, 'card_needs_js')}</span></div>
<div class="problem" id="card-errors" role="alert">${f.problem?.text ?? ''}</div>
<div class="actions"><a class="button ghost" href="/signup/${s!.id}/tier">${st(l, 'back')}</a><button type="submit" class="primary">${st(l, 'card_confirm')}</button></div></form>`;
    }
    case 'review': {
      const until = new Date(f.now.getTime() + f.trialDays * 86_400_000);
      const tier = f.tiers.find((t) => t.code === s!.tier?.tier_code);
      const row = (label: string, value: string | Html, step: PageStep) =>
        html`<tr><th>${label}</th><td>${value} · <a href="/signup/${s!.id}/${step}">${st(l, 'change')}</a></td></tr>`;
      return html`<p class="muted">${st(l, 'review_lead', { days: f.trialDays })}</p><table class="signup-review">
${row(st(l, 'email'), s!.account?.email ?? '', 'account')}${row(st(l, 'company_name'), s!.company?.name ?? '', 'company')}
${row(st(l, 'vendor_name'), `${s!.vendor?.name ?? ''} (${s!.vendor?.vendor_code ?? ''})${s!.shop ? ` · ${s!.shop.name ?? s!.shop.extmarket_vendor_id}` : ''}`, 'vendor')}
${row(st(l, 'tier'), `${tier?.name ?? s!.tier?.tier_code ?? ''} · ${st(l, 'trial_until', { date: formatDate(until, l) })}`, 'tier')}
${row(st(l, 'step_card'), `${s!.card?.confirmed?.brand ?? ''} •••• ${s!.card?.confirmed?.last4 ?? ''}`, 'card')}</table>
<form method="post" action="${action('complete')}" class="signup-form">${csrfInput(f.ctx)}<div class="actions"><button type="submit" class="primary" id="start-trial">${st(l, 'start')}</button></div></form>`;
    }
  }
}
