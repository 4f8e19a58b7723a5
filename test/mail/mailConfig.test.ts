import { expect } from 'chai';
import { loadConfig } from '../../src/config.ts';
import { messageIdFor, smtpErrorText } from '../../src/mail/smtp.ts';

const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', DATA_DIR: '.tmp/test-data' };

describe('outgoing mail settings', () => {
  it('sends nothing by default, from Shop <no-reply@localhost>, with links to the service itself', () => {
    const config = loadConfig({ ...base, PORT: '4100' });
    expect(config.smtpUrl).to.equal(undefined);
    expect(config.mailFrom).to.equal('Shop <no-reply@localhost>');
    expect(config.publicUrl).to.equal('http://127.0.0.1:4100');
  });

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_URL (without its trailing slash)', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtps://mailer:p%40ss@mail.example:465',
      MAIL_FROM: 'Bakery <orders@bakery.example>',
      PUBLIC_URL: 'https://shop.example/',
    });
    expect(config).to.include({
      smtpUrl: 'smtps://mailer:p%40ss@mail.example:465',
      mailFrom: 'Bakery <orders@bakery.example>',
      publicUrl: 'https://shop.example',
    });
  });

  it('refuses an SMTP_URL of another scheme without repeating it (it may hold a password)', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mailer:hunter22@mail.example' }))
      .to.throw(/smtp:\/\/ or smtps:\/\//)
      .with.property('message')
      .that.does.not.include('hunter22');
    expect(() => loadConfig({ ...base, SMTP_URL: 'not a url hunter22' }))
      .to.throw(/SMTP_URL/)
      .with.property('message')
      .that.does.not.include('hunter22');
  });

  it('states an SMTP failure without the credentials of SMTP_URL', () => {
    const url = 'smtp://mailer:p%40ss-w0rd@mail.example:587';
    const text = smtpErrorText(
      Object.assign(new Error('Invalid login for mailer with p@ss-w0rd at smtp://mailer:p%40ss-w0rd@mail.example:587'), {
        code: 'EAUTH',
        responseCode: 535,
      }),
      url,
    );
    expect(text).to.match(/^EAUTH 535: Invalid login/);
    expect(text).not.to.include('p@ss-w0rd').and.not.include('p%40ss-w0rd');
  });

  it('gives every attempt of one mail the same Message-ID, at the sender domain', () => {
    const id = messageIdFor('order-confirmation:42', 'Bakery <orders@bakery.example>');
    expect(id).to.match(/^<[0-9a-f]{40}@bakery\.example>$/);
    expect(messageIdFor('order-confirmation:42', 'Bakery <orders@bakery.example>')).to.equal(id);
    expect(messageIdFor('order-confirmation:43', 'Bakery <orders@bakery.example>')).not.to.equal(id);
    expect(id).not.to.include('order-confirmation');
  });
});
