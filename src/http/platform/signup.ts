import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { SignupCardNotConfirmedException, SignupNotFoundException, SignupStepOrderException } from '../../../commands/signup/errors.ts';
import {
  BillingProviderException,
  ConflictException,
  ExtmarketCredentialsException,
  ExtmarketUnavailableException,
  InvalidTransitionException,
  ResourceNotFoundException,
  TooManyAttemptsException,
  ValidationException,
} from '../../core/errors.ts';
import { BillingNotConfiguredException } from '../../../commands/billing/errors.ts';
import { TierNotFoundException } from '../../../commands/vendors/errors.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext } from '../auth.ts';
import { Nullable } from '../responses.ts';
import { ExtmarketKey, SignupAccount, SignupCardConfirm, SignupCompany, SignupStart, SignupTier, SignupVendor } from './signupBodies.ts';
import { signedInSignup, SignupCompletion } from './signupSession.ts';
import { countSignupAttempt } from './signupThrottle.ts';
import {
  chooseTier,
  claimShop,
  confirmCard,
  giveAccount,
  giveCompany,
  giveVendor,
  loadSignup,
  lookUpShop,
  openCard,
  startSignup,
} from './signupSteps.ts';
import { SignupParams, SignupResponse, signupView } from './signupView.ts';

const ShopLookup = Type.Object(
  {
    extmarket_vendor_id: Type.String(),
    extmarket_vendor_slug: Nullable(Type.String()),
    name: Nullable(Type.String()),
    claimed: Type.Boolean({ description: 'A vendor here holds this shop already: a signup cannot claim it' }),
  },
  { $id: 'ExtmarketShopLookup' },
);

const order = [SignupNotFoundException, SignupStepOrderException, InvalidTransitionException];

/** Who acts in a signup: nobody signed in yet; the signup's id ties its events together. */
const signupContext = (ctx: Context): CommandContext => commandContext(ctx, 'signup');

/**
 * The platform area's signup (SPEC.md 4.4 and part 5 rule 4): start, the five steps in order
 * (account, company, vendor with an optional extmarket shop, tier, card), completion. Public: the
 * signup's id is the visitor's credential for it; completion signs the new owner in.
 */
