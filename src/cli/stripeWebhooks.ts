import '../modules/index.ts';
import { processStripeEvent, retryFailedStripeEvents } from '../modules/billing.ts';
import { cliServices, fail, helpWanted, parseArgs } from './context.ts';

const USAGE = `npm run stripe-webhooks -- replay <event id> | retry-failed\n  Handles a stored Stripe webhook event again, or every stored event whose handling failed (idempotent).`;
helpWanted(USAGE);

/**
 * npm run stripe-webhooks -- replay <event id>   handles a stored Stripe event again (idempotent)
 * npm run stripe-webhooks -- retry-failed         tries again every stored event whose handling failed
 * The same as the admin route POST /api/v1/admin/subscriptions/billing/webhook-events/{id}/replay
 * and the sync task's retry (docs/billing.md "Webhooks").
 */
const { words } = parseArgs(process.argv.slice(2));
const [command, id] = words;
if (command !== 'replay' && command !== 'retry-failed') fail('usage: stripe-webhooks replay <event id> | retry-failed');
if (command === 'replay' && !id) fail('usage: stripe-webhooks replay <event id>');

const services = await cliServices(
  'POST /api/v1/admin/subscriptions/billing/webhook-events/<id>/replay handles one again, and the billing sync task retries the failed ones',
);
try {
  if (command === 'replay') {
    const row = await processStripeEvent(services, id, { settle: false });
    if (!row) fail(`no Stripe event ${id} is stored`);
    console.log(JSON.stringify({ id: row.id, type: row.type, outcome: row.outcome, attempts: row.attempts, error: row.error }));
  } else {
    console.log(`${await retryFailedStripeEvents(services, { settle: false })} event(s) tried again`);
  }
} finally {
  await services.close();
}
