import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { cancelAddOn } from '../../../commands/billing/handlers.ts';
import { purchasableAddOn } from '../../../commands/billing/vendorAddOn.ts';
import { activeAddOns, findVendorAddOn } from '../../../queries/billing/addOns.ts';
import { findTier, getVendorSubscription, LIVE_STATUSES, setVendorSubscription } from '../../modules/subscriptions.ts';
import { addOnCheckout, changeSubscriptionPrice, removeAddOnItem, tierPriceKey, upcomingInvoice } from '../../adapters/stripeBilling.ts';
import {
  BillingProviderException,
  BusinessLogicException,
  InvalidTransitionException,
  ResourceNotFoundException,
} from '../../core/errors.ts';
import { AddOnNotFoundException, BillingNotConfiguredException } from '../../../commands/billing/errors.ts';
import { TierNotFoundException } from '../../../commands/vendors/errors.ts';
import { ADD_ON_CATALOGUE } from '../../core/addOnCatalogue.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext } from '../auth.ts';
import { vendorBillingAccount } from '../billingAccount.ts';
import {
  AddOnCheckout,
  AddOnIdParams,
  AddOns,
  BillingSubscription,
  ChangeTierBody,
  PurchaseAddOnBody,
  UpcomingInvoice,
  VendorAddOn,
} from '../schemas/billing.ts';
import { vendorCaller } from '../vendorAuth.ts';

const STRIPE_ERRORS = [BillingNotConfiguredException, BillingProviderException, ResourceNotFoundException];

const addOnView = ({ vendor_id: _v, stripe_ref: _s, ...a }: Awaited<ReturnType<typeof activeAddOns>>[number]) => a;

/**
 * SPEC.md 4.2 billing: the upcoming invoice, a tier change, add-on purchase and cancel
 * (docs/billing.md). Stripe is the payment provider; a vendor's account there is opened with its
 * subscription record, or here on first use for a record older than billing.
 */
export function vendorBillingRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const caller = vendorCaller;
  // A client's Idempotency-Key makes its retry the same Stripe request; without one each call is new.
  const requestKey = (ctx: Context, what: string) => `${what}:${caller(ctx).id}:${ctx.get('idempotency-key') || randomUUID()}`;

  api.get(
    '/billing/upcoming-invoice',
    {
      summary: "The vendor's next invoice as Stripe previews it: amount, lines (prorations included) and period",
      permission: 'billing.view',
      responses: { 200: UpcomingInvoice },
      errors: STRIPE_ERRORS,
    },
    async (ctx) => {
      const { stripe, account } = await vendorBillingAccount(services, caller(ctx).id);
      ctx.body = await upcomingInvoice(stripe, account.stripe_customer_id, account.stripe_subscription_id);
    },
  );

  api.post(
    '/billing/change-tier',
    {
      summary: 'Move the vendor to another tier: Stripe prorates the rest of the period, the new limits and features apply at once',
      permission: 'billing.manage',
      body: ChangeTierBody,
      responses: { 200: BillingSubscription },
      errors: [...STRIPE_ERRORS, TierNotFoundException, BusinessLogicException, InvalidTransitionException],
    },
    async (ctx, { body }) => {
      ctx.body = await changeVendorTier(
        services,
        caller(ctx).id,
        body,
        commandContext(ctx, caller(ctx).userId, caller(ctx).id),
        requestKey(ctx, 'change-tier'),
      );
    },
  );

  api.get(
    '/billing/add-ons',
    {
      summary: "The add-on catalogue and the vendor's active add-ons",
      permission: 'billing.view',
      responses: { 200: AddOns },
    },
    async (ctx) => {
      ctx.body = { catalogue: ADD_ON_CATALOGUE, active: (await activeAddOns(services.db.knex, caller(ctx).id)).map(addOnView) };
    },
  );

  api.post(
    '/billing/add-ons/purchase',
    {
      summary: 'Buy an add-on: answers a Stripe Checkout page; the add-on counts once Stripe reports the payment',
      permission: 'billing.manage',
      body: PurchaseAddOnBody,
      responses: { 202: AddOnCheckout },
      errors: [...STRIPE_ERRORS, AddOnNotFoundException, BusinessLogicException],
    },
    async (ctx, { body }) => {
      ctx.status = 202;
      ctx.body = await startAddOnCheckout(services, caller(ctx).id, body, requestKey(ctx, 'add-on-checkout'));
    },
  );

  api.post(
    '/billing/add-ons/:add_on_id/cancel',
    {
      summary: 'Cancel an add-on: Stripe removes it from the subscription (prorated) and what it added stops counting at once',
      permission: 'billing.manage',
      params: AddOnIdParams,
      responses: { 200: VendorAddOn },
      errors: [...STRIPE_ERRORS, AddOnNotFoundException, InvalidTransitionException],
    },
    async (ctx, { params }) => {
      ctx.body = await cancelVendorAddOn(
        services,
        caller(ctx).id,
        params.add_on_id,
        commandContext(ctx, caller(ctx).userId, caller(ctx).id),
      );
    },
  );

  return api.router;
}

