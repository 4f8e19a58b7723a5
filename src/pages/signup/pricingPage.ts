import type { Context } from 'koa';
import type { LanguageCode } from '../../core/i18n.ts';
import { ADD_ON_CATALOGUE } from '../../modules/billing.ts';
import { featureByCode, listTiers } from '../../modules/subscriptions.ts';
import { TRIAL_DAYS } from '../../http/platform/pricing.ts';
import type { Services } from '../../runtime/services.ts';
import { formatMoney, formatNumber } from '../backOffice/components.ts';
import { renderAuthPage } from '../backOffice/layout.ts';
import { html } from '../html.ts';
import { languageLinks } from './signupFrame.ts';
import { st } from './texts.ts';

/** How many of a tier's features the card names; the rest is "+ n more". */
const FEATURES_SHOWN = 6;

/**
 * The public pricing page (SPEC.md 4.4 "pricing"): the offered tiers side by side with their
 * monthly and yearly prices, limits and features, the add-ons, and a "start the trial" link per
 * tier that opens the signup on it. The same read models as GET /api/v1/platform/pricing.
 */
export async function renderPricing(ctx: Context, services: Services, language: LanguageCode): Promise<void> {
  const tiers = await listTiers(services.db.knex);
  const featured = tiers.length > 1 ? tiers[1].code : null;
  const limit = (n: number | null, key: 'orders_limit' | 'products_limit' | 'team_limit') =>
    st(language, key, { n: n === null ? st(language, 'unlimited') : formatNumber(n, language) });
  const cards = tiers.map((t) => {
    const names = t.features.map((code) => featureByCode(code)?.name ?? code);
    return html`<section class="pricing-tier${t.code === featured ? ' featured' : ''}" id="tier-${t.code}">
<h2>${t.name}</h2>${t.description ? html`<p class="muted">${t.description}</p>` : ''}
<div class="price">${formatMoney(t.price_monthly_cents, 'EUR', language)} <small>${st(language, 'per_month')}</small></div>
<div class="muted">${formatMoney(t.price_yearly_cents, 'EUR', language)} ${st(language, 'per_year')}</div>
<ul><li>${limit(t.limits.orders_per_period, 'orders_limit')}</li><li>${limit(t.limits.products, 'products_limit')}</li><li>${limit(t.limits.team_members, 'team_limit')}</li>
${names.slice(0, FEATURES_SHOWN).map((n) => html`<li>${n}</li>`)}${names.length > FEATURES_SHOWN ? html`<li>${st(language, 'more_features', { n: names.length - FEATURES_SHOWN })}</li>` : ''}</ul>
<a class="button${t.code === featured ? ' primary' : ''}" href="/signup?tier=${encodeURIComponent(t.code)}&amp;lang=${language}">${st(language, 'start_trial')}</a>
</section>`;
  });
  const addOns = ADD_ON_CATALOGUE.map(
    (a) => `${a.name} (${formatMoney(a.price_monthly_cents, 'EUR', language)} ${st(language, 'per_month')})`,
  ).join(' · ');
  const body = html`<h1>${st(language, 'pricing_title')}</h1>
<p class="lead">${st(language, 'pricing_lead', { days: TRIAL_DAYS })}</p>
<div class="pricing-tiers">${cards}</div>
<p class="pricing-addons"><strong>${st(language, 'add_ons')}:</strong> ${addOns}</p>
<p class="switch">${st(language, 'already')} <a href="/vendor/login">${st(language, 'sign_in')}</a></p>
${languageLinks('/pricing', language)}`;
  renderAuthPage(ctx, { area: 'vendor', language, title: st(language, 'pricing_title'), body, wide: true });
}
