import type { Knex } from 'knex';
import { mailEnqueued } from './signal.ts';

/** A rendered mail (src/mail/templates.ts) on its way out, and the key that makes it happen once. */
export interface OutgoingMail {
  /** The idempotency key, derived from what caused the mail (for example the triggering event id). */
  key: string;
  to: string;
  template: string;
  language: string;
  vendor_id: number | null;
  subject: string;
  text: string;
  html: string;
  /** When the mail was requested (the service's clock): it is due at once. */
  at: Date;
}

/**
 * Records a mail for the delivery worker (src/workers/mailDelivery.ts). A second call with the
 * same key adds nothing, so a process manager that calls it with its checkpoint's transaction
 * (`ctx.trx`) enqueues the mail exactly once, however often its batch runs again. Sending happens
 * after the commit, outside any transaction: an SMTP outage delays the mail, never the caller.
 */
export async function enqueueMail(db: Knex | Knex.Transaction, mail: OutgoingMail): Promise<void> {
  await db('mail_outbox')
    .insert({
      key: mail.key,
      to: mail.to,
      template: mail.template,
      language: mail.language,
      vendor_id: mail.vendor_id,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      status: 'pending',
      attempts: 0,
      next_attempt_at: mail.at,
      created_at: mail.at,
    })
    .onConflict('key')
    .ignore();
  // The worker of this process looks at once, after the commit when there is a transaction
  // (before it, the row is invisible to the worker's connection).
  let trx = db as Partial<Knex.Transaction>;
  if (!trx.isTransaction || !trx.executionPromise) return mailEnqueued();
  while (trx.parentTransaction) trx = trx.parentTransaction;
  trx.executionPromise!.then(mailEnqueued, () => {});
}
