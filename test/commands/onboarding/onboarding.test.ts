import { expect } from 'chai';
import type { OnboardingEvent } from '../../../commands/onboarding/events.ts';
import {
  OnboardingAlreadyFinishedException,
  OnboardingNotFoundException,
  OnboardingStepOrderException,
} from '../../../commands/onboarding/errors.ts';
import { onboarding } from '../../../commands/onboarding/onboarding.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-29T10:00:00.000Z';
const vendor_id = 5;
const profile = {
  name: 'Shop',
  business_address: 'Rue 1, Luxembourg',
  tax_number: 'LU1',
  contact_email: 'a@shop.test',
  contact_phone: null,
  website: null,
};
const connection = { api_endpoint: 'https://extmarket.test/graphql', api_key_hint: '…1234', shop_name: 'Shop', tested_at: at };
const urls = {
  product_csv_url: 'https://feeds.test/p.csv',
  order_csv_url: 'https://feeds.test/o.csv',
  product_rows: 3,
  order_rows: 2,
  checked_at: at,
};

const started: OnboardingEvent = { type: 'OnboardingStarted', data: { vendor_id, at } };
const step1: OnboardingEvent = { type: 'OnboardingCompanyProfileSaved', data: { vendor_id, profile, at } };
const step2: OnboardingEvent = { type: 'OnboardingExtmarketConnected', data: { vendor_id, connection, at } };
const step3: OnboardingEvent = { type: 'OnboardingImportUrlsSaved', data: { vendor_id, urls, at } };
const step4: OnboardingEvent = { type: 'OnboardingHistoricalSyncStarted', data: { vendor_id, job_id: 9, at } };
const completed: OnboardingEvent = { type: 'OnboardingCompleted', data: { vendor_id, job_id: 9, orders_imported: 4, at } };

describe('onboarding aggregate (SPEC.md part 3: steps 1 to 4 in order)', () => {
  it('starts once for a vendor opened through signup; a repeated start changes nothing', () => {
    given(onboarding, []).when({ type: 'StartOnboarding', data: { vendor_id, at } }).then([started]);
    given(onboarding, [started]).when({ type: 'StartOnboarding', data: { vendor_id, at } }).then([]);
  });

  it('refuses every step of a vendor without onboarding', () => {
    given(onboarding, [])
      .when({ type: 'CommitOnboardingStep', data: { step: 1, profile, at } })
      .thenThrows(OnboardingNotFoundException);
  });

  context('committing the steps in order', () => {
    it('step 1 saves the company profile and step 2 comes next', () => {
      const g = given(onboarding, [started]);
      g.when({ type: 'CommitOnboardingStep', data: { step: 1, profile, at } }).then([step1]);
      expect(given(onboarding, [started, step1]).state).to.include({ status: 'in_progress', next_step: 2 });
    });
    it("step 2 keeps the connection test's result and time", () => {
      given(onboarding, [started, step1])
        .when({ type: 'CommitOnboardingStep', data: { step: 2, connection, at } })
        .then([step2]);
      expect(given(onboarding, [started, step1, step2]).state).to.deep.include({ next_step: 3, connection });
    });
    it('step 3 keeps the checked CSV URLs', () => {
      given(onboarding, [started, step1, step2])
        .when({ type: 'CommitOnboardingStep', data: { step: 3, urls, at } })
        .then([step3]);
    });
    it('step 4 starts the historical import; while it runs no step can be committed', () => {
      given(onboarding, [started, step1, step2, step3])
        .when({ type: 'CommitOnboardingStep', data: { step: 4, job_id: 9, at } })
        .then([step4]);
      const refused = given(onboarding, [started, step1, step2, step3, step4])
        .when({ type: 'CommitOnboardingStep', data: { step: 4, job_id: 10, at } })
        .thenThrows(OnboardingStepOrderException, /running/);
      expect(refused.extra).to.include({ sent_step: 4, next_step: null });
    });
    it("the end of step 4's import completes the onboarding", () => {
      given(onboarding, [started, step1, step2, step3, step4])
        .when({ type: 'FinishHistoricalSync', data: { job_id: 9, ok: true, orders_imported: 4, error: null, at } })
        .then([completed]);
      expect(given(onboarding, [started, step1, step2, step3, step4, completed]).state.status).to.equal('completed');
    });
    it('a failed import sends the vendor back to step 4, which may be started again', () => {
      const failed: OnboardingEvent = { type: 'OnboardingHistoricalSyncFailed', data: { vendor_id, job_id: 9, error: 'unreachable', at } };
      given(onboarding, [started, step1, step2, step3, step4])
        .when({ type: 'FinishHistoricalSync', data: { job_id: 9, ok: false, orders_imported: 0, error: 'unreachable', at } })
        .then([failed]);
      given(onboarding, [started, step1, step2, step3, step4, failed])
        .when({ type: 'CommitOnboardingStep', data: { step: 4, job_id: 10, at } })
        .then([{ type: 'OnboardingHistoricalSyncStarted', data: { vendor_id, job_id: 10, at } }]);
    });
    it('the end of another job, or a repeated report, changes nothing', () => {
      given(onboarding, [started, step1, step2, step3, step4])
        .when({ type: 'FinishHistoricalSync', data: { job_id: 8, ok: true, orders_imported: 1, error: null, at } })
        .then([]);
      given(onboarding, [started, step1, step2, step3, step4, completed])
        .when({ type: 'FinishHistoricalSync', data: { job_id: 9, ok: true, orders_imported: 4, error: null, at } })
        .then([]);
    });
  });

  context('refused moves name the next step', () => {
    it('a step ahead of the next one', () => {
      const refused = given(onboarding, [started])
        .when({ type: 'CommitOnboardingStep', data: { step: 3, urls, at } })
        .thenThrows(OnboardingStepOrderException, /step 1 \(company_profile\) comes next/);
      expect(refused.status).to.equal(409);
      expect(refused.extra).to.include({ sent_step: 3, next_step: 1, next_step_name: 'company_profile' });
    });
    it('a step already done', () => {
      given(onboarding, [started, step1, step2])
        .when({ type: 'CommitOnboardingStep', data: { step: 1, profile, at } })
        .thenThrows(OnboardingStepOrderException, /step 3 \(import_urls\)/);
    });
    it('any step once the onboarding is completed or skipped', () => {
      given(onboarding, [started, step1, step2, step3, step4, completed])
        .when({ type: 'CommitOnboardingStep', data: { step: 1, profile, at } })
        .thenThrows(OnboardingAlreadyFinishedException, /completed/);
      const skipped: OnboardingEvent = {
        type: 'OnboardingSkipped',
        data: { vendor_id, skipped_by: 1, reason: 'migrated', skipped_at_step: 1, at },
      };
      given(onboarding, [started, skipped])
        .when({ type: 'SkipOnboarding', data: { skipped_by: 1, reason: 'again', at } })
        .thenThrows(OnboardingAlreadyFinishedException, /skipped/);
    });
  });

  it('an admin skips an unfinished onboarding, recording who, when, why and at which step', () => {
    given(onboarding, [started, step1])
      .when({ type: 'SkipOnboarding', data: { skipped_by: 1, reason: 'Moved from the old platform', at } })
      .then([
        { type: 'OnboardingSkipped', data: { vendor_id, skipped_by: 1, reason: 'Moved from the old platform', skipped_at_step: 2, at } },
      ]);
  });
});
