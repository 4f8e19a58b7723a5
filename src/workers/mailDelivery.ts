import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../core/clock.ts';
import { onMailEnqueued } from '../mail/signal.ts';
import { createMailTransport, messageIdFor, smtpErrorText, type MailTransport } from '../mail/smtp.ts';

export interface MailDeliveryOptions {
  knex: Knex;
  clock: Clock;
  logger: Logger;
  /** SMTP_URL; absent = nothing is sent, mails wait in the outbox. */
  smtpUrl?: string;
  /** MAIL_FROM. */
  from: string;
  /** How often the outbox is read for mails enqueued elsewhere or due again (default 500 ms). */
  pollMs?: number;
  /** Mails claimed at once (default 10). */
  batchSize?: number;
  /** Failed attempts after which a mail is given up as failed (default 10). */
  maxAttempts?: number;
}

/** First retry after 2 minutes, doubling up to 6 hours: ten attempts span some 14 hours of outage. */
export const RETRY_FIRST_MS = 2 * 60_000;
export const RETRY_MAX_MS = 6 * 60 * 60_000;
export const retryDelayMs = (attempts: number): number => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));

/**
 * How long a claimed mail belongs to the worker that claimed it: longer than any send can last
 * (src/mail/smtp.ts bounds each step), so a mail is never sent by two workers at once, and short
 * enough that a mail whose worker stopped mid-send goes out again soon after.
 */
export const CLAIM_MS = 5 * 60_000;

interface ClaimedMail {
  id: string;
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  vendor_id: number | null;
  attempts: number;
}

/**
 * Sends the mail of the outbox (src/mail/outbox.ts) over SMTP. A due pending row is claimed in
 * one statement (`FOR UPDATE SKIP LOCKED`: two workers, in one process or two, never claim the
 * same row) that moves its `next_attempt_at` past the claim and counts the attempt; the row is
 * sent outside any transaction, then marked sent. A failure schedules the next attempt with an
 * exponential backoff on the service's clock; after `maxAttempts` the row is left as failed, kept
 * with its last error. The mail's body (a reset link is a secret) and its recipient are never logged.
 */
export class MailDeliveryWorker {
  private readonly transport: MailTransport | null;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: MailDeliveryOptions) {
    this.transport = options.smtpUrl ? createMailTransport(options.smtpUrl) : null;
    this.pollMs = options.pollMs ?? 500;
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 10;
  }

  start(): void {
    if (!this.transport) {
      this.options.logger.warn('mail is not configured (SMTP_URL is unset): outgoing mail waits in the outbox until it is set');
      return;
    }
    this.unsubscribe = onMailEnqueued(() => this.wake());
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** Looks at the outbox now (a mail was enqueued); a pass under way looks again when it ends. */
  wake(): void {
    if (this.stopped || !this.transport) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.pollMs);
        this.timer.unref();
      }
    });
  }

  /** Sends every due mail, batch after batch; returns how many were claimed. */
  async deliverDue(): Promise<number> {
    if (!this.transport) return 0;
    let claimed = 0;
    for (;;) {
      const batch = await this.claim();
      claimed += batch.length;
      // The pooled transport spreads the batch over its connections; each mail settles its own row.
      await Promise.all(batch.map((mail) => this.send(mail)));
      if (batch.length < this.batchSize || this.stopped) return claimed;
    }
  }

  private async pass(): Promise<void> {
    try {
      await this.deliverDue();
    } catch (err) {
      // The database is unreachable: the rows stay as they are and the next poll tries again.
      this.options.logger.error({ err }, 'mail delivery pass failed');
    }
  }

  private async claim(): Promise<ClaimedMail[]> {
    const now = this.options.clock.now();
    const { rows } = await this.options.knex.raw<{ rows: ClaimedMail[] }>(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ?
       WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ?
                    ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
       RETURNING id, key, "to", subject, text, html, template, vendor_id, attempts`,
      [new Date(now.getTime() + CLAIM_MS), now, this.batchSize],
    );
    return rows;
  }

  private async send(mail: ClaimedMail): Promise<void> {
    const { knex, clock, logger, from, smtpUrl } = this.options;
    // Only the claim this worker holds may settle the row: `attempts` is the claim's fence.
    const mine = () => knex('mail_outbox').where({ id: mail.id, attempts: mail.attempts, status: 'pending' });
    try {
      await this.transport!.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdFor(mail.key, from),
      });
    } catch (err) {
      const error = smtpErrorText(err, smtpUrl);
      const now = clock.now();
      // A server's refusal may quote the recipient: kept in the row, not in the log.
      const logged = error.replace(new RegExp(escapeRegExp(mail.to), 'gi'), '[recipient]');
      const log = { mail_id: Number(mail.id), template: mail.template, vendor_id: mail.vendor_id, attempts: mail.attempts, error: logged };
      if (mail.attempts >= this.maxAttempts) {
        await mine().update({ status: 'failed', last_error: error });
        logger.warn(log, 'mail given up after its last attempt');
      } else {
        const next = new Date(now.getTime() + retryDelayMs(mail.attempts));
        await mine().update({ next_attempt_at: next, last_error: error });
        logger.info({ ...log, next_attempt_at: next.toISOString() }, 'mail not sent, will retry');
      }
      return;
    }
    // The mail went out: it is sent, whichever claim holds the row by now. Its body is dropped: the
    // outbox is a queue, not an archive, and a body can hold a reset link (a secret) or an address.
    await knex('mail_outbox')
      .where({ id: mail.id })
      .whereNot('status', 'sent')
      .update({ status: 'sent', sent_at: clock.now(), last_error: null, text: '', html: '' });
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
