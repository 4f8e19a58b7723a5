import { ValidationException } from '../../src/core/errors.ts';

/**
 * Words a page slug may not take: the storefront serves a content page at /{vendor_code}/{slug},
 * a catch-all that must never shadow a real route of the shop, the account, the API or the docs.
 */
export const RESERVED_SLUGS: readonly string[] = [
  'shop',
  'account',
  'cart',
  'api',
  'admin',
  'vendor',
  'vendors',
  'login',
  'logout',
  'register',
  'checkout',
  'products',
  'orders',
  'docs',
  'health',
  'static',
  'assets',
  'media',
  'search',
  'forgot-password',
  'reset-password',
  'language',
  'platform',
  'public',
  'openapi.json',
];

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const SLUG = new RegExp(SLUG_PATTERN);

/** A slug is lowercase letters, digits and single hyphens, at most 100 characters, and not reserved. */
export function assertValidSlug(slug: string): void {
  if (!SLUG.test(slug) || slug.length > 100) {
    throw new ValidationException('A page slug is lowercase letters, digits and single hyphens (at most 100 characters)', [
      { pointer: '/body/slug', message: 'lowercase a-z, 0-9 and single hyphens' },
    ]);
  }
  if (RESERVED_SLUGS.includes(slug)) {
    throw new ValidationException(`The slug '${slug}' is reserved for a route of the shop`, [
      { pointer: '/body/slug', message: 'reserved' },
    ]);
  }
}
