import { Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, rowFields, Timestamp } from '../responses.ts';
import { BillingHistoryRow } from '../../../projections/billing/billingHistory.ts';
import { Id, PageQuery } from '../validation.ts';

/** A Stripe id (evt_…, in_…): letters, digits and underscores. */
export const StripeId = Type.String({ minLength: 3, maxLength: 255, pattern: '^[A-Za-z0-9_]+$' });

export const InboxOutcome = Type.Union([Type.Literal('handled'), Type.Literal('ignored'), Type.Literal('superseded')], {
  $id: 'InboxOutcome',
});

/** What the webhook answers Stripe: the event is stored (and, unless `duplicate`, handled or failed). */
export const WebhookReceipt = Type.Object(
  {
    id: Type.String(),
    type: Type.String(),
    duplicate: Type.Boolean({ description: 'The id was received before; nothing was handled again' }),
    outcome: Nullable(InboxOutcome),
    error: Nullable(Type.String({ description: 'Why the handling failed; the event stays stored for a retry' })),
  },
  { $id: 'WebhookReceipt' },
);

export const WebhookEvent = Type.Object(
  {
    id: Type.String(),
    type: Type.String(),
    vendor_id: Nullable(Type.Integer()),
    stripe_created: Timestamp,
    received_at: Timestamp,
    handled_at: NullableTimestamp,
    outcome: Nullable(InboxOutcome),
    attempts: Type.Integer({ minimum: 0 }),
    error: Nullable(Type.String()),
    payload: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { $id: 'WebhookEvent' },
);

export const WebhookEventQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Union([
        Type.Literal('handled'),
        Type.Literal('ignored'),
        Type.Literal('superseded'),
        Type.Literal('failed'),
        Type.Literal('pending'),
      ]),
    ),
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    vendor_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);

export const BillingHistoryEntry = Type.Object(
  rowFields(BillingHistoryRow, [
    'invoice_id',
    'vendor_id',
    'number',
    'status',
    'amount_cents',
    'currency',
    'period_start',
    'period_end',
    'invoice_pdf',
    'hosted_invoice_url',
    'attempt_count',
    'paid_at',
    'failed_at',
    'created_at',
  ]),
  { $id: 'BillingHistoryEntry' },
);

const HistoryFilters = {
  ...PageQuery,
  status: Type.Optional(Type.Union([Type.Literal('paid'), Type.Literal('failed')])),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Invoices whose period ends after this time' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Invoices whose period starts before this time' })),
};
export const VendorBillingHistoryQuery = Type.Object(HistoryFilters, { additionalProperties: false });
export const AdminBillingHistoryQuery = Type.Object({ ...HistoryFilters, vendor_id: Type.Optional(Id) }, { additionalProperties: false });
