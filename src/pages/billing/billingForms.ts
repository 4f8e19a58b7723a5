/**
 * The vendor's billing forms: moving to another tier (prorated at Stripe), buying an add-on
 * through Stripe Checkout and cancelling an active add-on, each needing billing.manage and back
 * to the billing page with what was done or refused.
 */
import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { ADD_ON_CATALOGUE } from '../../core/addOnCatalogue.ts';
import type { Api } from '../../http/api.ts';
import { ChangeTierBody, PurchaseAddOnBody } from '../../http/schemas/billing.ts';
import { validBody } from '../../http/validation.ts';
import { cancelVendorAddOn, changeVendorTier, startAddOnCheckout } from '../../http/vendor/billing.ts';
import type { Services } from '../../runtime/services.ts';
import { act, formViewer } from '../backOffice/guard.ts';
import { field, seeOther } from '../forms.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { bit } from './texts.ts';

const AddOnParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

/** The POST handlers of the billing page's forms (/vendor/billing/tier, …/add-ons, …/add-ons/:id/cancel). */
export function billingForms(api: Api, services: Services) {
  const key = (what: string, vendorId: number) => `${what}:${vendorId}:${randomUUID()}`;

  api.post(
    '/vendor/billing/tier',
    {
      summary: 'Back-office form: move the vendor to another tier (`tier_code`, `interval=year` for yearly), prorated at Stripe',
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'billing.manage');
      if (!viewer) return;
      await act(ctx, '/vendor/billing', async () => {
        const body = validBody(ChangeTierBody, {
          tier_code: field(ctx, 'tier_code'),
          interval: field(ctx, 'interval') === 'year' ? 'year' : 'month',
        });
        const changed = await changeVendorTier(services, viewer.vendor!.id, body, viewer.context, key('change-tier', viewer.vendor!.id));
        return bit(viewer.language, 'changed', { tier: changed.tier_name });
      });
    },
  );

  api.post(
    '/vendor/billing/add-ons',
    {
      summary: 'Back-office form: buy an add-on (`add_on_code`, `quantity`): on to Stripe Checkout, back to the billing page',
      responses: { 303: { description: "Stripe Checkout's page, or the billing page with the refusal (Location)" }, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'billing.manage');
      if (!viewer) return;
      let checkout: string | null = null;
      await act(ctx, '/vendor/billing', async () => {
        const quantity = field(ctx, 'quantity') === '' ? 1 : Number(field(ctx, 'quantity'));
        const body = validBody(PurchaseAddOnBody, { add_on_code: field(ctx, 'add_on_code'), quantity });
        checkout = (await startAddOnCheckout(services, viewer.vendor!.id, body, key('add-on-checkout', viewer.vendor!.id))).url;
        return checkout ? null : bit(viewer.language, 'checkout_missing');
      });
      if (checkout) seeOther(ctx, checkout);
    },
  );

  api.post(
    '/vendor/billing/add-ons/:id/cancel',
    {
      summary: 'Back-office form: cancel an active add-on (prorated at Stripe; what it adds stops at once)',
      params: AddOnParams,
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'billing.manage');
      if (!viewer) return;
      await act(ctx, '/vendor/billing', async () => {
        const addOn = await cancelVendorAddOn(services, viewer.vendor!.id, params.id, viewer.context);
        return bit(viewer.language, 'canceled', {
          name: ADD_ON_CATALOGUE.find((d) => d.code === addOn.add_on_code)?.name ?? addOn.add_on_code,
        });
      });
    },
  );
}
