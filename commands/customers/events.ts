/**
 * Shop customers (SPEC.md part 2 "Customer", "Customer address"): the area's public contract.
 * A customer belongs to one vendor (the same e-mail at two vendors is two customers); its
 * addresses, sessions, pending password reset and order statistics live in its one stream
 * `customer-<id>`, so a rule across them (one default per type, at most 10 addresses, an order
 * counted once) is decided on one state and written in one append. Password hashes are part of
 * the events (the aggregate can be rebuilt) and redacted in every history view; a reset token
 * appears only as its SHA-256 hash.
 */
export type CustomerLanguage = 'en' | 'fr' | 'de' | 'lb';
export type AddressType = 'shipping' | 'billing';
export const ADDRESS_TYPES = ['shipping', 'billing'] as const satisfies readonly AddressType[];

/** SPEC.md part 8: saved addresses per customer. */
export const MAX_ADDRESSES = 10;

/** A saved address as the customer aggregate holds it (and the orders area copies onto an order). */
export interface CustomerAddress {
  address_id: number;
  type: AddressType;
  first_name: string;
  last_name: string;
  company: string | null;
  street: string;
  street_2: string | null;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country_iso: string;
  /** The country's name as the customer gave it (checked against the ISO code's names). */
  country_name: string;
  phone: string | null;
  /** At most one default per type per customer (SPEC.md part 8). */
  is_default: boolean;
}

/** The address fields a customer enters; the id and the default marker are the aggregate's. */
export type AddressFields = Omit<CustomerAddress, 'address_id' | 'is_default'>;

export interface CustomerProfile {
  first_name: string | null;
  last_name: string | null;
  preferred_language: CustomerLanguage | null;
  /** The shopper's own settings (newsletter, display): a small JSON object the shop keeps as given. */
  preferences: Record<string, unknown>;
}

/** A shopper opened an account at one vendor's shop. */
export type CustomerRegistered = {
  type: 'CustomerRegistered';
  data: CustomerProfile & { customer_id: number; vendor_id: number; email: string; password_hash: string; registered_at: string };
};
/** The customer changed names, language or preferences (only the changed fields are listed). */
export type CustomerProfileChanged = {
  type: 'CustomerProfileChanged';
  data: { customer_id: number; vendor_id: number; changes: Partial<CustomerProfile>; at: string };
};
/** The customer signed in: a session whose id the token carries, valid until it ends or expires. */
export type CustomerSessionStarted = {
  type: 'CustomerSessionStarted';
  data: { customer_id: number; vendor_id: number; session_id: string; expires_at: string; at: string };
};
/** The customer signed out: that session's token no longer works. */
export type CustomerSessionEnded = {
  type: 'CustomerSessionEnded';
  data: { customer_id: number; vendor_id: number; session_id: string; at: string };
};
/**
 * The customer replaced the password knowing the current one. Every other open session ended
 * with it (`ended_session_ids`); the one that changed it (`kept_session_id`) stays signed in.
 */
