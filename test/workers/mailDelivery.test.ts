import { expect } from 'chai';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/core/clock.ts';
import { enqueueMail, type OutgoingMail } from '../../src/mail/outbox.ts';
import { messageIdFor } from '../../src/mail/smtp.ts';
import { renderMail } from '../../src/mail/templates.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { CLAIM_MS, MailDeliveryWorker, retryDelayMs } from '../../src/workers/mailDelivery.ts';
import { SMTP_LOGIN, testApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';

const DAY = 24 * 60 * 60_000;

/** A password-reset mail whose link carries a secret token, under a fresh key. */
function resetMail(app: TestApp, overrides: Partial<OutgoingMail> = {}): OutgoingMail & { token: string } {
  const token = randomUUID().replace(/-/g, '');
  const key = `test-reset:${randomUUID()}`;
  const rendered = renderMail('customer_password_reset', 'fr', {
    vendor_name: 'Épicerie Test',
    first_name: 'Léa',
    reset_url: `http://127.0.0.1/shop/reset?token=${token}`,
    expires_minutes: 60,
  });
  return {
    key,
    to: `lea.${token.slice(0, 8)}@customer.test`,
    template: 'customer_password_reset',
    language: rendered.language,
    vendor_id: null,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    at: app.clock.now(),
    token,
    ...overrides,
  };
}

const row = (app: TestApp, key: string) => app.services.db.knex('mail_outbox').where({ key }).first();

/**
 * A clock `offsetMs` ahead of the test app's, for workers of a test's own: a mail enqueued that far
 * ahead is due for them only, never for the test app's worker.
 */
function aheadOf(app: TestApp, offsetMs: number): Clock & { advance(ms: number): void } {
  let extra = 0;
  return {
    now: () => new Date(app.clock.now().getTime() + offsetMs + extra),
    advance: (ms) => {
      extra += ms;
    },
  };
}

function logSink(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  return {
    lines,
    stream: new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        cb();
      },
    }),
  };
}

