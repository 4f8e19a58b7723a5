import type { AddressFields, CustomerLanguage, CustomerProfile } from './events.ts';

/**
 * Commands of the customer aggregate. Hashes (password, reset token), ids, session ids and times
 * are made before the decision, so deciding stays pure.
 */
export type RegisterCustomer = {
  type: 'RegisterCustomer';
  data: CustomerProfile & { customer_id: number; vendor_id: number; email: string; password_hash: string; at: string };
};
export type ChangeCustomerProfile = {
  type: 'ChangeCustomerProfile';
  data: { changes: Partial<CustomerProfile> & { preferred_language?: CustomerLanguage | null }; at: string };
};
export type StartCustomerSession = { type: 'StartCustomerSession'; data: { session_id: string; expires_at: string; at: string } };
export type EndCustomerSession = { type: 'EndCustomerSession'; data: { session_id: string; at: string } };
export type ChangeCustomerPassword = {
  type: 'ChangeCustomerPassword';
  data: { password_hash: string; kept_session_id: string | null; at: string };
};
export type RequestCustomerPasswordReset = {
  type: 'RequestCustomerPasswordReset';
  data: { token_hash: string; expires_at: string; at: string };
};
export type ResetCustomerPassword = { type: 'ResetCustomerPassword'; data: { token_hash: string; password_hash: string; at: string } };
export type AddCustomerAddress = {
  type: 'AddCustomerAddress';
  data: { address_id: number; fields: AddressFields; is_default?: boolean; at: string };
};
export type ChangeCustomerAddress = {
  type: 'ChangeCustomerAddress';
  data: { address_id: number; fields: AddressFields; is_default?: boolean; at: string };
};
export type RemoveCustomerAddress = { type: 'RemoveCustomerAddress'; data: { address_id: number; at: string } };
export type SetDefaultCustomerAddress = { type: 'SetDefaultCustomerAddress'; data: { address_id: number; at: string } };
export type RecordCustomerOrder = {
  type: 'RecordCustomerOrder';
  data: { order_id: number; vendor_id: number; gross_cents: number; placed_at: string };
};

export type AddressCommand = AddCustomerAddress | ChangeCustomerAddress | RemoveCustomerAddress | SetDefaultCustomerAddress;

export type CustomerCommand =
  | RegisterCustomer
  | ChangeCustomerProfile
  | StartCustomerSession
  | EndCustomerSession
  | ChangeCustomerPassword
  | RequestCustomerPasswordReset
  | ResetCustomerPassword
  | AddressCommand
  | RecordCustomerOrder;
