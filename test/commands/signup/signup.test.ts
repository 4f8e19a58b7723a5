import { expect } from 'chai';
import type { SignupEvent } from '../../../commands/signup/events.ts';
import { SignupCardNotConfirmedException, SignupNotFoundException, SignupStepOrderException } from '../../../commands/signup/errors.ts';
import { nextStep, signup, type LiveSignup } from '../../../commands/signup/signup.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-29T10:00:00.000Z';
const signup_id = 'AAAAAAAAAAAAAAAAAAAAAA';
const account = { email: 'owner@shop.test', password_hash: '$argon2id$hash', first_name: 'Ada', last_name: null, language: 'fr' as const };
const company = { name: 'Shop S.A.', business_address: '1 Rue, Luxembourg', tax_number: null, contact_phone: null, website: null };
const shop = { extmarket_vendor_id: 'mk-7', extmarket_vendor_slug: 'shop', name: 'Shop on the marketplace' };
const vendor = { vendor_code: 'SHOP', name: 'Shop' };
const tier = { tier_code: 'professional', billing_interval: 'month' as const };
const ids = { user_id: 3, company_id: 4, vendor_id: 5 };

const started: SignupEvent = { type: 'SignupStarted', data: { signup_id, tier_code: 'professional', language: 'fr', at } };
const accountGiven: SignupEvent = { type: 'SignupAccountGiven', data: { signup_id, account, at } };
const companyGiven: SignupEvent = { type: 'SignupCompanyGiven', data: { signup_id, company, at } };
const shopClaimed: SignupEvent = { type: 'SignupShopClaimed', data: { signup_id, shop, at } };
const vendorGiven: SignupEvent = { type: 'SignupVendorGiven', data: { signup_id, vendor, at } };
const tierChosen: SignupEvent = { type: 'SignupTierChosen', data: { signup_id, tier, at } };
const setupOpened: SignupEvent = {
  type: 'SignupCardSetupOpened',
  data: { signup_id, stripe_customer_id: 'cus_1', setup_intent_id: 'seti_1', at },
};
const cardConfirmed: SignupEvent = {
  type: 'SignupCardConfirmed',
  data: { signup_id, payment_method_id: 'pm_1', brand: 'visa', last4: '4242', at },
};
const begun: SignupEvent = { type: 'SignupCompletionBegun', data: { signup_id, ids, at } };
const completed: SignupEvent = { type: 'SignupCompleted', data: { signup_id, result: ids, at } };
const ready = [started, accountGiven, companyGiven, vendorGiven, tierChosen, setupOpened, cardConfirmed];