describe('outgoing mail delivery', () => {
  let app: TestApp;
  const own: MailDeliveryWorker[] = [];
  before(async () => {
    app = await testApp();
  });
  afterEach(async () => {
    await Promise.all(own.splice(0).map((w) => w.stop()));
    app.mailbox.accept();
    await app.mailbox.start();
  });

  function worker(clock: Clock, options: Partial<ConstructorParameters<typeof MailDeliveryWorker>[0]> = {}): MailDeliveryWorker {
    const w = new MailDeliveryWorker({
      knex: app.services.db.knex,
      clock,
      logger: app.services.logger,
      smtpUrl: app.mailbox.url,
      from: app.services.config.mailFrom,
      pollMs: 20,
      ...options,
    });
    own.push(w);
    return w;
  }

  it('delivers a mail enqueued twice under one key once, signed in with the SMTP login, with the Message-ID of its key', async () => {
    const mail = resetMail(app);
    await app.services.db.knex.transaction(async (trx) => {
      await enqueueMail(trx, mail);
      await enqueueMail(trx, mail);
    });
    await enqueueMail(app.services.db.knex, mail);

    const received = await app.mailbox.waitFor((m) => m.to.includes(mail.to));
    expect(received.subject).to.equal('Réinitialisez votre mot de passe chez Épicerie Test');
    expect(received.messageId).to.equal(messageIdFor(mail.key, app.services.config.mailFrom));
    expect(received.from).to.equal('Shop <no-reply@localhost>');
    expect(received.text).to.include(`token=${mail.token}`).and.include('Bonjour Léa,');
    expect(received.html).to.include(`token=${mail.token}`).and.include('<html lang="fr">');
    const sent = await eventually(async () => {
      const r = await row(app, mail.key);
      return r.status === 'sent' && r;
    }, 'the mail recorded as sent');
    expect(sent).to.include({ attempts: 1, last_error: null });
    expect(sent.sent_at).to.be.instanceOf(Date);
    // Once sent, the outbox keeps no body: the reset link in it is a secret.
    expect([sent.text, sent.html]).to.deep.equal(['', '']);
    await new Promise((r) => setTimeout(r, 700)); // past a poll of the worker: nothing more arrives
    expect(app.mailbox.find((m) => m.to.includes(mail.to))).to.have.length(1);
  });

  it('keeps a mail through an SMTP outage and delivers it once the server is back and its retry is due', async () => {
    await app.mailbox.stop();
    const mail = resetMail(app);
    await enqueueMail(app.services.db.knex, mail);
    const failed = await eventually(async () => {
      const r = await row(app, mail.key);
      return r.last_error && r;
    }, 'a failed attempt');
    expect(failed).to.include({ status: 'pending', attempts: 1 });
    expect(failed.last_error).to.match(/ECONNECTION|ECONNREFUSED/);
    expect(failed.next_attempt_at.getTime() - app.clock.now().getTime()).to.be.within(retryDelayMs(1) - 5000, retryDelayMs(1));

    await app.mailbox.start();
    await new Promise((r) => setTimeout(r, 1200)); // two polls: the retry is not due yet
    expect(app.mailbox.find((m) => m.to.includes(mail.to))).to.have.length(0);

    app.clock.advance(retryDelayMs(1));
    const received = await app.mailbox.waitFor((m) => m.to.includes(mail.to));
    expect(received.messageId).to.equal(messageIdFor(mail.key, app.services.config.mailFrom));
    const sent = await eventually(async () => {
      const r = await row(app, mail.key);
      return r.status === 'sent' && r;
    }, 'the mail recorded as sent');
    expect(sent).to.include({ attempts: 2, last_error: null });

    const log = app.logLines.join('\n');
    expect(log).to.include('mail not sent, will retry');
    expect(log).not.to.include(mail.token);
    expect(log).not.to.include(mail.to);
    expect(log).not.to.include(SMTP_LOGIN.pass);
  });

  it('counts a refusal by the server (421) as a failed attempt, keeping its answer without the credentials', async () => {
    app.mailbox.refuse(421);
    const mail = resetMail(app);
    await enqueueMail(app.services.db.knex, mail);
    const failed = await eventually(async () => {
      const r = await row(app, mail.key);
      return r.last_error && r;
    }, 'a refused attempt');
    expect(failed).to.include({ status: 'pending', attempts: 1 });
    expect(failed.last_error).to.include('421').and.not.include(SMTP_LOGIN.pass).and.not.include(SMTP_LOGIN.user);

    app.mailbox.accept();
    app.clock.advance(retryDelayMs(1));
    await app.mailbox.waitFor((m) => m.to.includes(mail.to));
  });

  it('backs off exponentially and gives a mail up after its last attempt, with one warn line naming neither recipient nor link', async () => {
    const clock = aheadOf(app, 1000 * DAY);
    const sink = logSink();
    const dead = worker(clock, {
      smtpUrl: 'smtp://shop-mailer:smtp-Secret-5ae1@127.0.0.1:9',
      logger: createLogger('info', sink.stream),
      maxAttempts: 3,
    });
    const mail = resetMail(app, { at: clock.now() });
    await enqueueMail(app.services.db.knex, mail);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = clock.now().getTime();
      expect(await dead.deliverDue()).to.equal(1);
      const r = await row(app, mail.key);
      expect(r.attempts).to.equal(attempt);
      if (attempt < 3) {
        delays.push(r.next_attempt_at.getTime() - before);
        expect(await dead.deliverDue()).to.equal(0); // not due before its backoff
        clock.advance(retryDelayMs(attempt));
      }
    }
    expect(delays[0]).to.be.within(retryDelayMs(1), retryDelayMs(1) + 2000); // the clock runs meanwhile
    expect(delays[1]).to.be.within(retryDelayMs(2), retryDelayMs(2) + 2000);
    expect(retryDelayMs(2)).to.equal(2 * retryDelayMs(1));
    const given = await row(app, mail.key);
    expect(given.status).to.equal('failed');
    expect(given.last_error)
      .to.match(/ECONNECTION|ECONNREFUSED/)
      .and.not.include(SMTP_LOGIN.pass);

    clock.advance(7 * DAY);
    expect(await dead.deliverDue()).to.equal(0); // a failed mail is never claimed again
    const warnings = sink.lines.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include({ msg: 'mail given up after its last attempt', template: 'customer_password_reset', attempts: 3 });
    const log = sink.lines.join('\n');
    expect(log).not.to.include(mail.token);
    expect(log).not.to.include(mail.to);
    expect(log).not.to.include(SMTP_LOGIN.pass);
  });

  it('keeps a refusal that quotes the recipient in the row, and logs it without the address', async () => {
    const clock = aheadOf(app, 1500 * DAY);
    const sink = logSink();
    const w = worker(clock, { logger: createLogger('info', sink.stream) });
    const mail = resetMail(app, { at: clock.now() });
    app.mailbox.rejectRecipient(mail.to);
    await enqueueMail(app.services.db.knex, mail);
    expect(await w.deliverDue()).to.equal(1);
    const r = await row(app, mail.key);
    expect(r).to.include({ status: 'pending', attempts: 1 });
    expect(r.last_error).to.include('550').and.include(mail.to);
    const [line] = sink.lines.map((l) => JSON.parse(l));
    expect(line).to.include({ msg: 'mail not sent, will retry', template: 'customer_password_reset', attempts: 1 });
    expect(line.error).to.include('550').and.include('[recipient]');
    expect(sink.lines.join('\n')).not.to.include(mail.to);
  });

  it('sends each mail once when two delivery workers share the outbox', async () => {
    const clock = aheadOf(app, 2000 * DAY);
    const first = worker(clock, { batchSize: 2 });
    const second = worker(clock, { batchSize: 2 });
    first.start();
    second.start();
    const mails = Array.from({ length: 20 }, () => resetMail(app, { at: clock.now() }));
    await Promise.all(mails.map((m) => enqueueMail(app.services.db.knex, m)));

    for (const mail of mails) await app.mailbox.waitFor((m) => m.to.includes(mail.to));
    await new Promise((r) => setTimeout(r, 300));
    for (const mail of mails)
      expect(
        app.mailbox.find((m) => m.to.includes(mail.to)),
        mail.key,
      ).to.have.length(1);
    const rows = await app.services.db.knex('mail_outbox').whereIn(
      'key',
      mails.map((m) => m.key),
    );
    expect(rows.map((r) => [r.status, r.attempts])).to.deep.equal(mails.map(() => ['sent', 1]));
  });

  it('sends a mail whose worker stopped between the send and its record again, with the same Message-ID', async () => {
    const clock = aheadOf(app, 3000 * DAY);
    const w = worker(clock);
    const mail = resetMail(app, { at: clock.now() });
    await enqueueMail(app.services.db.knex, mail);
    await w.deliverDue();
    // What a crash after the SMTP answer leaves behind: the row still claimed, not marked sent.
    await app.services.db.knex('mail_outbox').where({ key: mail.key }).update({ status: 'pending', sent_at: null });
    expect(await w.deliverDue()).to.equal(0); // still claimed
    clock.advance(CLAIM_MS);
    expect(await w.deliverDue()).to.equal(1);
    const copies = app.mailbox.find((m) => m.to.includes(mail.to));
    expect(copies).to.have.length(2);
    expect(copies[1].messageId).to.equal(copies[0].messageId);
  });

  it('leaves mail pending and says once that mail is not configured when SMTP_URL is unset', async () => {
    const clock = aheadOf(app, 4000 * DAY);
    const sink = logSink();
    const idle = worker(clock, { smtpUrl: undefined, logger: createLogger('info', sink.stream) });
    const mail = resetMail(app, { at: clock.now() });
    await enqueueMail(app.services.db.knex, mail);
    idle.start();
    idle.wake();
    expect(await idle.deliverDue()).to.equal(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(await row(app, mail.key)).to.include({ status: 'pending', attempts: 0 });
    const lines = sink.lines.map((l) => JSON.parse(l));
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 40 });
    expect(lines[0].msg).to.match(/mail is not configured/);
  });
});