/** Moves the vendor to another tier (the API's change-tier and the billing page's form): Stripe prorates, the record follows. */
export async function changeVendorTier(
  services: Services,
  vendorId: number,
  body: { tier_code: string; interval?: 'month' | 'year' },
  context: CommandContext,
  idempotencyKey: string,
) {
  const { stripe, account } = await vendorBillingAccount(services, vendorId);
  const tier = await findTier(services.db.knex, body.tier_code);
  if (!tier) throw new TierNotFoundException(`Tier '${body.tier_code}' not found`, { tier_code: body.tier_code });
  if (!tier.is_active) throw new BusinessLogicException(`The tier '${tier.code}' is no longer offered`, { tier_code: tier.code });
  const current = await getVendorSubscription(services.db.knex, vendorId);
  if (!(LIVE_STATUSES as readonly string[]).includes(current.status)) {
    throw new BusinessLogicException(`The subscription is ${current.status}; only a live subscription changes tier`, {
      status: current.status,
    });
  }
  const interval = body.interval ?? 'month';
  const now = services.clock.now();
  await changeSubscriptionPrice(
    stripe,
    account.stripe_subscription_id,
    {
      lookup_key: tierPriceKey(tier.code, interval),
      unit_amount: interval === 'year' ? tier.price_yearly_cents : tier.price_monthly_cents,
      interval,
      name: `${tier.name} (${interval === 'year' ? 'yearly' : 'monthly'})`,
    },
    now,
    idempotencyKey,
  );
  await services.settle(
    await setVendorSubscription(services.store, now, vendorId, { tier_code: tier.code, billing_interval: interval }, context),
  );
  const updated = await getVendorSubscription(services.db.knex, vendorId);
  return {
    tier_code: tier.code,
    tier_name: tier.name,
    interval,
    status: updated.status,
    current_period_start: updated.current_period_start,
    current_period_end: updated.current_period_end,
  };
}

/** Opens Stripe Checkout for an add-on (the API's purchase and the billing page's form); the add-on counts once Stripe reports the payment. */
export async function startAddOnCheckout(
  services: Services,
  vendorId: number,
  body: { add_on_code: string; quantity?: number },
  idempotencyKey: string,
) {
  const quantity = body.quantity ?? 1;
  const definition = purchasableAddOn(body.add_on_code, quantity);
  const { stripe, account } = await vendorBillingAccount(services, vendorId);
  const session = await addOnCheckout(stripe, {
    customer_id: account.stripe_customer_id,
    vendor_id: vendorId,
    add_on_code: definition.code,
    name: definition.name,
    quantity,
    unit_amount: definition.price_monthly_cents,
    return_url: `${services.config.publicUrl}/vendor/billing`,
    idempotencyKey,
  });
  return { status: 'pending' as const, checkout_session_id: session.id, url: session.url ?? null };
}

/** Cancels an active add-on (the API's cancel and the billing page's form): removed at Stripe (prorated), no longer counted. */
export async function cancelVendorAddOn(services: Services, vendorId: number, addOnId: string, context: CommandContext) {
  const addOn = await findVendorAddOn(services.db.knex, vendorId, addOnId);
  if (!addOn) throw new AddOnNotFoundException('Add-on not found', { add_on_id: addOnId });
  if (addOn.status !== 'active') throw new InvalidTransitionException('Add-on', addOn.status, 'cancel');
  const now = services.clock.now();
  if (addOn.stripe_ref) {
    const { stripe, account } = await vendorBillingAccount(services, vendorId);
    await removeAddOnItem(stripe, account.stripe_subscription_id, addOn.id, now);
  }
  await services.settle([await cancelAddOn(services.store, addOn.id, vendorId, now.toISOString(), context)]);
  return addOnView((await findVendorAddOn(services.db.knex, vendorId, addOn.id))!);
}
