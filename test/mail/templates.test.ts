import { expect } from 'chai';
import { LANGUAGES } from '../../src/core/i18n.ts';
import { mailLanguage, renderMail, type CustomerPasswordResetVars, type OrderConfirmationVars } from '../../src/mail/templates.ts';

const reset: CustomerPasswordResetVars = {
  vendor_name: 'Bäckerei Muller',
  first_name: 'Léa',
  reset_url: 'https://shop.example/reset?token=abc123',
  expires_minutes: 45,
};

const order: OrderConfirmationVars = {
  vendor_name: 'Bäckerei Muller',
  order_number: 'SHOP-2026-000042',
  first_name: 'Léa',
  items: [
    { name: 'Rye bread', quantity: 2, unit_price: '3,50 €', line_total: '7,00 €' },
    { name: 'Quetschentaart', quantity: 1, unit_price: '18,00 €', line_total: '18,00 €' },
  ],
  subtotal: '25,00 €',
  shipping: '4,90 €',
  vat_lines: [
    { rate: '3 %', amount: '0,73 €' },
    { rate: '17 %', amount: '0,71 €' },
  ],
  total: '29,90 €',
  shipping_address: ['Léa Muller', '12, rue de la Gare', 'L-1611 Luxembourg', 'Luxembourg'],
  order_url: 'https://shop.example/orders/42',
};

/** What each language must say: the subject, and a sentence a reader of that language recognises. */
const EXPECTED = {
  customer_password_reset: {
    en: ['Reset your password at Bäckerei Muller', 'Hello Léa,', 'expires in 45 minutes'],
    fr: ['Réinitialisez votre mot de passe chez Bäckerei Muller', 'Bonjour Léa,', 'expire dans 45 minutes'],
    de: ['Setzen Sie Ihr Passwort bei Bäckerei Muller zurück', 'Hallo Léa,', 'läuft in 45 Minuten ab'],
    lb: ['Äert Passwuert bei Bäckerei Muller zrécksetzen', 'Moien Léa,', '45 Minutte gülteg'],
  },
  order_confirmation: {
    en: ['Your order SHOP-2026-000042 at Bäckerei Muller', 'Thank you for your order', 'Shipping address'],
    fr: ['Votre commande SHOP-2026-000042 chez Bäckerei Muller', 'Merci pour votre commande', 'Adresse de livraison'],
    de: ['Ihre Bestellung SHOP-2026-000042 bei Bäckerei Muller', 'Vielen Dank für Ihre Bestellung', 'Lieferadresse'],
    lb: ['Är Bestellung SHOP-2026-000042 bei Bäckerei Muller', 'Merci fir Är Bestellung', 'Liwweradress'],
  },
} as const;

describe('mail templates', () => {
  context('customer_password_reset', () => {
    for (const language of LANGUAGES) {
      it(`is written in ${language}, with the link and its expiry in both parts`, () => {
        const [subject, greeting, expiry] = EXPECTED.customer_password_reset[language];
        const mail = renderMail('customer_password_reset', language, reset);
        expect(mail).to.include({ language, subject });
        for (const part of [mail.text, mail.html]) expect(part).to.include(greeting).and.include(expiry).and.include(reset.reset_url);
        expect(mail.html).to.include(`<html lang="${language}">`).and.include(`href="${reset.reset_url}"`);
      });
    }

    it('greets without a name when the customer gave none', () => {
      const mail = renderMail('customer_password_reset', 'de', { ...reset, first_name: null });
      expect(mail.text).to.match(/^Guten Tag,\n/);
      expect(mail.text).not.to.include('null');
    });
  });

  context('order_confirmation', () => {
    for (const language of LANGUAGES) {
      it(`is written in ${language}, with every line, sum, VAT rate, the address and the order link`, () => {
        const [subject, thanks, addressTitle] = EXPECTED.order_confirmation[language];
        const mail = renderMail('order_confirmation', language, order);
        expect(mail).to.include({ language, subject });
        for (const part of [mail.text, mail.html]) {
          expect(part).to.include(thanks).and.include(addressTitle).and.include(order.order_url);
          for (const item of order.items) expect(part).to.include(item.name).and.include(item.unit_price).and.include(item.line_total);
          for (const vat of order.vat_lines) expect(part).to.include(vat.rate).and.include(vat.amount);
          for (const line of order.shipping_address) expect(part).to.include(line);
          expect(part).to.include(order.subtotal).and.include(order.shipping).and.include(order.total);
        }
      });
    }
  });

  it('answers in English for a language it does not write, and in French for fr-LU', () => {
    expect(renderMail('customer_password_reset', 'it', reset).subject).to.equal('Reset your password at Bäckerei Muller');
    expect(renderMail('order_confirmation', null, order).language).to.equal('en');
    expect(mailLanguage('fr-LU')).to.equal('fr');
    expect(mailLanguage('LB')).to.equal('lb');
  });

  it('keeps markup in a vendor name, a customer name or an item name as text in the HTML part', () => {
    const evil = '<script>alert("x")</script>';
    const mails = [
      renderMail('customer_password_reset', 'fr', { ...reset, vendor_name: evil, first_name: '<img src=x onerror=alert(1)>' }),
      renderMail('order_confirmation', 'lb', {
        ...order,
        vendor_name: evil,
        items: [{ ...order.items[0], name: '<b>bold</b> & "quoted"' }],
        shipping_address: ['<i>Léa</i>'],
      }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.to.include('<script>').and.not.include('<img').and.not.include('<b>').and.not.include('<i>');
      expect(mail.html).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(mail.text).to.include(evil); // the plain-text part is text already
    }
    expect(mails[1].html).to.include('&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;');
  });

  it('keeps a subject on one line whatever the vendor name holds', () => {
    const mail = renderMail('order_confirmation', 'en', { ...order, vendor_name: 'Shop\r\nBcc: victim@example.com' });
    expect(mail.subject).to.equal('Your order SHOP-2026-000042 at Shop Bcc: victim@example.com');
  });
});
