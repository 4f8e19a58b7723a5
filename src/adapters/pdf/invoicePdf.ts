import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IssuedInvoice } from '../../../commands/invoices/events.ts';
import { htmlToPdf } from './browser.ts';
import { invoiceDocument } from './invoiceDocument.ts';

/**
 * Renders an issued invoice to PDF and stores it under DATA_DIR/invoices/<vendor id>/. The file
 * can always be rendered again from the invoice, which never changes.
 */
export async function writeInvoicePdf(
  dataDir: string,
  invoice: IssuedInvoice,
): Promise<{ path: string; bytes: number; sha256: string; pdf: Buffer }> {
  const pdf = await htmlToPdf(invoiceDocument(invoice));
  const dir = join(dataDir, 'invoices', String(invoice.vendor_id));
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${invoice.invoice_number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`);
  await writeFile(path, pdf);
  return { path, bytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex'), pdf };
}
