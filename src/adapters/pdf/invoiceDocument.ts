import type { IssuedInvoice, InvoiceParty } from '../../../commands/invoices/events.ts';
import { formatMoney } from '../../core/money.ts';
import { html, page, raw } from '../../pages/html.ts';

/**
 * The printed invoice (eu-vat-rules.md e, Art. 226): issue date (1), number (2), seller VAT id
 * (3), buyer VAT id for an exempt intra-EU supply (4), names and addresses (5), quantity and
 * nature of the goods (6), supply date (7), unit price excl. VAT and taxable amount per rate
 * (8), rate (9), VAT amount (10), exemption reference (11) and "Reverse charge" (11a); net, VAT
 * and gross totals (EN 16931). Every value is escaped by the html template.
 */
const STYLE = raw(`
  body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 10pt; color: #111; }
  h1 { font-size: 18pt; margin: 0 0 4mm; } table { width: 100%; border-collapse: collapse; margin-top: 4mm; }
  th, td { border-bottom: 1px solid #ccc; padding: 1.5mm; text-align: left; vertical-align: top; } td.n, th.n { text-align: right; }
  .parties { display: flex; justify-content: space-between; gap: 10mm; margin-top: 6mm; } .box { width: 48%; }
  .mentions { margin-top: 6mm; padding: 3mm; border: 1px solid #333; } .muted { color: #555; font-size: 9pt; }`);

function party(title: string, p: InvoiceParty) {
  return html`<div class="box"><strong>${title}</strong><br>${p.company && p.company !== p.name ? html`${p.company}<br>` : ''}${p.name}<br>
    ${p.address ?? ''}<br>${p.postal_code ?? ''} ${p.city ?? ''}<br>${p.country_iso ?? ''}
    ${p.vat_number ? html`<br>VAT ID: ${p.vat_number}` : ''}</div>`;
}

export function invoiceDocument(inv: IssuedInvoice): string {
  const money = (cents: number) => formatMoney(cents, inv.currency, 'en');
  const kind = inv.document_type === 'credit_note' ? 'Credit note' : 'Invoice';
  const body = html`
    <h1>${kind} ${inv.invoice_number}</h1>
    ${
      inv.credits
        ? html`<p><strong>Credit note for invoice ${inv.credits.invoice_number} of ${inv.credits.issue_date}</strong>
      (${inv.reason ?? 'correction'}; Art. 219 Directive 2006/112/EC)${inv.note ? html`: ${inv.note}` : ''}</p>`
        : ''
    }
    <div>${kind} number: ${inv.invoice_number}<br>Issue date: ${inv.issue_date}
      ${inv.supply_date && inv.supply_date !== inv.issue_date ? html`<br>Date of supply: ${inv.supply_date}` : ''}<br>Order: ${inv.order_id}</div>
    <div class="parties">${party('Seller', inv.seller)}${party('Buyer', inv.buyer)}</div>
    <table><thead><tr><th>Description</th><th class="n">Qty</th><th class="n">Unit price excl. VAT</th><th class="n">VAT rate</th><th class="n">Net amount</th></tr></thead>
      <tbody>${inv.lines.map(
        (
          l,
        ) => html`<tr><td>${l.description}${l.sku ? html`<br><span class="muted">SKU ${l.sku}</span>` : ''}${l.ean ? html` <span class="muted">EAN ${l.ean}</span>` : ''}</td>
        <td class="n">${l.quantity}</td><td class="n">${money(l.unit_price_net_cents)}</td><td class="n">${l.vat_rate}%</td><td class="n">${money(l.line_net_cents)}</td></tr>`,
      )}</tbody></table>
    <table><thead><tr><th>VAT rate</th><th class="n">Taxable amount</th><th class="n">VAT</th><th class="n">Total</th></tr></thead>
      <tbody>${inv.vat_groups.map((g) => html`<tr><td>${g.rate_percent}%</td><td class="n">${money(g.net_cents)}</td><td class="n">${money(g.vat_cents)}</td><td class="n">${money(g.gross_cents)}</td></tr>`)}</tbody>
      <tfoot><tr><th>Total</th><th class="n">Net ${money(inv.net_cents)}</th><th class="n">VAT ${money(inv.vat_cents)}</th><th class="n">Gross ${money(inv.gross_cents)}</th></tr></tfoot></table>
    ${
      inv.vat_local
        ? html`<p>VAT due in ${inv.vat_local.currency}: ${formatMoney(inv.vat_local.vat_cents, inv.vat_local.currency, 'en')}<br>
      Exchange rate of ${inv.vat_local.rate_date}: 1 ${inv.currency} = ${inv.vat_local.rate} ${inv.vat_local.currency}<br>
      <span class="muted">ECB euro reference rate published before the date of supply (Art. 230 and 91(2) Directive 2006/112/EC)</span></p>`
        : ''
    }
    ${inv.mentions.length ? html`<div class="mentions">${inv.mentions.map((m) => html`<div>${m}</div>`)}</div>` : ''}
    ${inv.vies?.valid ? html`<p class="muted">Buyer VAT ID confirmed by VIES${inv.vies.consultation_number ? html`, consultation number ${inv.vies.consultation_number}` : ''} (${inv.vies.checked_at}).</p>` : ''}
    ${inv.payment_terms ? html`<p>Payment terms: ${inv.payment_terms}</p>` : ''}
    ${inv.bank.iban ? html`<p class="muted">Bank: ${inv.bank.name ?? ''} IBAN ${inv.bank.iban}${inv.bank.bic ? html` BIC ${inv.bank.bic}` : ''}</p>` : ''}
    ${inv.footer_text ? html`<p class="muted">${inv.footer_text}</p>` : ''}`;
  return page({ lang: 'en', title: `${kind} ${inv.invoice_number}`, body, head: html`<style>${STYLE}</style>` });
}
