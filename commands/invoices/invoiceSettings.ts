import type { Decider } from '../../src/core/decider.ts';
import type { InvoiceSettings, InvoiceSettingsEvent } from './events.ts';

/** VendorInvoiceSettings, stream `invoice_settings-<vendor id>`. */
export type InvoiceSettingsState = { vendor_id: number | null; settings: InvoiceSettings | null };
export type InvoiceSettingsCommand = { type: 'SetInvoiceSettings'; data: InvoiceSettings & { vendor_id: number; at: string } };

export const invoiceSettings: Decider<InvoiceSettingsState, InvoiceSettingsCommand, InvoiceSettingsEvent> = {
  aggregate: 'invoice_settings',
  initialState: () => ({ vendor_id: null, settings: null }),
  evolve: (_state, event) => {
    const { vendor_id, at: _at, ...settings } = event.data;
    return { vendor_id, settings };
  },
  decide: (command, state) => {
    const { vendor_id, at: _at, ...next } = command.data;
    if (state.settings && JSON.stringify(state.settings) === JSON.stringify({ ...state.settings, ...next })) return [];
    return [{ type: 'VendorInvoiceSettingsUpdated', data: command.data }];
  },
};
