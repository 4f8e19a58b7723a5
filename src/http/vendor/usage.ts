import Router from '@koa/router';
import { addOnByCode } from '../../core/addOnCatalogue.ts';
import { listTiers } from '../../../queries/subscriptions/tiers.ts';
import { usageAgainst as against, vendorUsage } from '../../../queries/subscriptions/vendorSubscriptions.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { vendorPlan } from '../featureGate.ts';
import { UsageSummary } from '../schemas/subscriptions.ts';
import { vendorCaller } from '../vendorAuth.ts';

/** An active add-on as the billing page shows it: what it adds in all. */
function addOnUsage(id: string, code: string, quantity: number) {
  const definition = addOnByCode(code);
  const adds: Record<string, number | string[]> = {};
  for (const [key, value] of Object.entries(definition?.adds ?? {})) adds[key] = Array.isArray(value) ? value : value * quantity;
  return { id, add_on_code: code, name: definition?.name ?? code, quantity, adds };
}

/** The vendor's UsageSummary: the plan, orders this billing period, products and team members against its limits, the next tier up, the add-ons. */
export async function usageSummary(services: Services, vendorId: number) {
  const plan = await vendorPlan(services, vendorId);
  const used = await vendorUsage(services.db.knex, vendorId, plan.period.start, plan.period.end);
  const next = (await listTiers(services.db.knex)).find((t) => t.sort_order > plan.tier.sort_order) ?? null;
  return {
    plan: { tier_code: plan.tier.code, tier_name: plan.tier.name, source: plan.source },
    status: plan.subscription?.status ?? null,
    period: plan.period,
    orders: against(used.orders, plan.limits.orders_per_period),
    products: against(used.products, plan.limits.products),
    team_members: against(used.team_members, plan.limits.team_members),
    upgrade: next && { tier_code: next.code, tier_name: next.name, price_monthly_cents: next.price_monthly_cents, limits: next.limits },
    add_ons: plan.add_ons.map((a) => addOnUsage(a.id, a.add_on_code, a.quantity)),
  };
}

/** SPEC.md 4.2 usage: the billing page's UsageSummary, counted from the read models (the limits themselves are enforced on the write side: docs/subscriptions.md "Limits"). */
export function vendorUsageRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');

  api.get(
    '/usage',
    {
      summary:
        "Orders this billing period, products and team members against the plan's limits (tier and add-ons), with the next tier up and the active add-ons",
      responses: { 200: UsageSummary },
    },
    async (ctx) => {
      ctx.body = await usageSummary(services, vendorCaller(ctx).id);
    },
  );

  return api.router;
}
