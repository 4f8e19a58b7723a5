import { assertNever, type Decider } from '../../src/core/decider.ts';
import { checkTransition, type TransitionTable } from '../../src/core/transitions.ts';
import { SignupCardNotConfirmedException, SignupNotFoundException, SignupStepOrderException } from './errors.ts';
import {
  SIGNUP_STEPS,
  type ExtmarketShop,
  type Language,
  type SignupAccount,
  type SignupCompany,
  type SignupEvent,
  type SignupResult,
  type SignupStep,
  type SignupTier,
  type SignupVendor,
} from './events.ts';

/** The card as the signup knows it: the SetupIntent opened, and what Stripe confirmed. */
export interface SignupCard {
  stripe_customer_id: string;
  setup_intent_id: string;
  confirmed: { payment_method_id: string; brand: string | null; last4: string | null } | null;
}

export type SignupStatus = 'none' | 'open' | 'completing' | 'completed';

export interface LiveSignup {
  status: 'open' | 'completing' | 'completed';
  id: string;
  language: Language;
  /** The tier the visitor came from the pricing page with, if any. */
  proposed_tier: string | null;
  started_at: string;
  account: SignupAccount | null;
  company: SignupCompany | null;
  shop: ExtmarketShop | null;
  vendor: SignupVendor | null;
  tier: SignupTier | null;
  card: SignupCard | null;
  /** The ids completion uses (from SignupCompletionBegun), then what it opened. */
  ids: SignupResult | null;
  /** The unique value the last completion lost, until a step is given again. */
  refused_field: string | null;
  completed_at: string | null;
}

export type SignupState = { status: 'none' } | LiveSignup;

export type SignupCommand =
  | { type: 'StartSignup'; data: { signup_id: string; tier_code: string | null; language: Language; at: string } }
  | { type: 'GiveAccount'; data: { account: SignupAccount; at: string } }
  | { type: 'GiveCompany'; data: { company: SignupCompany; at: string } }
  | { type: 'ClaimShop'; data: { shop: ExtmarketShop; at: string } }
  | { type: 'GiveVendor'; data: { vendor: SignupVendor; at: string } }
  | { type: 'ChooseTier'; data: { tier: SignupTier; at: string } }
  | { type: 'OpenCardSetup'; data: { stripe_customer_id: string; setup_intent_id: string; at: string } }
  | {
      type: 'ConfirmCard';
      data: { setup_intent_id: string; payment_method_id: string; brand: string | null; last4: string | null; at: string };
    }
  | { type: 'BeginCompletion'; data: { ids: SignupResult; at: string } }
  | { type: 'RefuseCompletion'; data: { field: string; at: string } }
  | { type: 'FinishCompletion'; data: { at: string } };

type SignupAction = 'start' | 'give_step' | 'begin_completion' | 'refuse_completion' | 'finish_completion';

/**
 * The signup's lifecycle as data: steps are given (and given again) while it is open; completion
 * moves it to completing with its ids, then to completed, or back to open when a unique value was
 * lost. A repeated completion is no move at all (answered from the state).
 */
export const SIGNUP_TRANSITIONS: TransitionTable<SignupStatus, SignupAction> = {
  start: { from: ['none'], to: 'open' },
  give_step: { from: ['open'], to: 'open' },
  begin_completion: { from: ['open', 'completing', 'completed'], to: 'completing' },
  refuse_completion: { from: ['completing'], to: 'open' },
  finish_completion: { from: ['completing', 'completed'], to: 'completed' },
};

/** Whether a step was given (the card: confirmed by Stripe). */
export function stepDone(s: LiveSignup, step: SignupStep): boolean {
  switch (step) {
    case 'account':
      return s.account !== null;
    case 'company':
      return s.company !== null;
    case 'vendor':
      return s.vendor !== null;
    case 'tier':
      return s.tier !== null;
    case 'card':
      return s.card?.confirmed != null;
  }
}

/** The first step not given yet, or null when completion may run. */
export function nextStep(s: LiveSignup): SignupStep | null {
  return SIGNUP_STEPS.find((step) => !stepDone(s, step)) ?? null;
}

function live(state: SignupState, action: SignupAction): LiveSignup {
  if (state.status === 'none' && action !== 'start') throw new SignupNotFoundException('Signup not found');
  checkTransition('Signup', SIGNUP_TRANSITIONS, action, state.status);
  return state as LiveSignup;
}

/** A step may be given once the steps before it are (SPEC.md 4.4: a multi-step signup). */
function open(state: SignupState, step: SignupStep | 'complete'): LiveSignup {
  const s = live(state, step === 'complete' ? 'begin_completion' : 'give_step');
  const before = step === 'complete' ? SIGNUP_STEPS : SIGNUP_STEPS.slice(0, SIGNUP_STEPS.indexOf(step));
  const missing = before.find((b) => !stepDone(s, b));
  if (missing) throw new SignupStepOrderException(step, missing);
  return s;
}