describe('signup aggregate (SPEC.md 4.4: account, company, vendor, tier, card, then completion)', () => {
  it('begins once, remembering the tier picked on the pricing page and the language', () => {
    given(signup, [])
      .when({ type: 'StartSignup', data: { signup_id, tier_code: 'professional', language: 'fr', at } })
      .then([started]);
    given(signup, [started])
      .when({ type: 'StartSignup', data: { signup_id, tier_code: null, language: 'en', at } })
      .thenThrows(InvalidTransitionException);
  });

  it('refuses a step of a signup that never began', () => {
    given(signup, []).when({ type: 'GiveAccount', data: { account, at } }).thenThrows(SignupNotFoundException);
  });

  it('takes the steps in order, each once the steps before it are given', () => {
    given(signup, [started]).when({ type: 'GiveAccount', data: { account, at } }).then([accountGiven]);
    given(signup, [started, accountGiven]).when({ type: 'GiveCompany', data: { company, at } }).then([companyGiven]);
    given(signup, [started, accountGiven, companyGiven]).when({ type: 'GiveVendor', data: { vendor, at } }).then([vendorGiven]);
    given(signup, [started, accountGiven, companyGiven, vendorGiven]).when({ type: 'ChooseTier', data: { tier, at } }).then([tierChosen]);
    given(signup, [started, accountGiven, companyGiven, vendorGiven, tierChosen])
      .when({ type: 'OpenCardSetup', data: { stripe_customer_id: 'cus_1', setup_intent_id: 'seti_1', at } })
      .then([setupOpened]);
    given(signup, ready.slice(0, 6))
      .when({ type: 'ConfirmCard', data: { setup_intent_id: 'seti_1', payment_method_id: 'pm_1', brand: 'visa', last4: '4242', at } })
      .then([cardConfirmed]);
  });

  it('refuses a step sent before the ones it follows, naming the step that comes first', () => {
    const err = given(signup, [started])
      .when({ type: 'GiveVendor', data: { vendor, at } })
      .thenThrows(SignupStepOrderException, /account step comes first/);
    expect(err.extra).to.deep.equal({ sent_step: 'vendor', next_step: 'account' });
    given(signup, [started, accountGiven])
      .when({ type: 'ChooseTier', data: { tier, at } })
      .thenThrows(SignupStepOrderException, /company/);
    given(signup, [started, accountGiven, companyGiven, vendorGiven])
      .when({ type: 'OpenCardSetup', data: { stripe_customer_id: 'cus_1', setup_intent_id: 'seti_1', at } })
      .thenThrows(SignupStepOrderException, /tier/);
  });

  it('lets a visitor come back and change a step already given', () => {
    const changed = { ...company, name: 'Other S.A.' };
    given(signup, ready)
      .when({ type: 'GiveCompany', data: { company: changed, at } })
      .then([{ type: 'SignupCompanyGiven', data: { signup_id, company: changed, at } }]);
  });

  it('claims the extmarket shop as part of the vendor step; the same shop twice is nothing new', () => {
    given(signup, [started, accountGiven])
      .when({ type: 'ClaimShop', data: { shop, at } })
      .thenThrows(SignupStepOrderException, /company/);
    given(signup, [started, accountGiven, companyGiven]).when({ type: 'ClaimShop', data: { shop, at } }).then([shopClaimed]);
    given(signup, [started, accountGiven, companyGiven, shopClaimed]).when({ type: 'ClaimShop', data: { shop, at } }).then([]);
  });

  it('keeps the card only for the SetupIntent it opened', () => {
    given(signup, ready.slice(0, 6))
      .when({ type: 'ConfirmCard', data: { setup_intent_id: 'seti_other', payment_method_id: 'pm_1', brand: null, last4: null, at } })
      .thenThrows(SignupCardNotConfirmedException);
  });

  it('completes only with every step given: the card confirmed, not merely opened', () => {
    given(signup, ready.slice(0, 6))
      .when({ type: 'BeginCompletion', data: { ids, at } })
      .thenThrows(SignupStepOrderException, /card step comes first/);
    given(signup, ready).when({ type: 'BeginCompletion', data: { ids, at } }).then([begun]);
    given(signup, [...ready, begun])
      .when({ type: 'FinishCompletion', data: { at } })
      .then([completed]);
  });

  it('begins completion once: a repeated or concurrent completion continues with the ids recorded first', () => {
    given(signup, [...ready, begun])
      .when({ type: 'BeginCompletion', data: { ids: { user_id: 8, company_id: 9, vendor_id: 10 }, at } })
      .then([]);
    const { state } = given(signup, [...ready, begun]);
    expect((state as LiveSignup).ids).to.deep.equal(ids);
  });

  it('answers a completed signup from its state: completing it again changes nothing, and no step can change it', () => {
    given(signup, [...ready, begun, completed])
      .when({ type: 'BeginCompletion', data: { ids, at } })
      .then([]);
    given(signup, [...ready, begun, completed])
      .when({ type: 'FinishCompletion', data: { at } })
      .then([]);
    given(signup, [...ready, begun, completed])
      .when({ type: 'GiveAccount', data: { account, at } })
      .thenThrows(InvalidTransitionException, /completed/);
  });

  it('goes back to open when completion lost a unique value, naming it until a step is given again', () => {
    const refused: SignupEvent = { type: 'SignupCompletionRefused', data: { signup_id, field: 'vendor_code', at } };
    given(signup, [...ready, begun])
      .when({ type: 'RefuseCompletion', data: { field: 'vendor_code', at } })
      .then([refused]);
    const back = given(signup, [...ready, begun, refused]).state as LiveSignup;
    expect([back.status, back.ids, back.refused_field]).to.deep.equal(['open', null, 'vendor_code']);
    const renamed = given(signup, [
      ...ready,
      begun,
      refused,
      { type: 'SignupVendorGiven', data: { signup_id, vendor: { vendor_code: 'SHOP2', name: 'Shop' }, at } },
    ]).state as LiveSignup;
    expect([renamed.refused_field, nextStep(renamed)]).to.deep.equal([null, null]);
    given(signup, ready)
      .when({ type: 'RefuseCompletion', data: { field: 'email', at } })
      .thenThrows(InvalidTransitionException);
  });

  it('names the next step from what is given', () => {
    expect(nextStep(given(signup, [started]).state as LiveSignup)).to.equal('account');
    expect(nextStep(given(signup, ready.slice(0, 6)).state as LiveSignup)).to.equal('card');
    expect(nextStep(given(signup, ready).state as LiveSignup)).to.equal(null);
  });
});
