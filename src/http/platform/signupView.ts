import { Type, type Static } from '@sinclair/typebox';
import { nextStep, stepDone, type LiveSignup } from '../../../commands/signup/signup.ts';
import { SIGNUP_STEPS } from '../../../commands/signup/events.ts';
import { TRIAL_DAYS } from './pricing.ts';
import { Nullable } from '../responses.ts';

const Step = Type.Union(SIGNUP_STEPS.map((s) => Type.Literal(s)));
const Language = Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('de'), Type.Literal('lb')]);

/** A signup id: 128 random bits, base64url (the visitor's way back to their signup, so not guessable). */
export const SignupId = Type.String({ pattern: '^[A-Za-z0-9_-]{22}$', description: "The signup's id, as POST /signups answered it" });
export const SignupParams = Type.Object({ signup_id: SignupId });

export const SignupResponse = Type.Object(
  {
    signup_id: SignupId,
    status: Type.Union([Type.Literal('open'), Type.Literal('completing'), Type.Literal('completed')]),
    next_step: Nullable(Step),
    steps: Type.Array(Type.Object({ step: Step, done: Type.Boolean() })),
    language: Language,
    proposed_tier_code: Nullable(Type.String()),
    trial_days: Type.Integer(),
    account: Nullable(
      Type.Object({ email: Type.String(), first_name: Nullable(Type.String()), last_name: Nullable(Type.String()), language: Language }),
    ),
    company: Nullable(
      Type.Object({
        name: Type.String(),
        business_address: Nullable(Type.String()),
        tax_number: Nullable(Type.String()),
        contact_phone: Nullable(Type.String()),
        website: Nullable(Type.String()),
      }),
    ),
    shop: Nullable(
      Type.Object({ extmarket_vendor_id: Type.String(), extmarket_vendor_slug: Nullable(Type.String()), name: Nullable(Type.String()) }),
    ),
    vendor: Nullable(Type.Object({ vendor_code: Type.String(), name: Type.String() })),
    tier: Nullable(Type.Object({ tier_code: Type.String(), billing_interval: Type.Union([Type.Literal('month'), Type.Literal('year')]) })),
    card: Nullable(
      Type.Object({
        setup_intent_id: Type.String(),
        confirmed: Type.Boolean(),
        brand: Nullable(Type.String()),
        last4: Nullable(Type.String()),
      }),
    ),
    refused_field: Nullable(
      Type.String({
        description:
          'The unique value the last completion lost to another signup or vendor (email, vendor_code, subdomain, extmarket_shop)',
      }),
    ),
    started_at: Type.String(),
    completed_at: Nullable(Type.String()),
    result: Nullable(Type.Object({ user_id: Type.Integer(), company_id: Type.Integer(), vendor_id: Type.Integer() })),
  },
  { $id: 'SignupResponse' },
);

/** The signup as the API answers it: what each step holds (never the password hash) and what comes next. */
export function signupView(s: LiveSignup): Static<typeof SignupResponse> {
  const a = s.account;
  return {
    signup_id: s.id,
    status: s.status,
    next_step: s.status === 'open' ? nextStep(s) : null,
    steps: SIGNUP_STEPS.map((step) => ({ step, done: stepDone(s, step) })),
    language: s.language,
    proposed_tier_code: s.proposed_tier,
    trial_days: TRIAL_DAYS,
    account: a && { email: a.email, first_name: a.first_name, last_name: a.last_name, language: a.language },
    company: s.company,
    shop: s.shop,
    vendor: s.vendor,
    tier: s.tier,
    card: s.card && {
      setup_intent_id: s.card.setup_intent_id,
      confirmed: s.card.confirmed !== null,
      brand: s.card.confirmed?.brand ?? null,
      last4: s.card.confirmed?.last4 ?? null,
    },
    refused_field: s.refused_field,
    started_at: s.started_at,
    completed_at: s.completed_at,
    result: s.status === 'completed' ? s.ids : null,
  };
}
