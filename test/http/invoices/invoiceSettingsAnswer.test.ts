import { expect } from 'chai';
import type { TObject, TSchema } from '@sinclair/typebox';
import { InvoiceSettingsRow } from '../../../projections/invoices/invoiceSettings.ts';
import { rowFields } from '../../../src/http/responses.ts';
import { InvoiceSettingsAnswer } from '../../../src/http/schemas/invoices.ts';

/**
 * The invoice settings' answer is written out where the vendor settings can read it (a core area
 * may not read the optional invoices area's projection), so here it is held to the declared row:
 * every field it shares with the table says what the table holds.
 */
describe('The invoice settings answer', () => {
  const configured = (InvoiceSettingsAnswer.anyOf as TSchema[]).find(
    (s): s is TObject => (s as TObject).properties?.configured?.const === true,
  )!;

  // Stored as an exact amount (bigint, read as text); the answer gives it as an integer of cents.
  const converted = ['cross_border_b2c_previous_year_cents'];

  it('has, for every column of the invoice settings row it answers as stored, the column as the row declares it', () => {
    const columns = Object.keys(InvoiceSettingsRow.schema.properties).filter((c) => c in configured.properties && !converted.includes(c));
    expect(columns).to.include.members(['vendor_id', 'company_name', 'vat_number', 'oss_opted_for_destination', 'updated_at']);
    const fromRow = rowFields(InvoiceSettingsRow, columns as (keyof typeof InvoiceSettingsRow.schema.properties & string)[]);
    for (const column of columns) {
      expect(JSON.parse(JSON.stringify(configured.properties[column])), column).to.deep.equal(
        JSON.parse(JSON.stringify((fromRow as Record<string, TSchema>)[column])),
      );
    }
  });

  it('answers every column of the row, and nothing else but the flag that says the settings are there', () => {
    const extra = Object.keys(configured.properties).filter((k) => !(k in InvoiceSettingsRow.schema.properties));
    expect(extra).to.deep.equal(['configured']);
    expect(Object.keys(InvoiceSettingsRow.schema.properties).filter((c) => !(c in configured.properties))).to.deep.equal([]);
  });
});
