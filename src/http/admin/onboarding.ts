import Router from '@koa/router';
import { OnboardingAlreadyFinishedException, OnboardingNotFoundException } from '../../../commands/onboarding/errors.ts';
import { skipOnboarding } from '../../../commands/onboarding/handlers.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { onboardingStatus } from '../onboardingSteps.ts';
import { OnboardingStatus, SkipBody, VendorIdParams } from '../schemas/onboarding.ts';

/** An admin reads any vendor's onboarding and may skip what is left of it, saying why (SPEC.md part 3). */
export function adminOnboardingRoutes(services: Services): Router {
  const api = new Api(services, 'admin');

  api.get(
    '/vendors/:vendor_id/onboarding',
    {
      summary: "A vendor's onboarding: its steps, the next one, who skipped it and why",
      params: VendorIdParams,
      responses: { 200: OnboardingStatus },
      errors: [OnboardingNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await onboardingStatus(services, params.vendor_id);
    },
  );

  api.post(
    '/vendors/:vendor_id/onboarding/skip',
    {
      summary: "Skip the rest of a vendor's onboarding (who, when and why are recorded): its dashboard opens at once",
      params: VendorIdParams,
      body: SkipBody,
      responses: { 200: OnboardingStatus },
      errors: [OnboardingNotFoundException, OnboardingAlreadyFinishedException],
    },
    async (ctx, { params, body }) => {
      const admin = adminCaller(ctx).id;
      await services.settle([
        await skipOnboarding(
          services.store,
          params.vendor_id,
          admin,
          body.reason.trim(),
          services.clock.now(),
          commandContext(ctx, admin, params.vendor_id),
        ),
      ]);
      ctx.body = await onboardingStatus(services, params.vendor_id);
    },
  );

  return api.router;
}
