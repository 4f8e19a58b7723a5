import {
  ImportUrlRefusedException,
  OnboardingConnectionFailedException,
  OnboardingNotFoundException,
} from '../../commands/onboarding/errors.ts';
import { ONBOARDING_STEPS, STEP_NAMES, type CompanyProfile, type OnboardingStep } from '../../commands/onboarding/events.ts';
import { commitOnboardingStep, loadOnboarding } from '../../commands/onboarding/handlers.ts';
import { checkNextStep } from '../../commands/onboarding/onboarding.ts';
import { getOnboarding } from '../../queries/onboarding/getOnboarding.ts';
import { guardedFetchText, UrlRefusedError } from '../adapters/guardedFetch.ts';
import type { CommandContext } from '../runtime/commandHandler.ts';
import type { Services } from '../runtime/services.ts';
import { getSyncJob, requestExtmarketSync, requireCredentials, saveCredentials, testConnection } from '../modules/extmarket.ts';
import { changeVendorProfile } from '../modules/vendors.ts';

/**
 * What each onboarding step does before it is committed (SPEC.md part 3): step 1 writes the
 * vendor's profile, step 2 stores the extmarket key and makes a real connection test, step 3
 * fetches both CSV feeds through the guarded fetch (src/adapters/guardedFetch.ts), step 4 queues
 * the extmarket's historical import. The step's order is checked on the stream first, so a step
 * out of order has no side effect; the commit itself checks it again (a race loses with a 409).
 */
async function expect(services: Services, vendorId: number, step: OnboardingStep) {
  checkNextStep(await loadOnboarding(services.store, vendorId), step);
}

const now = (services: Services) => services.clock.now().toISOString();

export async function saveCompanyProfile(services: Services, vendorId: number, profile: CompanyProfile, ctx: CommandContext) {
  await expect(services, vendorId, 1);
  const clean = {
    ...profile,
    tax_number: profile.tax_number?.trim() || null,
    contact_phone: profile.contact_phone?.trim() || null,
    website: profile.website?.trim() || null,
  };
  const done = await changeVendorProfile({ store: services.store, db: services.db.knex, clock: services.clock }, vendorId, clean, ctx);
  done.push(await commitOnboardingStep(services.store, vendorId, { step: 1, profile: clean, at: now(services) }, ctx));
  await services.settle(done);
}

export async function connectExtmarket(
  services: Services,
  vendorId: number,
  body: { api_key: string; api_endpoint?: string },
  ctx: CommandContext,
) {
  await expect(services, vendorId, 2);
  const saved = await saveCredentials(services, vendorId, body, ctx);
  const test = await testConnection(services, vendorId, ctx);
  if (!test.success) {
    throw new OnboardingConnectionFailedException(`The extmarket did not accept the connection: ${test.error ?? 'no answer'}`, {
      connection_test: { success: false, error: test.error, tested_at: now(services) },
      next_step: 2,
      next_step_name: 'extmarket_api',
    });
  }
  await services.settle([
    await commitOnboardingStep(
      services.store,
      vendorId,
      {
        step: 2,
        connection: {
          api_endpoint: saved.api_endpoint!,
          api_key_hint: saved.api_key_hint!,
          shop_name: test.vendor_name,
          tested_at: now(services),
        },
        at: now(services),
      },
      ctx,
    ),
  ]);
}

/** Data rows of a CSV text whose header names at least two columns; a refusal otherwise. */
function csvRows(text: string, field: string): number {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines[0] ?? '';
  if (header.split(/[,;\t]/).length < 2) {
    throw new ImportUrlRefusedException('The CSV feed is not usable', [
      { pointer: `/body/${field}`, message: 'does not answer a CSV file with a header row' },
    ]);
  }
  return lines.length - 1;
}

export async function checkImportUrls(
  services: Services,
  vendorId: number,
  body: { product_csv_url: string; order_csv_url: string },
  ctx: CommandContext,
) {
  await expect(services, vendorId, 3);
  const options = {
    allowHttp: !services.config.production,
    production: services.config.production,
    allowedHosts: services.config.importUrlAllowedHosts,
    maxBytes: 20 * 1024 * 1024,
    timeoutMs: 15_000,
  };
  const rows: Record<string, number> = {};
  for (const field of ['product_csv_url', 'order_csv_url'] as const) {
    try {
      rows[field] = csvRows((await guardedFetchText(body[field], options)).text, field);
    } catch (err) {
      if (!(err instanceof UrlRefusedError)) throw err;
      throw new ImportUrlRefusedException(`The ${field === 'product_csv_url' ? 'product' : 'order'} CSV URL was not fetched`, [
        { pointer: `/body/${field}`, message: err.message },
      ]);
    }
  }
  await services.settle([
    await commitOnboardingStep(
      services.store,
      vendorId,
      {
        step: 3,
        urls: { ...body, product_rows: rows.product_csv_url, order_rows: rows.order_csv_url, checked_at: now(services) },
        at: now(services),
      },
      ctx,
    ),
  ]);
}

export async function startHistoricalSync(services: Services, vendorId: number, ctx: CommandContext) {
  await expect(services, vendorId, 4);
  await requireCredentials(services, vendorId);
  const { jobId, done } = await requestExtmarketSync(
    { store: services.store, db: services.db.knex, clock: services.clock },
    vendorId,
    'historical_import',
    'onboarding',
    ctx,
  );
  await services.settle([done, await commitOnboardingStep(services.store, vendorId, { step: 4, job_id: jobId, at: now(services) }, ctx)]);
}

/** The onboarding status with step 4's job as far as it has come (percent against the orders the step 3 CSV listed). */
export async function onboardingStatus(services: Services, vendorId: number) {
  const row = await getOnboarding(services.db.knex, vendorId);
  if (!row) throw new OnboardingNotFoundException('This vendor has no onboarding: it existed before onboarding, nothing is blocked');
  const { steps_done_at, ...rest } = row;
  const status = {
    ...rest,
    next_step_name: row.next_step === null ? null : STEP_NAMES[row.next_step as OnboardingStep],
    steps: ONBOARDING_STEPS.map((step) => ({
      step,
      name: STEP_NAMES[step],
      done: steps_done_at[step - 1] !== null,
      done_at: steps_done_at[step - 1],
    })),
  };
  const sync = status.historical_sync;
  if (!sync) return { ...status, historical_sync: null };
  const job = await getSyncJob(services.db.knex, sync.job_id, vendorId).catch(() => null);
  const read = job?.files_processed ?? 0;
  const expected = status.import_urls?.order_rows ?? 0;
  const finished = sync.status === 'completed';
  return {
    ...status,
    historical_sync: {
      ...sync,
      orders_read: read,
      orders_imported: job?.orders_imported ?? 0,
      progress_message: job?.progress_message ?? null,
      percent: finished ? 100 : expected > 0 ? Math.min(99, Math.floor((read / expected) * 100)) : null,
    },
  };
}
