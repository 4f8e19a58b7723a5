import { randomBytes } from 'node:crypto';
import { signup, type LiveSignup, type SignupCommand } from '../../../commands/signup/signup.ts';
import { SignupNotFoundException } from '../../../commands/signup/errors.ts';
import type { ExtmarketShop, Language, SignupCompany, SignupTier } from '../../../commands/signup/events.ts';
import { graphqlExtmarketClient } from '../../adapters/extmarket/graphqlClient.ts';
import { checkedEndpoint } from '../../modules/extmarket.ts';
import { listTiers } from '../../modules/subscriptions.ts';
import { findUserIdByLogin } from '../../modules/users.ts';
import { checkSubdomain, uniqueValueHolder } from '../../modules/vendors.ts';
import { ConflictException, ResourceNotFoundException } from '../../core/errors.ts';
import { TierNotFoundException } from '../../../commands/vendors/errors.ts';
import { hashPassword } from '../../core/passwords.ts';
import { handleCommand, load, type CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { confirmedCard, openSetupIntent } from './signupCard.ts';

/**
 * The signup's steps as the API and the pages take them (one write path): each checks what only
 * the service can check (an e-mail or a code already in use, the tier, the shop at the extmarket,
 * the card at Stripe), then appends the step to the signup's stream, whose decision keeps the order.
 * The checks of values in use here answer early; the claim itself happens on completion.
 */
const blank = (v: string | undefined | null) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

export async function loadSignup(services: Services, id: string): Promise<LiveSignup> {
  const { state } = await load(services.store, signup, id);
  if (state.status === 'none') throw new SignupNotFoundException(`Signup ${id} not found`);
  return state;
}

async function step(services: Services, id: string, command: SignupCommand, ctx: CommandContext): Promise<LiveSignup> {
  const done = await handleCommand(services.store, signup, id, command, ctx);
  return done.state.status === 'none' ? loadSignup(services, id) : done.state;
}

const at = (services: Services) => services.clock.now().toISOString();

export async function startSignup(
  services: Services,
  input: { tier_code?: string; language?: Language },
  ctx: CommandContext,
): Promise<LiveSignup> {
  const id = randomBytes(16).toString('base64url');
  const tier = input.tier_code && (await offeredTier(services, input.tier_code)) ? input.tier_code : null;
  return step(
    services,
    id,
    { type: 'StartSignup', data: { signup_id: id, tier_code: tier, language: input.language ?? 'en', at: at(services) } },
    ctx,
  );
}

export async function giveAccount(
  services: Services,
  id: string,
  input: {
    email: string;
    password: string;
    first_name?: string | null;
    last_name?: string | null;
    language?: Language;
  },
  ctx: CommandContext,
): Promise<LiveSignup> {
  const s = await loadSignup(services, id);
  const email = input.email.trim().toLowerCase();
  if ((await findUserIdByLogin(services.db.knex, email)) !== null) {
    throw new ConflictException('An account with this e-mail exists already: sign in instead, or use another e-mail', { field: 'email' });
  }
  const account = {
    email,
    password_hash: await hashPassword(input.password),
    first_name: blank(input.first_name),
    last_name: blank(input.last_name),
    language: input.language ?? s.language,
  };
  return step(services, id, { type: 'GiveAccount', data: { account, at: at(services) } }, ctx);
}

export function giveCompany(
  services: Services,
  id: string,
  input: Partial<SignupCompany> & { name: string },
  ctx: CommandContext,
): Promise<LiveSignup> {
  const company = {
    name: input.name.trim(),
    business_address: blank(input.business_address),
    tax_number: blank(input.tax_number),
    contact_phone: blank(input.contact_phone),
    website: blank(input.website),
  };
  return step(services, id, { type: 'GiveCompany', data: { company, at: at(services) } }, ctx);
}

/**
 * The shop a key belongs to at the extmarket, and whether a vendor here holds it already. The
 * endpoint is checked (https, no credentials) before anything else, then `beforeCall` runs (the
 * rate limit counts calls that reach the extmarket, not requests refused on their face).
 */
export async function lookUpShop(
  services: Services,
  input: { api_key: string; api_endpoint?: string },
  beforeCall: () => Promise<void> = async () => {},
): Promise<ExtmarketShop & { claimed: boolean }> {
  const endpoint = checkedEndpoint(services, input.api_endpoint, null);
  await beforeCall();
  const shop = await graphqlExtmarketClient({ endpoint, apiKey: input.api_key, timeoutMs: 10_000 }).shopIdentity();
  if (!shop) throw new ResourceNotFoundException('The extmarket knows no shop for this API key');
  const holder = await uniqueValueHolder(services.store, 'extmarket_shop', shop.id);
  return { extmarket_vendor_id: shop.id, extmarket_vendor_slug: shop.slug, name: shop.name, claimed: holder !== null };
}

export async function claimShop(
  services: Services,
  id: string,
  input: { api_key: string; api_endpoint?: string },
  ctx: CommandContext,
  beforeCall?: () => Promise<void>,
): Promise<LiveSignup> {
  await loadSignup(services, id);
  const { claimed, ...shop } = await lookUpShop(services, input, beforeCall);
  if (claimed)
    throw new ConflictException('This extmarket shop is already claimed by a vendor here', {
      field: 'extmarket_shop',
      extmarket_vendor_id: shop.extmarket_vendor_id,
    });
  return step(services, id, { type: 'ClaimShop', data: { shop, at: at(services) } }, ctx);
}

export async function giveVendor(
  services: Services,
  id: string,
  input: { vendor_code: string; name?: string },
  ctx: CommandContext,
): Promise<LiveSignup> {
  const s = await loadSignup(services, id);
  const code = input.vendor_code.trim().toUpperCase();
  checkSubdomain(code.replace(/_/g, '-').toLowerCase());
  if ((await uniqueValueHolder(services.store, 'vendor_code', code)) !== null) {
    throw new ConflictException(`The vendor code '${code}' is already in use`, { field: 'vendor_code' });
  }
  const name = blank(input.name) ?? s.shop?.name ?? s.company?.name ?? code;
  return step(services, id, { type: 'GiveVendor', data: { vendor: { vendor_code: code, name }, at: at(services) } }, ctx);
}

async function offeredTier(services: Services, code: string) {
  return (await listTiers(services.db.knex)).find((t) => t.code === code) ?? null;
}

export async function chooseTier(
  services: Services,
  id: string,
  input: { tier_code: string; billing_interval?: SignupTier['billing_interval'] },
  ctx: CommandContext,
): Promise<LiveSignup> {
  if (!(await offeredTier(services, input.tier_code)))
    throw new TierNotFoundException(`No tier '${input.tier_code}' is offered`, { tier_code: input.tier_code });
  const tier = { tier_code: input.tier_code, billing_interval: input.billing_interval ?? 'month' };
  return step(services, id, { type: 'ChooseTier', data: { tier, at: at(services) } }, ctx);
}

/** Opens (or reopens) the card's SetupIntent: what the browser hands Stripe.js. */
export async function openCard(services: Services, id: string, ctx: CommandContext) {
  const s = await loadSignup(services, id);
  const opened = await openSetupIntent(services, s);
  if (!opened.reused) {
    await step(
      services,
      id,
      {
        type: 'OpenCardSetup',
        data: { stripe_customer_id: opened.stripe_customer_id, setup_intent_id: opened.setup_intent_id, at: at(services) },
      },
      ctx,
    );
  }
  return {
    setup_intent_id: opened.setup_intent_id,
    client_secret: opened.client_secret,
    publishable_key: services.config.stripe?.publishableKey ?? null,
  };
}

/** Records the card once Stripe says the SetupIntent succeeded (read back from Stripe, never taken from the browser). */
export async function confirmCard(services: Services, id: string, setupIntentId: string, ctx: CommandContext): Promise<LiveSignup> {
  const s = await loadSignup(services, id);
  if (s.card?.setup_intent_id === setupIntentId && s.card.confirmed) return s;
  const card = await confirmedCard(services, setupIntentId);
  return step(services, id, { type: 'ConfirmCard', data: { setup_intent_id: setupIntentId, ...card, at: at(services) } }, ctx);
}
