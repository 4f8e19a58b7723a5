import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { ConflictException } from '../../core/errors.ts';
import { setVendorSession } from '../../modules/auth.ts';
import { TRIAL_DAYS } from '../../modules/subscriptions.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { completeSignup } from './signupCompletion.ts';
import { loadSignup } from './signupSteps.ts';

export const SignupCompletion = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('bearer'),
    expires_in: Type.Integer(),
    signup_id: Type.String(),
    user: Type.Object({ id: Type.Integer(), email: Type.String() }),
    company: Type.Object({ id: Type.Integer(), name: Type.String(), owner_user_id: Type.Integer() }),
    vendor: Type.Object({
      id: Type.Integer(),
      vendor_code: Type.String(),
      name: Type.String(),
      extmarket_vendor_id: Type.Union([Type.String(), Type.Null()]),
    }),
    subscription: Type.Object({ tier_code: Type.String(), status: Type.Literal('trialing'), trial_ends_at: Type.String() }),
    next: Type.String({ description: 'Where the new vendor goes: its back office (the onboarding wizard first)' }),
  },
  { $id: 'SignupCompletionResponse' },
);

/** How long a completed signup answers a repeated completion (a client that lost the first answer); after that, one signs in. */
export const COMPLETION_REPLAY_MS = 60 * 60 * 1000;
const DAY = 86_400_000;

/**
 * Completes the signup and signs its owner in (SPEC.md part 5 rule 4): a vendor JWT for the new
 * vendor, in the answer (access_token) and in the vendor_token cookie the vendor pages read.
 */
export async function signedInSignup(services: Services, ctx: Context, signupId: string, c: CommandContext) {
  const before = await loadSignup(services, signupId);
  if (before.status === 'completed' && services.clock.now().getTime() - Date.parse(before.completed_at!) > COMPLETION_REPLAY_MS) {
    throw new ConflictException('This signup was completed: sign in to the vendor back office', { login_url: '/vendor/login' });
  }
  const { result, done } = await completeSignup(services, signupId, c);
  // The guard's access view and the onboarding gate must know the new vendor before the answer (read-your-writes).
  await services.settle(done);
  const s = await loadSignup(services, signupId);
  const token = services.tokens.sign({ sub: String(result.user_id), type: 'vendor', vendor_id: result.vendor_id, role: 'owner' });
  setVendorSession(ctx, token.access_token, token.expires_in);
  ctx.set('Cache-Control', 'no-store');
  const completedAt = Date.parse(s.completed_at ?? services.clock.now().toISOString());
  return {
    ...token,
    signup_id: s.id,
    user: { id: result.user_id, email: s.account!.email },
    company: { id: result.company_id, name: s.company!.name, owner_user_id: result.user_id },
    vendor: {
      id: result.vendor_id,
      vendor_code: s.vendor!.vendor_code,
      name: s.vendor!.name,
      extmarket_vendor_id: s.shop?.extmarket_vendor_id ?? null,
    },
    subscription: {
      tier_code: s.tier!.tier_code,
      status: 'trialing' as const,
      trial_ends_at: new Date(completedAt + TRIAL_DAYS * DAY).toISOString(),
    },
    next: '/vendor',
  };
}
