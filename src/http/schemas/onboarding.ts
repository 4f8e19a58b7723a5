import { Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, rowFields, Timestamp } from '../responses.ts';
import { VendorOnboardingRow } from '../../../projections/onboarding/vendorOnboarding.ts';

const Step = Type.Integer({ minimum: 1, maximum: 4 });

export const CompanyProfileBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    business_address: Type.String({ minLength: 5, maxLength: 500, pattern: '\\S' }),
    tax_number: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    contact_email: Type.String({ format: 'email', maxLength: 254 }),
    contact_phone: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    website: Type.Optional(Nullable(Type.String({ maxLength: 500, pattern: '^https?://\\S+$' }))),
  },
  { $id: 'OnboardingCompanyProfile', additionalProperties: false },
);

export const ExtmarketStepBody = Type.Object(
  {
    api_key: Type.String({ minLength: 8, maxLength: 500, pattern: '^\\S+$' }),
    api_endpoint: Type.Optional(Type.String({ minLength: 10, maxLength: 500, pattern: '^\\S+$' })),
  },
  { $id: 'OnboardingExtmarketStep', additionalProperties: false },
);

const CsvUrl = Type.String({ minLength: 10, maxLength: 1000, pattern: '^https?://\\S+$' });
export const ImportUrlsBody = Type.Object(
  { product_csv_url: CsvUrl, order_csv_url: CsvUrl },
  { $id: 'OnboardingImportUrls', additionalProperties: false },
);

export const StepParams = Type.Object({ step: Step });
export const VendorIdParams = Type.Object({ vendor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const SkipBody = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 500, pattern: '\\S' }) },
  { $id: 'OnboardingSkip', additionalProperties: false },
);

const HistoricalSync = Type.Object({
  job_id: Type.Integer(),
  status: Type.String({ description: 'running, failed or completed' }),
  error: Nullable(Type.String()),
  orders_read: Type.Integer(),
  orders_imported: Type.Integer(),
  /** The share done, against the orders the step 3 order CSV listed (null when it listed none). */
  percent: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  progress_message: Nullable(Type.String()),
});

export const OnboardingStatus = Type.Object(
  {
    ...rowFields(VendorOnboardingRow, ['vendor_id', 'status', 'started_at', 'completed_at']),
    next_step: Nullable(Step),
    next_step_name: Nullable(Type.String()),
    steps: Type.Array(Type.Object({ step: Step, name: Type.String(), done: Type.Boolean(), done_at: NullableTimestamp })),
    company_profile: Nullable(Type.Object({}, { additionalProperties: true })),
    extmarket: Nullable(
      Type.Object({
        api_endpoint: Type.String(),
        api_key_hint: Type.String(),
        shop_name: Nullable(Type.String()),
        tested_at: Timestamp,
      }),
    ),
    import_urls: Nullable(
      Type.Object({
        product_csv_url: Type.String(),
        order_csv_url: Type.String(),
        product_rows: Type.Integer(),
        order_rows: Type.Integer(),
        checked_at: Timestamp,
      }),
    ),
    historical_sync: Nullable(HistoricalSync),
    skipped: Nullable(Type.Object({ by: Type.String(), reason: Type.String(), at: Timestamp })),
  },
  { $id: 'OnboardingStatus' },
);

export const OnboardingStepData = Type.Object(
  {
    step: Step,
    name: Type.String(),
    done: Type.Boolean(),
    done_at: NullableTimestamp,
    is_next: Type.Boolean(),
    data: Nullable(Type.Object({}, { additionalProperties: true })),
  },
  { $id: 'OnboardingStepData' },
);
