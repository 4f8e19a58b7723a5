import { signup, type LiveSignup } from '../../../commands/signup/signup.ts';
import { SignupNotFoundException } from '../../../commands/signup/errors.ts';
import type { SignupResult } from '../../../commands/signup/events.ts';
import { openBillingAccountWithCard } from '../../modules/billing.ts';
import { createCompany } from '../../modules/companies.ts';
import { startOnboarding } from '../../modules/onboarding.ts';
import { setVendorSubscription, TRIAL_DAYS } from '../../modules/subscriptions.ts';
import { createUser } from '../../modules/users.ts';
import { claimVendorValue, createVendor, releaseVendorValue } from '../../modules/vendors.ts';
import { ConcurrencyException, ConflictException } from '../../core/errors.ts';
import { BillingNotConfiguredException } from '../../../commands/billing/errors.ts';
import { LANGUAGES } from '../../core/i18n.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../runtime/commandHandler.ts';
import { nextId } from '../../runtime/nextId.ts';
import type { Services } from '../../runtime/services.ts';

type Done = Handled<unknown, any>[];
const DAY = 86_400_000;

/**
 * Completes a signup (SPEC.md part 5 rule 4, part 8): the user (its argon2 hash from the account
 * step), the company it owns, the vendor with its marketplace shop, the onboarding that blocks the
 * dashboard, the Stripe account with the saved card and the 30-day trial on the chosen tier.
 *
 * Exactly once, whatever repeats or races:
 *   - the ids are allocated once and recorded on the signup's stream (SignupCompletionBegun, with
 *     the version loaded): a second completion of the same signup, even a concurrent one, continues
 *     with the same ids, and each step below is skipped when its stream already exists, so there is
 *     never a second company;
 *   - the unique values are claimed on the write side before anything is created: the vendor code,
 *     subdomain and shop through their reservation streams, the e-mail by createUser's own. Two
 *     signups racing for one e-mail or one code append to the same reservation stream with the same
 *     expected version: one wins, the other gets a 409 and its signup goes back to open
 *     (SignupCompletionRefused) with nothing created and its claims released.
 */
export function completeSignup(services: Services, signupId: string, ctx: CommandContext): Promise<{ result: SignupResult; done: Done }> {
  // Two requests completing the same signup on this instance run one after the other: the second
  // finds it completed. (Across instances they share the ids; docs/onboarding.md "Signup".)
  const previous = running.get(signupId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => complete(services, signupId, ctx));
  const tail = next
    .catch(() => undefined)
    .finally(() => {
      if (running.get(signupId) === tail) running.delete(signupId);
    });
  running.set(signupId, tail);
  return next;
}

const running = new Map<string, Promise<unknown>>();

async function complete(services: Services, signupId: string, ctx: CommandContext): Promise<{ result: SignupResult; done: Done }> {
  const { store } = services;
  const done: Done = [];
  let s = await current(services, signupId);
  if (s.status === 'completed') return { result: s.ids!, done };
  if (s.status === 'open') {
    const db = services.db.knex;
    const ids = { user_id: await nextId(db, 'user'), company_id: await nextId(db, 'company'), vendor_id: await nextId(db, 'vendor') };
    try {
      done.push(await handleCommand(store, signup, signupId, { type: 'BeginCompletion', data: { ids, at: now(services) } }, ctx));
    } catch (err) {
      // The same signup's other request began first: continue with its ids.
      if (!(err instanceof ConcurrencyException)) throw err;
    }
    s = await current(services, signupId);
    if (s.status === 'completed') return { result: s.ids!, done };
  }
  const ids = s.ids!;
  const vendorCtx = { ...ctx, vendorId: ids.vendor_id };
  await claimOrRefuse(services, s, signupId, ctx, done);
  // One moment for the trial's start and the completion: the trial ends TRIAL_DAYS after completed_at.
  const at = services.clock.now();
  done.push(...(await openAccounts(services, s, ids, at, vendorCtx)));
  done.push(await handleCommand(store, signup, signupId, { type: 'FinishCompletion', data: { at: at.toISOString() } }, ctx));
  return { result: ids, done };
}

async function current(services: Services, signupId: string): Promise<LiveSignup> {
  const { state } = await load(services.store, signup, signupId);
  if (state.status === 'none') throw new SignupNotFoundException(`Signup ${signupId} not found`);
  return state;
}

const now = (services: Services) => services.clock.now().toISOString();
const exists = async (services: Services, stream: string) => (await services.store.readStream(stream, { limit: 1 })).length > 0;

