/**
 * The form page of one address of the customer's address book: a new one, or a saved one to
 * change, with its type, fields and default box, and the message of a field the form refused.
 */
import type { Context } from 'koa';
import { t, type MessageKey } from '../../core/i18n.ts';
import { html } from '../html.ts';
import { addressInputs, type AddressValues } from './addressForm.ts';
import type { Storefront } from './context.ts';
import { csrfField, renderPage } from './layout.ts';

const L = (sf: Storefront, key: MessageKey, params?: Record<string, string | number>) => t(sf.language, key, params);
const account = (sf: Storefront, query = '') => sf.shopPath(`/account${query}`);

/** The address form page: `id` null for a new address, `error` the message of what the form refused. */
export function addressPage(
  ctx: Context,
  sf: Storefront,
  options: { id: number | null; type: string; isDefault: boolean; values: AddressValues; error?: string | null },
  status = 200,
) {
  const title = L(sf, options.id === null ? 'storefront.add_address' : 'storefront.edit_address');
  const action = sf.shopPath(options.id === null ? '/account/addresses' : `/account/addresses/${options.id}`);
  renderPage(
    ctx,
    sf,
    {
      title,
      error: options.error,
      body: html`<h1>${title}</h1>
<form method="post" action="${action}" class="address">${csrfField(ctx)}
<p><label>${L(sf, 'storefront.address_type')}<br><select name="type">${(['shipping', 'billing'] as const).map((type) => html`<option value="${type}"${type === options.type ? html` selected` : ''}>${L(sf, `storefront.address_${type}`)}</option>`)}</select></label></p>
${addressInputs(sf, options.values)}
<p><label><input type="checkbox" name="is_default" value="1"${options.isDefault ? html` checked` : ''}> ${L(sf, 'storefront.use_as_default')}</label></p>
<p><button type="submit" class="primary">${L(sf, 'storefront.save')}</button> <a href="${account(sf)}">${L(sf, 'storefront.account')}</a></p></form>`,
    },
    status,
  );
}