export function decideSignup(command: SignupCommand, state: SignupState): SignupEvent[] {
  switch (command.type) {
    case 'StartSignup':
      live(state, 'start');
      return [{ type: 'SignupStarted', data: command.data }];
    case 'GiveAccount': {
      const s = open(state, 'account');
      return [{ type: 'SignupAccountGiven', data: { signup_id: s.id, ...command.data } }];
    }
    case 'GiveCompany': {
      const s = open(state, 'company');
      return [{ type: 'SignupCompanyGiven', data: { signup_id: s.id, ...command.data } }];
    }
    case 'ClaimShop': {
      // The shop is part of the vendor step: it may be claimed once the steps before the vendor are given.
      const s = open(state, 'vendor');
      if (s.shop?.extmarket_vendor_id === command.data.shop.extmarket_vendor_id) return [];
      return [{ type: 'SignupShopClaimed', data: { signup_id: s.id, ...command.data } }];
    }
    case 'GiveVendor': {
      const s = open(state, 'vendor');
      return [{ type: 'SignupVendorGiven', data: { signup_id: s.id, ...command.data } }];
    }
    case 'ChooseTier': {
      const s = open(state, 'tier');
      return [{ type: 'SignupTierChosen', data: { signup_id: s.id, ...command.data } }];
    }
    case 'OpenCardSetup': {
      const s = open(state, 'card');
      return [{ type: 'SignupCardSetupOpened', data: { signup_id: s.id, ...command.data } }];
    }
    case 'ConfirmCard': {
      const s = open(state, 'card');
      if (s.card?.setup_intent_id !== command.data.setup_intent_id) {
        throw new SignupCardNotConfirmedException("This SetupIntent is not the signup's: open the card step again", {
          setup_intent_id: command.data.setup_intent_id,
        });
      }
      if (s.card.confirmed?.payment_method_id === command.data.payment_method_id) return [];
      const { setup_intent_id: _id, ...data } = command.data;
      return [{ type: 'SignupCardConfirmed', data: { signup_id: s.id, ...data } }];
    }
    case 'BeginCompletion': {
      if (state.status === 'completing' || state.status === 'completed') return [];
      const s = open(state, 'complete');
      return [{ type: 'SignupCompletionBegun', data: { signup_id: s.id, ...command.data } }];
    }
    case 'RefuseCompletion': {
      const s = live(state, 'refuse_completion');
      return [{ type: 'SignupCompletionRefused', data: { signup_id: s.id, ...command.data } }];
    }
    case 'FinishCompletion': {
      const s = live(state, 'finish_completion');
      if (s.status === 'completed') return [];
      return [{ type: 'SignupCompleted', data: { signup_id: s.id, result: s.ids!, at: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolveSignup(state: SignupState, event: SignupEvent): SignupState {
  if (event.type === 'SignupStarted') {
    const d = event.data;
    return {
      status: 'open',
      id: d.signup_id,
      language: d.language,
      proposed_tier: d.tier_code,
      started_at: d.at,
      account: null,
      company: null,
      shop: null,
      vendor: null,
      tier: null,
      card: null,
      ids: null,
      refused_field: null,
      completed_at: null,
    };
  }
  if (state.status === 'none') return state;
  const given = { ...state, refused_field: null };
  switch (event.type) {
    case 'SignupAccountGiven':
      return { ...given, account: event.data.account };
    case 'SignupCompanyGiven':
      return { ...given, company: event.data.company };
    case 'SignupShopClaimed':
      return { ...given, shop: event.data.shop };
    case 'SignupVendorGiven':
      return { ...given, vendor: event.data.vendor };
    case 'SignupTierChosen':
      return { ...given, tier: event.data.tier };
    case 'SignupCardSetupOpened': {
      const { stripe_customer_id, setup_intent_id } = event.data;
      return { ...given, card: { stripe_customer_id, setup_intent_id, confirmed: null } };
    }
    case 'SignupCardConfirmed': {
      const { payment_method_id, brand, last4 } = event.data;
      return state.card ? { ...given, card: { ...state.card, confirmed: { payment_method_id, brand, last4 } } } : state;
    }
    case 'SignupCompletionBegun':
      return { ...state, status: 'completing', ids: event.data.ids };
    case 'SignupCompletionRefused':
      return { ...state, status: 'open', ids: null, refused_field: event.data.field };
    case 'SignupCompleted':
      return { ...state, status: 'completed', ids: event.data.result, completed_at: event.data.at };
    default:
      return assertNever(event);
  }
}

export const signup: Decider<SignupState, SignupCommand, SignupEvent> = {
  aggregate: 'signup',
  initialState: () => ({ status: 'none' }),
  evolve: evolveSignup,
  decide: decideSignup,
};
