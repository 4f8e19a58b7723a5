import { signup } from '../../commands/signup/signup.ts';
import { platformPricingRoutes } from '../http/platform/pricing.ts';
import { platformSignupRoutes } from '../http/platform/signup.ts';
import { purgeSignupThrottle } from '../http/platform/signupThrottle.ts';
import { signupPageRoutes } from '../pages/signup/signupPages.ts';
import { defineModule } from './module.ts';

export const signupModule = defineModule({
  name: 'signup',
  tag: 'Signup',
  description:
    'The public platform area for prospective vendors: pricing (tiers and add-ons), the extmarket shop lookup and claim, and the multi-step signup with a card for the 30-day trial that opens the user, company, vendor and subscription (docs/onboarding.md "Signup").',
  features: ['Pricing', 'Extmarket shop claim', 'Signup with a 30-day trial'],
  // Completion opens what these areas own, through their modules' exports.
  dependsOn: ['subscriptions', 'billing', 'users', 'companies', 'vendors', 'onboarding', 'extmarket', 'auth'],
  routes: { platform: [platformPricingRoutes, platformSignupRoutes] },
  aggregates: [signup],
  pages: [signupPageRoutes],
  scheduledTasks: [
    {
      // The rate limit's windows last an hour; older rows are dead.
      name: 'purgeSignupThrottle',
      cron: '23 4 * * *',
      async run(services) {
        await purgeSignupThrottle(services.db.knex);
      },
    },
  ],
});
