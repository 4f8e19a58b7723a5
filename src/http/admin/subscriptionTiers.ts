import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { changeTier, createTier, deleteTier, setTierActive, type TierDeps } from '../../../commands/subscriptions/handlers/tiers.ts';
import { featureByCode } from '../../../commands/subscriptions/features.ts';
import { getTier, listTiers } from '../../../queries/subscriptions/tiers.ts';
import { countLiveSubscriptions } from '../../../queries/subscriptions/vendorSubscriptions.ts';
import { BusinessLogicException, ConflictException, ValidationException } from '../../core/errors.ts';
import { TierNotFoundException } from '../../../commands/vendors/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { pageOf } from '../../core/pagination.ts';
import { Message, Page } from '../responses.ts';
import { PageQuery } from '../validation.ts';
import { TierCode, TierFields } from '../schemas/subscriptions.ts';
import { Tier } from '../schemas/subscriptionRecords.ts';

const TierParams = Type.Object({ code: TierCode });
const TierCreate = Type.Object(
  { code: TierCode, ...TierFields, description: Type.Optional(TierFields.description), sort_order: Type.Optional(TierFields.sort_order) },
  { $id: 'TierCreate', additionalProperties: false },
);
export const TierUpdate = Type.Object(Object.fromEntries(Object.entries(TierFields).map(([k, v]) => [k, Type.Optional(v)])), {
  $id: 'TierUpdate',
  additionalProperties: false,
  minProperties: 1,
});
const ListQuery = Type.Object({
  ...PageQuery,
  include_inactive: Type.Optional(Type.Boolean({ description: 'Also the deactivated tiers (default true)' })),
});

/** A tier may only list features of the catalogue (commands/subscriptions/features.ts). */
export function checkFeatures(features: string[] | undefined): void {
  const unknown = (features ?? []).filter((c) => !featureByCode(c));
  if (unknown.length > 0) {
    throw new ValidationException(
      'Unknown feature codes',
      unknown.map((c) => ({ pointer: '/body/features', message: `unknown feature '${c}'` })),
    );
  }
}

/** SPEC.md 4.1 /subscriptions/tiers: the tier catalogue (list, create, edit, activate or deactivate, delete). */
export function adminSubscriptionTierRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const deps = () => tierDeps(services);
  const notFound = [TierNotFoundException];

  api.get(
    '/subscriptions/tiers',
    {
      summary: 'Every tier in upgrade order, with prices, limits and features',
      query: ListQuery,
      responses: { 200: Page(Tier) },
    },
    async (ctx, { query }) => {
      const items = await listTiers(services.db.knex, { includeInactive: query.include_inactive ?? true });
      ctx.body = pageOf(items, query);
    },
  );

  api.post(
    '/subscriptions/tiers',
    {
      summary: 'Create a tier (a code in use is a 409)',
      body: TierCreate,
      responses: { 201: Tier },
      errors: [ConflictException],
    },
    async (ctx, { body }) => {
      checkFeatures(body.features);
      const { code, ...details } = body;
      await services.settle(
        await createTier(
          deps(),
          code,
          { ...details, description: details.description ?? null, sort_order: details.sort_order ?? 0 },
          commandContext(ctx, adminCaller(ctx).id),
        ),
      );
      ctx.status = 201;
      ctx.body = await getTier(services.db.knex, code);
    },
  );

  api.get(
    '/subscriptions/tiers/:code',
    {
      summary: 'One tier',
      params: TierParams,
      responses: { 200: Tier },
      errors: notFound,
    },
    async (ctx, { params }) => {
      ctx.body = await getTier(services.db.knex, params.code);
    },
  );

  api.put(
    '/subscriptions/tiers/:code',
    {
      summary: "Change a tier's name, description, prices, limits, features or order",
      params: TierParams,
      body: TierUpdate,
      responses: { 200: Tier },
      errors: notFound,
    },
    async (ctx, { params, body }) => {
      checkFeatures(body.features as string[] | undefined);
      await services.settle(await changeTier(deps(), params.code, body, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = await getTier(services.db.knex, params.code);
    },
  );

  api.delete(
    '/subscriptions/tiers/:code',
    {
      summary: 'Delete a tier (refused while vendors are subscribed to it)',
      params: TierParams,
      responses: { 200: Message },
      errors: [TierNotFoundException, BusinessLogicException],
    },
    async (ctx, { params }) => {
      await services.settle(await deleteTier(deps(), params.code, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = { message: `Tier ${params.code} deleted`, id: params.code };
    },
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    api.post(
      `/subscriptions/tiers/:code/${action}`,
      {
        summary: active ? 'Offer the tier again' : 'Stop offering the tier to new subscriptions',
        params: TierParams,
        responses: { 200: Tier },
        errors: notFound,
      },
      async (ctx, { params }) => {
        await services.settle(await setTierActive(deps(), params.code, active, commandContext(ctx, adminCaller(ctx).id)));
        ctx.body = await getTier(services.db.knex, params.code);
      },
    );
  }

  return api.router;
}

/** What the tier commands need (the API's routes and the admin back office's forms). */
export const tierDeps = (services: Services): TierDeps => ({
  store: services.store,
  now: () => services.clock.now(),
  activeSubscriptions: (code) => countLiveSubscriptions(services.db.knex, code),
});
