import { t, type LanguageCode, type MessageKey } from '../../core/i18n.ts';

/**
 * What a page says after a form (Post/Redirect/Get): the redirect names the outcome in the query
 * string (`notice=added`, `error=stock`), and the page shows the catalogue's text for it. Only
 * these names are shown, so a crafted link cannot make a shop say anything else.
 */
const NOTICES: Record<string, MessageKey> = {
  added: 'storefront.added', updated: 'storefront.updated', removed: 'storefront.removed', accepted: 'storefront.accepted',
  link_sent: 'storefront.link_sent', password_reset: 'storefront.password_reset_done', profile_saved: 'storefront.profile_saved',
  address_saved: 'storefront.address_saved', address_deleted: 'storefront.address_deleted',
};
const ERRORS: Record<string, MessageKey> = {
  stock: 'storefront.error_stock', unavailable: 'storefront.error_unavailable', quantity: 'storefront.error_quantity', checkout: 'storefront.error_checkout',
  address_limit: 'storefront.error_address_limit',
};

export const noticeMessage = (language: LanguageCode, name: unknown) =>
  (typeof name === 'string' && Object.hasOwn(NOTICES, name) ? t(language, NOTICES[name]) : null);

export const errorMessage = (language: LanguageCode, name: unknown) =>
  (typeof name === 'string' && Object.hasOwn(ERRORS, name) ? t(language, ERRORS[name]) : null);
