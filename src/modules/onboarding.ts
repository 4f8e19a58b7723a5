import type { Context } from 'koa';
import { onboarding } from '../../commands/onboarding/onboarding.ts';
import { OnboardingRequiredException } from '../../commands/onboarding/errors.ts';
import { unfinishedOnboardingsView } from '../../projections/onboarding/unfinishedOnboardings.ts';
import { vendorOnboarding } from '../../projections/onboarding/vendorOnboarding.ts';
import { adminOnboardingRoutes } from '../http/admin/onboarding.ts';
import { vendorOnboardingRoutes } from '../http/vendor/onboarding.ts';
import { vendorCaller } from '../http/vendorAuth.ts';
import { onboardingPageRoutes } from '../pages/onboarding/wizardPage.ts';
import { finishOnboardingOnHistoricalImportEnded } from '../processes/finishOnboardingOnHistoricalImportEnded.ts';
import type { Services } from '../runtime/services.ts';
import { defineModule } from './module.ts';

/**
 * Vendor API areas a vendor reaches before its onboarding is done: signing in and out, the
 * onboarding itself, its settings, and its billing (the billing page reads the plan's usage and
 * features from the subscriptions module).
 */
const OPEN_DURING_ONBOARDING = ['auth', 'onboarding', 'settings', 'billing', 'subscriptions'] as const;
/** Vendor pages that stay open: the wizard, settings, billing and plan, signing out, the language switch. */
const OPEN_PAGES = /^\/vendor\/(onboarding|settings|billing|plan|logout|login|language)(\/|$)/;

export const onboardingModule = defineModule({
  name: 'onboarding',
  tag: 'Onboarding',
  description:
    'The four-step vendor onboarding (company profile, extmarket API, import CSV URLs, historical order sync) that keeps the dashboard closed until it is done; an admin may skip it (docs/onboarding.md).',
  features: ['Onboarding wizard', 'Dashboard gate'],
  dependsOn: ['vendors', 'extmarket'],
  routes: { vendor: [vendorOnboardingRoutes], admin: [adminOnboardingRoutes] },
  pages: [onboardingPageRoutes],
  consumers: [vendorOnboarding, finishOnboardingOnHistoricalImportEnded],
  memoryViews: [unfinishedOnboardingsView],
  aggregates: [onboarding],
  // The gate answers from every instance's memory: no statement per request, and a completion or a skip reaches all instances from the feed.
  vendorGate: (services: Services) => ({
    exempt: OPEN_DURING_ONBOARDING,
    check(ctx: Context) {
      const vendorId = vendorCaller(ctx).id;
      const pending = services.views.get(unfinishedOnboardingsView);
      if (pending.has(vendorId)) throw new OnboardingRequiredException(pending.get(vendorId) ?? null);
    },
  }),
  backOffice: {
    vendorGate: (services, viewer, path) => {
      if (!viewer.vendor || OPEN_PAGES.test(path)) return null;
      return services.views.get(unfinishedOnboardingsView).has(viewer.vendor.id) ? '/vendor/onboarding' : null;
    },
  },
});

/** The onboarding a vendor opened through signup begins with. */
export { startOnboarding } from '../../commands/onboarding/handlers.ts';
