import { Type } from '@sinclair/typebox';
import { VendorCode } from '../tenancySchemas.ts';

/** The signup's request bodies: the API validates them, and the signup pages check their forms against the same ones. */
const Language = Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('de'), Type.Literal('lb')]);
const Text = (max: number) => Type.String({ maxLength: max });

export const ExtmarketKey = Type.Object(
  {
    api_key: Type.String({ minLength: 8, maxLength: 500, pattern: '^\\S+$' }),
    api_endpoint: Type.Optional(
      Type.String({
        minLength: 10,
        maxLength: 500,
        pattern: '^\\S+$',
        description: 'The extmarket GraphQL endpoint (default: EXTMARKET_API_URL)',
      }),
    ),
  },
  { $id: 'ExtmarketShopKey', additionalProperties: false },
);

export const SignupStart = Type.Object(
  { tier_code: Type.Optional(Type.String({ maxLength: 50 })), language: Type.Optional(Language) },
  { $id: 'SignupStart', additionalProperties: false },
);

export const SignupAccount = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: 10, maxLength: 1024 }),
    first_name: Type.Optional(Text(100)),
    last_name: Type.Optional(Text(100)),
    language: Type.Optional(Language),
  },
  { $id: 'SignupAccount', additionalProperties: false },
);

export const SignupCompany = Type.Object(
  {
    name: Type.String({ minLength: 2, maxLength: 200 }),
    business_address: Type.Optional(Text(500)),
    tax_number: Type.Optional(Text(50)),
    contact_phone: Type.Optional(Text(50)),
    website: Type.Optional(Text(300)),
  },
  { $id: 'SignupCompany', additionalProperties: false },
);

export const SignupVendor = Type.Object(
  { vendor_code: VendorCode, name: Type.Optional(Type.String({ maxLength: 200 })) },
  { $id: 'SignupVendor', additionalProperties: false },
);

export const SignupTier = Type.Object(
  {
    tier_code: Type.String({ minLength: 1, maxLength: 50 }),
    billing_interval: Type.Optional(Type.Union([Type.Literal('month'), Type.Literal('year')])),
  },
  { $id: 'SignupTier', additionalProperties: false },
);

export const SignupCardConfirm = Type.Object(
  { setup_intent_id: Type.String({ minLength: 3, maxLength: 255 }) },
  { $id: 'SignupCardConfirm', additionalProperties: false },
);