/** The vendor's unique values, then the user (its e-mail): a loss releases what was claimed and sends the signup back to open. */
async function claimOrRefuse(services: Services, s: LiveSignup, signupId: string, ctx: CommandContext, done: Done): Promise<void> {
  const { vendor_id } = s.ids!;
  const vendorCode = s.vendor!.vendor_code.trim().toUpperCase();
  const claims: ['vendor_code' | 'subdomain' | 'extmarket_shop', string][] = [
    ['vendor_code', vendorCode],
    ['subdomain', vendorCode.replace(/_/g, '-').toLowerCase()],
    ...(s.shop ? [['extmarket_shop', s.shop.extmarket_vendor_id] as ['extmarket_shop', string]] : []),
  ];
  const made: typeof claims = [];
  const c = { ...ctx, vendorId: vendor_id };
  try {
    for (const [kind, value] of claims) {
      done.push(await claimVendorValue(services.store, kind, value, vendor_id, c));
      made.push([kind, value]);
    }
    done.push(...(await ownerAccount(services, s, ctx)));
  } catch (err) {
    if (!(err instanceof ConflictException)) throw err;
    for (const [kind, value] of made) await releaseVendorValue(services.store, kind, value, vendor_id, c).catch(() => undefined);
    const field = (err.extra as { field?: string }).field ?? claims[made.length]?.[0] ?? 'email';
    await handleCommand(services.store, signup, signupId, { type: 'RefuseCompletion', data: { field, at: now(services) } }, ctx).catch(
      () => undefined,
    );
    throw new ConflictException(`The ${field.replace('_', ' ')} is already taken here: change it and complete the signup again`, {
      field,
      next_step: field === 'email' ? 'account' : 'vendor',
    });
  }
}

function usernameFrom(email: string): string {
  const base = email
    .split('@')[0]
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 40);
  return base.length >= 3 ? base : `owner-${base}`;
}

/** The owner's account, with the hash the account step made; a derived username already taken gets the user id appended. */
async function ownerAccount(services: Services, s: LiveSignup, ctx: CommandContext): Promise<Done> {
  const { user_id } = s.ids!;
  if (await exists(services, `user-${user_id}`)) return [];
  const deps = { store: services.store, db: services.db.knex, clock: services.clock };
  const a = s.account!;
  const input = {
    id: user_id,
    email: a.email,
    password_hash: a.password_hash,
    role: 'vendor' as const,
    must_change_password: false,
    first_name: a.first_name,
    last_name: a.last_name,
    preferred_language: a.language,
  };
  try {
    return (await createUser(deps, { ...input, username: usernameFrom(a.email) }, ctx)).done;
  } catch (err) {
    if (!(err instanceof ConflictException) || (err.extra as { field?: string }).field !== 'username') throw err;
    return (await createUser(deps, { ...input, username: `${usernameFrom(a.email)}-${user_id}` }, ctx)).done;
  }
}

/** The company, the vendor, its onboarding, its Stripe account with the card, and the trial: each once. */
async function openAccounts(services: Services, s: LiveSignup, ids: SignupResult, at: Date, ctx: CommandContext): Promise<Done> {
  const deps = { store: services.store, db: services.db.knex, clock: services.clock };
  const done: Done = [];
  const a = s.account!;
  const co = s.company!;
  if (!(await exists(services, `company-${ids.company_id}`))) {
    done.push(
      ...(
        await createCompany(
          deps,
          {
            id: ids.company_id,
            name: co.name,
            description: null,
            contact_email: a.email,
            contact_phone: co.contact_phone,
            website: co.website,
            business_address: co.business_address,
            tax_number: co.tax_number,
            owner: { email: a.email, existing_user_id: ids.user_id },
          },
          ctx,
        )
      ).done,
    );
  }
  if (!(await exists(services, `vendor-${ids.vendor_id}`))) {
    done.push(
      ...(
        await createVendor(
          deps,
          {
            id: ids.vendor_id,
            company_id: ids.company_id,
            vendor_code: s.vendor!.vendor_code,
            name: s.vendor!.name,
            description: null,
            // Contact data null: the vendor inherits the company's (SPEC.md part 2 "Vendor").
            contact_email: null,
            contact_phone: null,
            website: null,
            business_address: null,
            tax_number: null,
            dashboard_language: a.language,
            storefront_language: a.language,
            storefront_languages: [...LANGUAGES],
            storefront_locale: null,
            extmarket_vendor_id: s.shop?.extmarket_vendor_id ?? null,
            extmarket_vendor_slug: s.shop?.extmarket_vendor_slug ?? null,
          },
          ctx,
        )
      ).done,
    );
  }
  done.push(await startOnboarding(services.store, ids.vendor_id, at, ctx));
  const trialEnd = new Date(at.getTime() + TRIAL_DAYS * DAY);
  if (!(await exists(services, `billing-account-${ids.vendor_id}`))) {
    if (!services.stripe) throw new BillingNotConfiguredException('Card collection needs Stripe (STRIPE_SECRET_KEY)');
    done.push(
      ...(await openBillingAccountWithCard(
        { store: services.store, stripe: services.stripe, db: services.db.knex },
        {
          cause: `signup-${s.id}:billing`,
          vendor_id: ids.vendor_id,
          name: s.vendor!.name,
          email: a.email,
          tier_code: s.tier!.tier_code,
          interval: s.tier!.billing_interval,
          trialEnd,
          customer_id: s.card!.stripe_customer_id,
          payment_method_id: s.card!.confirmed!.payment_method_id,
          at: at.toISOString(),
        },
        ctx,
      )),
    );
  }
  if (!(await exists(services, `subscription-${ids.vendor_id}`))) {
    done.push(
      ...(await setVendorSubscription(
        services.store,
        at,
        ids.vendor_id,
        {
          tier_code: s.tier!.tier_code,
          status: 'trialing',
          billing_interval: s.tier!.billing_interval,
          current_period_start: at.toISOString(),
          current_period_end: trialEnd.toISOString(),
        },
        ctx,
      )),
    );
  }
  return done;
}
