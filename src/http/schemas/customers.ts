import { Type } from '@sinclair/typebox';
import { CUSTOMER_SORTS, type CustomerSort } from '../../../queries/customers/listCustomers.ts';
import { CustomerListRow } from '../../../projections/customers/customerList.ts';
import { Nullable, Page, rowFields } from '../responses.ts';
import { Email, Id, Language, PageQuery, SortQuery } from '../validation.ts';

/** Passwords follow the platform's rule (as for users): 10 to 1,024 characters, hashed with argon2id. */
export const NewPassword = Type.String({ minLength: 10, maxLength: 1024 });
const GivenPassword = Type.String({ minLength: 1, maxLength: 1024 });
const Name = Type.String({ minLength: 1, maxLength: 100 });
const Text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '^[^\\u0000-\\u001f]*$' });

/**
 * The shopper's own settings, kept as given: at most 50 keys, and the whole object small (the
 * request body limit applies; nested values are allowed).
 */
export const Preferences = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 50 });

export const CustomerRegister = Type.Object(
  {
    email: Email,
    password: NewPassword,
    first_name: Name,
    last_name: Name,
    preferred_language: Type.Optional(Language),
  },
  { $id: 'CustomerRegister', additionalProperties: false },
);

/** Customer login uses `email` (SPEC.md part 5 rule 1). */
export const CustomerLogin = Type.Object({ email: Email, password: GivenPassword }, { $id: 'CustomerLogin', additionalProperties: false });
export const ForgotPassword = Type.Object({ email: Email }, { $id: 'ForgotPasswordRequest', additionalProperties: false });
export const ResetPassword = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the reset link' }),
    new_password: NewPassword,
  },
  { $id: 'ResetPasswordRequest', additionalProperties: false },
);

/** CustomerPasswordChange (SPEC.md part 2): the current password is required. */
export const CustomerPasswordChange = Type.Object(
  {
    current_password: GivenPassword,
    new_password: NewPassword,
  },
  { $id: 'CustomerPasswordChange', additionalProperties: false, title: 'CustomerPasswordChange' },
);

export const ProfileUpdate = Type.Object(
  {
    first_name: Type.Optional(Nullable(Name)),
    last_name: Type.Optional(Nullable(Name)),
    preferred_language: Type.Optional(Nullable(Language)),
    preferences: Type.Optional(Preferences),
  },
  { $id: 'CustomerProfileUpdate', additionalProperties: false, minProperties: 1 },
);

/** The customer as the shop shows it to the customer. */
export const CustomerProfile = Type.Object(
  {
    ...rowFields(CustomerListRow, ['id', 'vendor_id', 'email', 'first_name', 'last_name']),
    // The shop's languages keep their one named schema in the document.
    preferred_language: Nullable(Language),
    ...rowFields(CustomerListRow, ['preferences', 'created_at']),
  },
  { $id: 'CustomerProfile' },
);

export const CustomerSignIn = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('bearer'),
    expires_in: Type.Integer({ description: 'Seconds' }),
    customer: CustomerProfile,
  },
  { $id: 'CustomerTokenResponse' },
);

export const AddressType = Type.String({
  description: 'shipping or billing (anything else is InvalidAddressTypeException)',
  examples: ['shipping', 'billing'],
  maxLength: 20,
});

/** An address as entered. country_name may be left out: it is then the code's name in the customer's language. */
export const AddressInput = Type.Object(
  {
    type: AddressType,
    first_name: Text(100),
    last_name: Text(100),
    company: Type.Optional(Nullable(Text(200))),
    street: Text(200),
    street_2: Type.Optional(Nullable(Text(200))),
    postal_code: Text(20),
    city: Text(100),
    country_iso: Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' }),
    country_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: "The country's name in en, fr, de or lb; it must name country_iso",
      }),
    ),
    phone: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9+()./ -]+$' }))),
    is_default: Type.Optional(Type.Boolean({ description: 'Make it the default of its type (unsets the previous default)' })),
  },
  { $id: 'CustomerAddressInput', additionalProperties: false },
);

export const Address = Type.Object(
  {
    id: Type.Integer(),
    type: Type.Union([Type.Literal('shipping'), Type.Literal('billing')]),
    first_name: Type.String(),
    last_name: Type.String(),
    company: Nullable(Type.String()),
    street: Type.String(),
    street_2: Nullable(Type.String()),
    postal_code: Type.String(),
    city: Type.String(),
    country_iso: Type.String(),
    country_name: Type.String(),
    phone: Nullable(Type.String()),
    is_default: Type.Boolean(),
  },
  { $id: 'CustomerAddress' },
);

/** The saved addresses in the list form; a customer has at most MAX_ADDRESSES of them. */
export const AddressList = Page(Address);

export const AddressParams = Type.Object({ id: Id });

/** A customer in the vendor's and the admin's lists. */
export const CustomerItem = Type.Object(
  {
    ...rowFields(CustomerListRow, ['id', 'vendor_id']),
    vendor_code: Nullable(Type.String()),
    vendor_name: Nullable(Type.String()),
    ...rowFields(CustomerListRow, ['email', 'first_name', 'last_name']),
    preferred_language: Nullable(Language),
    ...rowFields(CustomerListRow, ['order_count']),
    total_spent_cents: Type.Integer(),
    ...rowFields(CustomerListRow, ['last_order_at', 'created_at', 'updated_at']),
  },
  { $id: 'CustomerItem' },
);

export const CustomerDetail = Type.Composite(
  [
    CustomerItem,
    Type.Object({
      preferences: Type.Record(Type.String(), Type.Unknown()),
      addresses: Type.Array(Address),
    }),
  ],
  { $id: 'CustomerDetail' },
);

export const CustomerListQuery = {
  ...PageQuery,
  search: Type.Optional(
    Type.String({ maxLength: 100, pattern: '^[^\\u0000-\\u001f]*$', description: 'A part of the e-mail, first or last name' }),
  ),
  sort: SortQuery(
    Object.keys(CUSTOMER_SORTS) as CustomerSort[],
    'created_at, email, last_name, order_count, total_spent or last_order_at; a leading - sorts descending; default -created_at; ties end on the id',
  ),
};
