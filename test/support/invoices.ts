import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** VendorInvoiceSettings of a Luxembourg seller, as a vendor would send them. */
export const SELLER = {
  company_name: 'Boutique Lux SARL',
  company_address: '12 Grand-Rue',
  company_postal_code: '1660',
  company_city: 'Luxembourg',
  company_country_iso: 'LU',
  vat_number: 'LU 1234 5678',
  payment_terms: 'Payable within 30 days',
  bank_iban: 'LU280019400644750000',
};

/** Text of a PDF, as a person reading it would see it (poppler's pdftotext). */
export function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
