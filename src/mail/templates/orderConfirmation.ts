import type { LanguageCode } from '../../core/i18n.ts';
import { html } from '../../pages/html.ts';
import { BUTTON, fill, mailHtml, mailText, oneLine, P, type RenderedMail } from '../layout.ts';

/** The confirmation of a shop order. Amounts arrive formatted for the mail's language ("19,99 €"). */
export interface OrderConfirmationVars {
  vendor_name: string;
  order_number: string;
  first_name: string | null;
  items: Array<{ name: string; quantity: number | string; unit_price: string; line_total: string }>;
  subtotal: string;
  shipping: string;
  /** One line per VAT rate, the rate formatted as well ("17 %"). */
  vat_lines: Array<{ rate: string; amount: string }>;
  total: string;
  shipping_address: string[];
  order_url: string;
}

const TEXT: Record<
  LanguageCode,
  {
    subject: string;
    hello: string;
    helloName: string;
    thanks: string;
    heading: string;
    item: string;
    quantity: string;
    unitPrice: string;
    lineTotal: string;
    subtotal: string;
    shipping: string;
    vat: string;
    total: string;
    address: string;
    follow: string;
    button: string;
    signOff: string;
  }
> = {
  en: {
    subject: 'Your order {order} at {vendor}',
    hello: 'Hello,',
    helloName: 'Hello {name},',
    thanks: 'Thank you for your order. We have received it and will let you know when it ships.',
    heading: 'Your order {order}',
    item: 'Item',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    lineTotal: 'Total',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    vat: 'VAT {rate}',
    total: 'Total',
    address: 'Shipping address',
    follow: 'You can follow your order here:',
    button: 'View your order',
    signOff: 'The {vendor} team',
  },
  fr: {
    subject: 'Votre commande {order} chez {vendor}',
    hello: 'Bonjour,',
    helloName: 'Bonjour {name},',
    thanks: 'Merci pour votre commande. Nous l’avons bien reçue et nous vous informerons de son expédition.',
    heading: 'Votre commande {order}',
    item: 'Article',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire',
    lineTotal: 'Total',
    subtotal: 'Sous-total',
    shipping: 'Livraison',
    vat: 'TVA {rate}',
    total: 'Total',
    address: 'Adresse de livraison',
    follow: 'Vous pouvez suivre votre commande ici :',
    button: 'Voir votre commande',
    signOff: 'L’équipe {vendor}',
  },
  de: {
    subject: 'Ihre Bestellung {order} bei {vendor}',
    hello: 'Guten Tag,',
    helloName: 'Hallo {name},',
    thanks: 'Vielen Dank für Ihre Bestellung. Wir haben sie erhalten und informieren Sie, sobald sie versandt wird.',
    heading: 'Ihre Bestellung {order}',
    item: 'Artikel',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    lineTotal: 'Summe',
    subtotal: 'Zwischensumme',
    shipping: 'Versand',
    vat: 'MwSt. {rate}',
    total: 'Gesamtbetrag',
    address: 'Lieferadresse',
    follow: 'Hier können Sie Ihre Bestellung verfolgen:',
    button: 'Bestellung ansehen',
    signOff: 'Ihr Team von {vendor}',
  },
  lb: {
    subject: 'Är Bestellung {order} bei {vendor}',
    hello: 'Moien,',
    helloName: 'Moien {name},',
    thanks: 'Merci fir Är Bestellung. Mir hunn se kritt a soen Iech Bescheed, soubal se verschéckt gëtt.',
    heading: 'Är Bestellung {order}',
    item: 'Artikel',
    quantity: 'Unzuel',
    unitPrice: 'Präis pro Stéck',
    lineTotal: 'Total',
    subtotal: 'Zwëschesumm',
    shipping: 'Liwwerung',
    vat: 'TVA {rate}',
    total: 'Total',
    address: 'Liwweradress',
    follow: 'Hei kënnt Dir Är Bestellung verfollegen:',
    button: 'Bestellung ukucken',
    signOff: 'Mat beschte Gréiss, {vendor}',
  },
};

const CELL = 'padding:8px 4px;border-bottom:1px solid #e4e4e7;text-align:left;vertical-align:top';
const NUM = 'padding:8px 4px;border-bottom:1px solid #e4e4e7;text-align:right;vertical-align:top;white-space:nowrap';
const SUM = 'padding:4px;text-align:right;white-space:nowrap';

export function orderConfirmation(language: LanguageCode, vars: OrderConfirmationVars): RenderedMail {
  const t = TEXT[language];
  const params = { vendor: oneLine(vars.vendor_name), order: vars.order_number, name: vars.first_name ?? '' };
  const hello = vars.first_name ? fill(t.helloName, params) : t.hello;
  const subject = fill(t.subject, params);
  const signOff = fill(t.signOff, params);
  const sums: Array<[string, string, boolean]> = [
    [t.subtotal, vars.subtotal, false],
    [t.shipping, vars.shipping, false],
    ...vars.vat_lines.map((v): [string, string, boolean] => [fill(t.vat, { rate: v.rate }), v.amount, false]),
    [t.total, vars.total, true],
  ];
  const text = mailText([
    hello,
    t.thanks,
    [
      fill(t.heading, params),
      '',
      ...vars.items.map((i) => `${i.quantity} × ${i.name} (${t.unitPrice}: ${i.unit_price}): ${i.line_total}`),
      '',
      ...sums.map(([label, amount]) => `${label}: ${amount}`),
    ].join('\n'),
    vars.shipping_address.length ? [`${t.address}:`, ...vars.shipping_address].join('\n') : null,
    `${t.follow}\n${vars.order_url}`,
    signOff,
  ]);
  const body = html`<p style="${P}">${hello}</p>
<p style="${P}">${t.thanks}</p>
<p style="margin:24px 0 8px;font-size:17px;font-weight:bold">${fill(t.heading, params)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;margin:0 0 16px">
<thead><tr><th style="${CELL}">${t.item}</th><th style="${NUM}">${t.quantity}</th><th style="${NUM}">${t.unitPrice}</th><th style="${NUM}">${t.lineTotal}</th></tr></thead>
<tbody>${vars.items.map((i) => html`<tr><td style="${CELL}">${i.name}</td><td style="${NUM}">${i.quantity}</td><td style="${NUM}">${i.unit_price}</td><td style="${NUM}">${i.line_total}</td></tr>`)}</tbody>
</table>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;margin:0 0 24px">
${sums.map(([label, amount, strong]) => html`<tr${strong ? html` style="font-weight:bold;font-size:16px"` : ''}><td style="${SUM}">${label}</td><td style="${SUM};width:120px">${amount}</td></tr>`)}
</table>
${
  vars.shipping_address.length
    ? html`<p style="margin:0 0 4px;font-weight:bold">${t.address}</p>
<p style="${P}">${vars.shipping_address.map((line, n) => html`${n ? html`<br>` : ''}${line}`)}</p>`
    : ''
}
<p style="margin:0 0 24px"><a href="${vars.order_url}" style="${BUTTON}">${t.button}</a></p>`;
  return { language, subject, text, html: mailHtml({ language, subject, vendorName: vars.vendor_name, signOff, body }) };
}