export type CustomerPasswordChanged = {
  type: 'CustomerPasswordChanged';
  data: {
    customer_id: number;
    vendor_id: number;
    password_hash: string;
    kept_session_id: string | null;
    ended_session_ids: string[];
    at: string;
  };
};
/** A reset link was asked for: only the SHA-256 of its token is kept, with its expiry. */
export type CustomerPasswordResetRequested = {
  type: 'CustomerPasswordResetRequested';
  data: { customer_id: number; vendor_id: number; token_hash: string; expires_at: string; at: string };
};
/** The reset link was used (once): a new password, and every open session of the customer ended. */
export type CustomerPasswordReset = {
  type: 'CustomerPasswordReset';
  data: { customer_id: number; vendor_id: number; password_hash: string; token_hash: string; ended_session_ids: string[]; at: string };
};
/** A saved address was added (never as default: a default arrives as CustomerDefaultAddressChanged). */
export type CustomerAddressAdded = {
  type: 'CustomerAddressAdded';
  data: { customer_id: number; vendor_id: number; address: AddressFields & { address_id: number }; at: string };
};
/** A saved address was edited; the whole new content is given. */
export type CustomerAddressChanged = {
  type: 'CustomerAddressChanged';
  data: { customer_id: number; vendor_id: number; address: AddressFields & { address_id: number }; at: string };
};
/** A saved address was deleted; if it was a default, its type has none until one is set. */
export type CustomerAddressRemoved = {
  type: 'CustomerAddressRemoved';
  data: { customer_id: number; vendor_id: number; address_id: number; at: string };
};
/** The default address of a type moved (to `address_id`, or to none when null), unsetting the previous one. */
export type CustomerDefaultAddressChanged = {
  type: 'CustomerDefaultAddressChanged';
  data: {
    customer_id: number;
    vendor_id: number;
    type: AddressType;
    address_id: number | null;
    previous_address_id: number | null;
    at: string;
  };
};
/** An order placed on the shop was counted in the customer's statistics (SPEC.md part 6 item 3 a). */
export type CustomerOrderRecorded = {
  type: 'CustomerOrderRecorded';
  data: {
    customer_id: number;
    vendor_id: number;
    order_id: number;
    gross_cents: number;
    placed_at: string;
    /** The statistics after this order. */
    order_count: number;
    total_spent_cents: number;
    last_order_at: string;
  };
};

export type CustomerEvent =
  | CustomerRegistered
  | CustomerProfileChanged
  | CustomerSessionStarted
  | CustomerSessionEnded
  | CustomerPasswordChanged
  | CustomerPasswordResetRequested
  | CustomerPasswordReset
  | CustomerAddressAdded
  | CustomerAddressChanged
  | CustomerAddressRemoved
  | CustomerDefaultAddressChanged
  | CustomerOrderRecorded;

export const CUSTOMER_EVENT_TYPES = [
  'CustomerRegistered',
  'CustomerProfileChanged',
  'CustomerSessionStarted',
  'CustomerSessionEnded',
  'CustomerPasswordChanged',
  'CustomerPasswordResetRequested',
  'CustomerPasswordReset',
  'CustomerAddressAdded',
  'CustomerAddressChanged',
  'CustomerAddressRemoved',
  'CustomerDefaultAddressChanged',
  'CustomerOrderRecorded',
] as const satisfies readonly CustomerEvent['type'][];

/** The address list with `id` as the default of `type` (and no other address of that type default). */
function withDefault(addresses: CustomerAddress[], type: AddressType, id: number | null): CustomerAddress[] {
  return addresses.map((a) => (a.type !== type ? a : { ...a, is_default: a.address_id === id }));
}

export type AddressEvent = Extract<
  CustomerEvent,
  { type: 'CustomerAddressAdded' | 'CustomerAddressChanged' | 'CustomerAddressRemoved' | 'CustomerDefaultAddressChanged' }
>;
export const ADDRESS_EVENT_TYPES = [
  'CustomerAddressAdded',
  'CustomerAddressChanged',
  'CustomerAddressRemoved',
  'CustomerDefaultAddressChanged',
] as const;

/**
 * The saved addresses after one address event: what the address events mean, part of the
 * contract so that the aggregate and every read model fold them the same way.
 */
export function foldAddresses(addresses: CustomerAddress[], event: AddressEvent): CustomerAddress[] {
  switch (event.type) {
    case 'CustomerAddressAdded':
      return [...addresses, { ...event.data.address, is_default: false }];
    case 'CustomerAddressChanged': {
      const next = event.data.address;
      // An address moved to the other type is no longer a default (of either type) until set.
      return addresses.map((a) => (a.address_id !== next.address_id ? a : { ...next, is_default: a.is_default && a.type === next.type }));
    }
    case 'CustomerAddressRemoved':
      return addresses.filter((a) => a.address_id !== event.data.address_id);
    case 'CustomerDefaultAddressChanged':
      return withDefault(addresses, event.data.type, event.data.address_id);
  }
}
