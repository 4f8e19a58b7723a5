import { InvoiceException } from './errors.ts';
import { divideRounded } from '../../src/core/money.ts';
import { atSameRate } from '../../src/core/vat/localCurrency.ts';
import type { CreditNoteRequest, InvoiceLine, IssuedInvoice } from './events.ts';

/**
 * A credit note's content (Art. 219: an invoice that references the original): the lines it
 * credits, as negative amounts, VAT once per rate group by the rounding of eu-vat-rules.md f
 * (gross fixed, net = round_half_up(gross × 10000 / (10000 + bp)), VAT = gross − net, on |gross|
 * with the sign restored). A cancellation credits every line; a refund credits the quantities
 * named; a correction credits, per unit, the amount by which the price charged was too high.
 * The VAT in a local currency (Art. 230) is stated at the original invoice's rate.
 */
export function buildCreditNote(original: IssuedInvoice, request: CreditNoteRequest, creditNoteId: number, issueDate: string) {
  const byItem = new Map(original.lines.map((l) => [l.item_id, l]));
  const credited: { line: InvoiceLine; quantity: number; unit_gross: number }[] = [];
  if (request.reason === 'cancellation') {
    for (const l of original.lines) credited.push({ line: l, quantity: l.quantity, unit_gross: l.unit_price_gross_cents });
  } else {
    if (!request.lines?.length) throw new InvoiceException(`A ${request.reason} credits named lines of the invoice`);
    for (const r of request.lines) {
      const line = byItem.get(r.item_id);
      if (!line) throw new InvoiceException(`Invoice ${original.invoice_number} has no line for item ${r.item_id}`, { item_id: r.item_id });
      if (r.quantity > line.quantity)
        throw new InvoiceException(`Item ${r.item_id} was invoiced ${line.quantity} times, not ${r.quantity}`, { item_id: r.item_id });
      const unit = request.reason === 'refund' ? line.unit_price_gross_cents : r.unit_amount_cents;
      if (unit === undefined || unit < 1 || unit > line.unit_price_gross_cents) {
        throw new InvoiceException(`A correction of item ${r.item_id} credits between 1 and ${line.unit_price_gross_cents} cents a unit`, {
          item_id: r.item_id,
        });
      }
      credited.push({ line, quantity: r.quantity, unit_gross: unit });
    }
  }
  const groups = new Map<number, number>();
  for (const c of credited) groups.set(c.line.vat_rate, (groups.get(c.line.vat_rate) ?? 0) - c.quantity * c.unit_gross);
  const vat_groups = [...groups]
    .sort((a, b) => b[0] - a[0])
    .map(([rate_percent, gross]) => {
      const bp = BigInt(Math.round(rate_percent * 100));
      const net = Number(divideRounded(BigInt(gross) * 10000n, 10000n + bp));
      return { rate_percent, net_cents: net, vat_cents: gross - net, gross_cents: gross };
    });
  const lines: InvoiceLine[] = credited.map(({ line, quantity, unit_gross }) => {
    const bp = BigInt(Math.round(line.vat_rate * 100));
    const unitNet = Number(divideRounded(BigInt(unit_gross) * 10000n, 10000n + bp));
    return { ...line, quantity, unit_price_gross_cents: -unit_gross, unit_price_net_cents: -unitNet, line_net_cents: -unitNet * quantity };
  });
  const net_cents = vat_groups.reduce((s, g) => s + g.net_cents, 0);
  const vat_cents = vat_groups.reduce((s, g) => s + g.vat_cents, 0);
  const vat_local = original.vat_local ? atSameRate(vat_cents, original.vat_local) : null;
  return {
    ...original,
    invoice_id: creditNoteId,
    issue_date: issueDate,
    lines,
    vat_groups,
    net_cents,
    vat_cents,
    gross_cents: net_cents + vat_cents,
    vat_local,
    document_type: 'credit_note' as const,
    reason: request.reason,
    note: request.note ?? null,
    credits: { invoice_id: original.invoice_id, invoice_number: original.invoice_number, issue_date: original.issue_date },
  };
}
