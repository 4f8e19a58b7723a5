import { ONBOARDING_EVENT_TYPES, type OnboardingEvent } from '../../commands/onboarding/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const Text = Type.String();
const NullableText = Type.Union([Type.String(), Type.Null()]);

export const VendorOnboardingRow = readModel('vendor_onboarding', {
  vendor_id: column.int(),
  status: column.oneOf(['in_progress', 'completed', 'skipped']),
  /** The step (1 to 4) to do next; null while step 4's import runs and once the onboarding ended. */
  next_step: column.nullable(column.int()),
  /** Step 1 (commands/onboarding/events.ts CompanyProfile). */
  company_profile: column.nullable(
    column.json(
      Type.Object({
        name: Text,
        business_address: Text,
        tax_number: NullableText,
        contact_email: Text,
        contact_phone: NullableText,
        website: NullableText,
      }),
    ),
  ),
  /** Step 2 (ExtmarketConnection). */
  connection: column.nullable(
    column.json(Type.Object({ api_endpoint: Text, api_key_hint: Text, shop_name: NullableText, tested_at: Text })),
  ),
  /** Step 3 (ImportUrls). */
  import_urls: column.nullable(
    column.json(
      Type.Object({
        product_csv_url: Text,
        order_csv_url: Text,
        product_rows: Type.Integer(),
        order_rows: Type.Integer(),
        checked_at: Text,
      }),
    ),
  ),
  /** Step 4's import: the extmarket job, how it stands, why it failed. */
  sync_job_id: column.nullable(column.int()),
  sync_status: column.nullable(column.oneOf(['running', 'failed', 'completed'])),
  sync_error: column.nullable(column.text()),
  /** Step (1 to 4) → when it was committed (ISO text). */
  steps_done_at: column.json(Type.Record(Type.String(), Text)),
  started_at: column.time(),
  completed_at: column.nullable(column.time()),
  skipped_by: column.nullable(column.text()),
  skip_reason: column.nullable(column.text()),
  skipped_at: column.nullable(column.time()),
  updated_at: column.time(),
});
export type VendorOnboardingRow = RowOf<typeof VendorOnboardingRow>;

/** vendor_onboarding: where each onboarding stands (GET /vendor/onboarding, the admin's view, the gate's load). */
export const vendorOnboarding = rowProjection<JsonRow<VendorOnboardingRow>>({
  name: 'vendor_onboarding',
  eventTypes: ONBOARDING_EVENT_TYPES,
  readModel: VendorOnboardingRow,
  fold: {
    key: 'vendor_id',
    keyType: 'integer',
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
      const e = domainEvent<OnboardingEvent>(raw);
      const id = e.data.vendor_id;
      const at = e.data.at;
      if (e.type === 'OnboardingStarted') {
        if (rows.get(id)) return;
        rows.set(id, {
          vendor_id: id,
          status: 'in_progress',
          next_step: 1,
          company_profile: null,
          connection: null,
          import_urls: null,
          sync_job_id: null,
          sync_status: null,
          sync_error: null,
          steps_done_at: {},
          started_at: at,
          completed_at: null,
          skipped_by: null,
          skip_reason: null,
          skipped_at: null,
          updated_at: at,
        });
        return;
      }
      const row = rows.get(id);
      if (!row) return;
      row.updated_at = at;
      const done = (step: number) => {
        row.steps_done_at = { ...row.steps_done_at, [step]: at };
      };
      switch (e.type) {
        case 'OnboardingCompanyProfileSaved':
          row.company_profile = e.data.profile;
          row.next_step = 2;
          done(1);
          break;
        case 'OnboardingExtmarketConnected':
          row.connection = e.data.connection;
          row.next_step = 3;
          done(2);
          break;
        case 'OnboardingImportUrlsSaved':
          row.import_urls = e.data.urls;
          row.next_step = 4;
          done(3);
          break;
        case 'OnboardingHistoricalSyncStarted':
          row.next_step = null;
          row.sync_job_id = e.data.job_id;
          row.sync_status = 'running';
          row.sync_error = null;
          break;
        case 'OnboardingHistoricalSyncFailed':
          row.next_step = 4;
          row.sync_status = 'failed';
          row.sync_error = e.data.error;
          break;
        case 'OnboardingCompleted':
          row.status = 'completed';
          row.next_step = null;
          row.sync_status = 'completed';
          row.completed_at = at;
          done(4);
          break;
        case 'OnboardingSkipped':
          row.status = 'skipped';
          row.next_step = null;
          row.skipped_by = String(e.data.skipped_by);
          row.skip_reason = e.data.reason;
          row.skipped_at = at;
          break;
      }
    },
  },
});
