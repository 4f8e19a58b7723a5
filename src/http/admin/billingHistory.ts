import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { listBillingHistory } from '../../../queries/billing/billingHistory.ts';
import { findWebhookEvent, listWebhookEvents } from '../../../queries/billing/webhookEvents.ts';
import { pageRequest } from '../../core/pagination.ts';
import { WebhookEventNotFoundException } from '../../../commands/billing/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { processStripeEvent } from '../../workers/billing/processStripeEvent.ts';
import { Api } from '../api.ts';
import { Page } from '../responses.ts';
import { AdminBillingHistoryQuery, BillingHistoryEntry, StripeId, WebhookEvent, WebhookEventQuery } from '../schemas/billingWebhooks.ts';

const EventParams = Type.Object({ id: StripeId });

/**
 * SPEC.md 4.1 /subscriptions/billing/history, and the Stripe webhook inbox (docs/billing.md
 * "Webhooks"). Mounted by the billing module, before the subscriptions module's
 * /subscriptions/{vendor_id}.
 */
export function adminBillingHistoryRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;

  api.get(
    '/subscriptions/billing/history',
    {
      summary: "Every vendor's Stripe invoices, newest first; filters vendor_id, status (paid, failed), from/to (the billing period)",
      query: AdminBillingHistoryQuery,
      responses: { 200: Page(BillingHistoryEntry) },
    },
    async (ctx, { query }) => {
      ctx.body = await listBillingHistory(
        knex,
        { vendor_id: query.vendor_id, status: query.status, from: query.from, to: query.to },
        pageRequest(query),
      );
    },
  );

  api.get(
    '/subscriptions/billing/webhook-events',
    {
      summary: 'The Stripe webhook inbox, newest first; filters status (handled, ignored, superseded, failed, pending), type, vendor_id',
      query: WebhookEventQuery,
      responses: { 200: Page(WebhookEvent) },
    },
    async (ctx, { query }) => {
      ctx.body = await listWebhookEvents(knex, { status: query.status, type: query.type, vendor_id: query.vendor_id }, pageRequest(query));
    },
  );

  api.get(
    '/subscriptions/billing/webhook-events/:id',
    {
      summary: 'One stored Stripe webhook event, with its payload',
      params: EventParams,
      responses: { 200: WebhookEvent },
      errors: [WebhookEventNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await found(params.id);
    },
  );

  api.post(
    '/subscriptions/billing/webhook-events/:id/replay',
    {
      summary: 'Handle a stored Stripe event again (idempotent: what it recorded before is not recorded twice)',
      params: EventParams,
      responses: { 200: WebhookEvent },
      errors: [WebhookEventNotFoundException],
    },
    async (ctx, { params }) => {
      await found(params.id);
      await processStripeEvent(services, params.id);
      ctx.body = await found(params.id);
    },
  );

  async function found(id: string) {
    const event = await findWebhookEvent(knex, id);
    if (!event) throw new WebhookEventNotFoundException(`No Stripe webhook event ${id} is stored`, { id });
    return event;
  }

  return api.router;
}
