import { t, type LanguageCode, type MessageKey } from '../../core/i18n.ts';

/**
 * What a page says after a form (Post/Redirect/Get): the redirect names the outcome in the query
 * string (`notice=added`, `error=stock`), and the page shows the catalogue's text for it. Only
 * these names are shown, so a crafted link cannot make a shop say anything else.
 */
const NOTICES: Record<string, MessageKey> = {
  added: 'storefront.added',
  updated: 'storefront.updated',
  removed: 'storefront.removed',
  accepted: 'storefront.accepted',
  link_sent: 'storefront.link_sent',
  password_reset: 'storefront.password_reset_done',
  profile_saved: 'storefront.profile_saved',
  address_saved: 'storefront.address_saved',
  address_deleted: 'storefront.address_deleted',
};
const ERRORS: Record<string, MessageKey> = {
  stock: 'storefront.error_stock',
  unavailable: 'storefront.error_unavailable',
  quantity: 'storefront.error_quantity',
  checkout: 'storefront.error_checkout',
  address_limit: 'storefront.error_address_limit',
  profile: 'storefront.error_profile',
};

export const noticeMessage = (language: LanguageCode, name: unknown) =>
  typeof name === 'string' && Object.hasOwn(NOTICES, name) ? t(language, NOTICES[name]) : null;

export const errorMessage = (language: LanguageCode, name: unknown) =>
  typeof name === 'string' && Object.hasOwn(ERRORS, name) ? t(language, ERRORS[name]) : null;

/** An order status in the shopper's words (the status code itself for one the catalogue does not know). */
export function orderStatusText(language: LanguageCode, status: string): string {
  const key = `storefront.status_${status}`;
  return Object.hasOwn(STATUSES, key) ? t(language, key as MessageKey) : status;
}
const STATUSES = Object.fromEntries(
  ['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped'].map((s) => [`storefront.status_${s}`, true]),
);
