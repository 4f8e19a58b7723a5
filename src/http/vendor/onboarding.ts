import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ImportUrlRefusedException,
  OnboardingAlreadyFinishedException,
  OnboardingConnectionFailedException,
  OnboardingNotFoundException,
  OnboardingStepOrderException,
} from '../../../commands/onboarding/errors.ts';
import { STEP_NAMES, type OnboardingStep } from '../../../commands/onboarding/events.ts';
import { ExtmarketCredentialsException } from '../../core/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { checkImportUrls, connectExtmarket, onboardingStatus, saveCompanyProfile, startHistoricalSync } from '../onboardingSteps.ts';
import {
  CompanyProfileBody,
  ExtmarketStepBody,
  ImportUrlsBody,
  OnboardingStatus,
  OnboardingStepData,
  StepParams,
} from '../schemas/onboarding.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

const REFUSALS = [OnboardingNotFoundException, OnboardingStepOrderException, OnboardingAlreadyFinishedException];

/**
 * The onboarding wizard's API (SPEC.md 4.2 "onboarding endpoints", part 3): the status, each
 * step's data, and one POST per step that commits it. A step out of order is a 409 naming the
 * next step. These routes stay open while the onboarding blocks the rest of the vendor API.
 */
export function vendorOnboardingRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const vendorOf = (ctx: { state: unknown }) => vendorCaller(ctx).id;
  const answer = async (ctx: Context) => {
    ctx.body = await onboardingStatus(services, vendorOf(ctx));
  };

  api.get(
    '/onboarding',
    {
      summary: "Where the onboarding stands: the four steps, the next one, what each gave, step 4's import progress (poll it)",
      permission: 'settings.view',
      responses: { 200: OnboardingStatus },
      errors: [OnboardingNotFoundException],
    },
    answer,
  );

  api.get(
    '/onboarding/steps/:step',
    {
      summary: "One step's data: what it recorded, whether it is done or next",
      permission: 'settings.view',
      params: StepParams,
      responses: { 200: OnboardingStepData },
      errors: [OnboardingNotFoundException],
    },
    async (ctx, { params }) => {
      const status = await onboardingStatus(services, vendorOf(ctx));
      const step = params.step as OnboardingStep;
      const data = [status.company_profile, status.extmarket, status.import_urls, status.historical_sync][step - 1];
      const info = status.steps[step - 1];
      ctx.body = {
        step,
        name: STEP_NAMES[step],
        done: info.done,
        done_at: info.done_at,
        is_next: status.next_step === step,
        data: data ?? null,
      };
    },
  );

  api.post(
    '/onboarding/steps/1',
    {
      summary: "Commit step 1: the company profile (the vendor's name, address, tax number and contact data)",
      permission: 'settings.edit',
      body: CompanyProfileBody,
      responses: { 200: OnboardingStatus },
      errors: REFUSALS,
    },
    async (ctx, { body }) => {
      await saveCompanyProfile(
        services,
        vendorOf(ctx),
        { tax_number: null, contact_phone: null, website: null, ...body },
        vendorCommandContext(ctx),
      );
      await answer(ctx);
    },
  );

  api.post(
    '/onboarding/steps/2',
    {
      summary:
        "Commit step 2: store the extmarket API key and test the connection with a real call; the step keeps the test's result and time",
      permission: 'settings.edit',
      body: ExtmarketStepBody,
      responses: { 200: OnboardingStatus },
      errors: [...REFUSALS, OnboardingConnectionFailedException, ExtmarketCredentialsException],
    },
    async (ctx, { body }) => {
      await connectExtmarket(services, vendorOf(ctx), body, vendorCommandContext(ctx));
      await answer(ctx);
    },
  );

  api.post(
    '/onboarding/steps/3',
    {
      summary:
        'Commit step 3: the product and order CSV URLs, fetched and read by the service (https only in production; no private, loopback or link-local address, on every redirect too)',
      permission: 'settings.edit',
      body: ImportUrlsBody,
      responses: { 200: OnboardingStatus },
      errors: [...REFUSALS, ImportUrlRefusedException],
    },
    async (ctx, { body }) => {
      await checkImportUrls(services, vendorOf(ctx), body, vendorCommandContext(ctx));
      await answer(ctx);
    },
  );

  api.post(
    '/onboarding/steps/4',
    {
      summary:
        'Commit step 4: start the historical order import (the extmarket historical_import job); the onboarding completes when it ends. 202: poll GET /onboarding',
      permission: 'settings.edit',
      responses: { 202: OnboardingStatus },
      errors: [...REFUSALS, ExtmarketCredentialsException],
    },
    async (ctx) => {
      await startHistoricalSync(services, vendorOf(ctx), vendorCommandContext(ctx));
      await answer(ctx);
      ctx.status = 202;
    },
  );

  return api.router;
}