export function platformSignupRoutes(services: Services): Router {
  const api = new Api(services, 'platform');
  const answer = async (ctx: Context, id: string, status = 200) => {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = signupView(await loadSignup(services, id));
  };

  api.post(
    '/extmarket/shops/lookup',
    {
      summary:
        "Find one's extmarket shop with its API key: its identity there and whether a vendor here holds it (rate limited per address)",
      body: ExtmarketKey,
      responses: { 200: ShopLookup },
      errors: [
        ResourceNotFoundException,
        ExtmarketCredentialsException,
        ExtmarketUnavailableException,
        ValidationException,
        TooManyAttemptsException,
      ],
    },
    async (ctx, { body }) => {
      ctx.body = await lookUpShop(services, body, () => countSignupAttempt(services.db.knex, 'lookup', ctx.ip));
    },
  );

  api.post(
    '/signups',
    {
      summary:
        'Begin a signup (optionally with the tier picked on the pricing page); its id lets the visitor come back (rate limited per address)',
      body: SignupStart,
      responses: { 201: SignupResponse },
      errors: [TooManyAttemptsException],
    },
    async (ctx, { body }) => {
      await countSignupAttempt(services.db.knex, 'start', ctx.ip);
      const s = await startSignup(services, body, signupContext(ctx));
      await answer(ctx, s.id, 201);
    },
  );

  api.get(
    '/signups/:signup_id',
    {
      summary: "A signup's progress: each step's data (never the password) and the next step",
      params: SignupParams,
      responses: { 200: SignupResponse },
      errors: [SignupNotFoundException],
    },
    async (ctx, { params }) => answer(ctx, params.signup_id),
  );

  api.put(
    '/signups/:signup_id/account',
    {
      summary: "Step 1, the account: the owner's e-mail and password (kept only as its argon2 hash), name and language",
      params: SignupParams,
      body: SignupAccount,
      responses: { 200: SignupResponse },
      errors: [...order, ConflictException],
    },
    async (ctx, { params, body }) => {
      await giveAccount(services, params.signup_id, body, signupContext(ctx));
      await answer(ctx, params.signup_id);
    },
  );

  api.put(
    '/signups/:signup_id/company',
    {
      summary: 'Step 2, the company: its name, business address, tax number and contact data (its vendors inherit them)',
      params: SignupParams,
      body: SignupCompany,
      responses: { 200: SignupResponse },
      errors: order,
    },
    async (ctx, { params, body }) => {
      await giveCompany(services, params.signup_id, body, signupContext(ctx));
      await answer(ctx, params.signup_id);
    },
  );

  api.post(
    '/signups/:signup_id/shop',
    {
      summary:
        "Step 3, optionally: claim one's extmarket shop with its API key (a shop a vendor here holds is a 409; rate limited per address with the lookup); the vendor keeps its identity",
      params: SignupParams,
      body: ExtmarketKey,
      responses: { 200: SignupResponse },
      errors: [
        ...order,
        ConflictException,
        ResourceNotFoundException,
        ExtmarketCredentialsException,
        ExtmarketUnavailableException,
        ValidationException,
        TooManyAttemptsException,
      ],
    },
    async (ctx, { params, body }) => {
      await claimShop(services, params.signup_id, body, signupContext(ctx), () => countSignupAttempt(services.db.knex, 'lookup', ctx.ip));
      await answer(ctx, params.signup_id);
    },
  );

  api.put(
    '/signups/:signup_id/vendor',
    {
      summary: "Step 3, the vendor: its code (also its subdomain) and name (default: the claimed shop's, else the company's)",
      params: SignupParams,
      body: SignupVendor,
      responses: { 200: SignupResponse },
      errors: [...order, ConflictException, ValidationException],
    },
    async (ctx, { params, body }) => {
      await giveVendor(services, params.signup_id, body, signupContext(ctx));
      await answer(ctx, params.signup_id);
    },
  );

  api.put(
    '/signups/:signup_id/tier',
    {
      summary: 'Step 4, the tier the 30-day trial runs on, billed monthly or yearly after it',
      params: SignupParams,
      body: SignupTier,
      responses: { 200: SignupResponse },
      errors: [...order, TierNotFoundException],
    },
    async (ctx, { params, body }) => {
      await chooseTier(services, params.signup_id, body, signupContext(ctx));
      await answer(ctx, params.signup_id);
    },
  );

  api.post(
    '/signups/:signup_id/card',
    {
      summary:
        'Step 5, the card: opens a Stripe SetupIntent (or answers the open one) whose client_secret the browser confirms with Stripe.js',
      params: SignupParams,
      responses: {
        200: Type.Object(
          { setup_intent_id: Type.String(), client_secret: Type.String(), publishable_key: Nullable(Type.String()) },
          { $id: 'SignupCardSetup' },
        ),
      },
      errors: [...order, BillingNotConfiguredException, BillingProviderException],
    },
    async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await openCard(services, params.signup_id, signupContext(ctx));
    },
  );

  api.post(
    '/signups/:signup_id/card/confirm',
    {
      summary:
        'Step 5 done: the service reads the SetupIntent back from Stripe and keeps the card it saved (400 until Stripe confirmed it)',
      params: SignupParams,
      body: SignupCardConfirm,
      responses: { 200: SignupResponse },
      errors: [...order, SignupCardNotConfirmedException, BillingNotConfiguredException, BillingProviderException],
    },
    async (ctx, { params, body }) => {
      await confirmCard(services, params.signup_id, body.setup_intent_id, signupContext(ctx));
      await answer(ctx, params.signup_id);
    },
  );

  api.post(
    '/signups/:signup_id/complete',
    {
      summary:
        'Complete the signup: the user, the company it owns, the vendor, its 30-day trial; signs the owner in (access_token and the vendor_token cookie). ' +
        'Repeated, it answers the same vendor again (for an hour); two signups racing for one e-mail or vendor code: one wins, the other is a 409',
      params: SignupParams,
      responses: {
        200: { schema: SignupCompletion, headers: { 'Set-Cookie': 'vendor_token (HttpOnly, SameSite=Strict, Secure on TLS)' } },
      },
      errors: [...order, ConflictException, BillingNotConfiguredException, BillingProviderException],
    },
    async (ctx, { params }) => {
      ctx.body = await signedInSignup(services, ctx, params.signup_id, signupContext(ctx));
    },
  );

  return api.router;
}
