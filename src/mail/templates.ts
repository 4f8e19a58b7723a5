import { isLanguage, type LanguageCode } from '../core/i18n.ts';
import { oneLine, type RenderedMail } from './layout.ts';
import { customerPasswordReset, type CustomerPasswordResetVars } from './templates/customerPasswordReset.ts';
import { newMessage, type NewMessageVars } from './templates/newMessage.ts';
import { orderConfirmation, type OrderConfirmationVars } from './templates/orderConfirmation.ts';
import { orderLimitReached, type OrderLimitReachedVars } from './templates/orderLimitReached.ts';

export type { RenderedMail } from './layout.ts';
export type { CustomerPasswordResetVars } from './templates/customerPasswordReset.ts';
export type { OrderConfirmationVars } from './templates/orderConfirmation.ts';
export type { OrderLimitReachedVars } from './templates/orderLimitReached.ts';
export type { NewMessageVars } from './templates/newMessage.ts';

/** Every mail the service sends, by template name, with the values it is written from. */
export interface MailTemplates {
  customer_password_reset: CustomerPasswordResetVars;
  order_confirmation: OrderConfirmationVars;
  order_limit_reached: OrderLimitReachedVars;
  new_message: NewMessageVars & { quiet_minutes: number };
}
export type MailTemplate = keyof MailTemplates;

const TEMPLATES: { [T in MailTemplate]: (language: LanguageCode, vars: MailTemplates[T]) => RenderedMail } = {
  customer_password_reset: customerPasswordReset,
  order_confirmation: orderConfirmation,
  order_limit_reached: orderLimitReached,
  new_message: newMessage,
};

/** The mail language for a customer's preference ("fr", "fr-LU", "FR"); anything else is English. */
export function mailLanguage(language: string | null | undefined): LanguageCode {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : 'en';
}

/**
 * A mail's subject, plain text and HTML in the customer's language (en, fr, de, lb; English
 * otherwise). Every value is inserted as text: in the HTML part it is escaped.
 */
export function renderMail<T extends MailTemplate>(template: T, language: string | null | undefined, vars: MailTemplates[T]): RenderedMail {
  const render = TEMPLATES[template] as (language: LanguageCode, vars: MailTemplates[T]) => RenderedMail;
  if (!render) throw new Error(`unknown mail template ${String(template)}`);
  const mail = render(mailLanguage(language), vars);
  return { ...mail, subject: oneLine(mail.subject) };
}
