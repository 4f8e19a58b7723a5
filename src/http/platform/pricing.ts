import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { ADD_ON_CATALOGUE } from '../../modules/billing.ts';
import { featureByCode, listTiers } from '../../modules/subscriptions.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Nullable } from '../responses.ts';

const Limit = Nullable(Type.Integer({ description: 'null: unlimited' }));
export const PricingResponse = Type.Object(
  {
    currency: Type.Literal('EUR'),
    trial_days: Type.Integer(),
    tiers: Type.Array(
      Type.Object({
        code: Type.String(),
        name: Type.String(),
        description: Nullable(Type.String()),
        price_monthly_cents: Type.Integer(),
        price_yearly_cents: Type.Integer(),
        limits: Type.Object({ orders_per_period: Limit, products: Limit, team_members: Limit }),
        features: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
      }),
    ),
    add_ons: Type.Array(
      Type.Object({
        code: Type.String(),
        name: Type.String(),
        description: Type.String(),
        price_monthly_cents: Type.Integer(),
        max_quantity: Type.Integer(),
      }),
    ),
  },
  { $id: 'PricingResponse' },
);

/** SPEC.md part 8: the trial a signup starts with. */
export const TRIAL_DAYS = 30;

/**
 * The platform area's pricing (SPEC.md 4.4): the offered tiers with their monthly and yearly
 * prices, limits and features, and the add-ons, from the same tiers read model and add-on
 * catalogue the billing area uses. Public: no credential.
 */
export function platformPricingRoutes(services: Services): Router {
  const api = new Api(services, 'platform');
  api.get(
    '/pricing',
    {
      summary: 'The offered tiers (monthly and yearly prices, limits, features) and the add-ons, with the trial a signup starts',
      responses: { 200: PricingResponse },
    },
    async (ctx) => {
      const tiers = await listTiers(services.db.knex);
      ctx.body = {
        currency: 'EUR',
        trial_days: TRIAL_DAYS,
        tiers: tiers.map((t) => ({
          code: t.code,
          name: t.name,
          description: t.description,
          price_monthly_cents: t.price_monthly_cents,
          price_yearly_cents: t.price_yearly_cents,
          limits: t.limits,
          features: t.features.map((code) => ({ code, name: featureByCode(code)?.name ?? code })),
        })),
        add_ons: ADD_ON_CATALOGUE.map(({ code, name, description, price_monthly_cents, max_quantity }) => ({
          code,
          name,
          description,
          price_monthly_cents,
          max_quantity,
        })),
      };
    },
  );
  return api.router;
}
