/**
 * The account page's profile form and address book: the customer's names and preferred language,
 * and the saved addresses with their edit, default and delete actions. The forms they post to are
 * src/pages/storefront/addressBook.ts.
 */
import type { Context } from 'koa';
import { LANGUAGE_INFO, LANGUAGES, t, type MessageKey } from '../../core/i18n.ts';
import { html, type Html } from '../html.ts';
import type { SavedAddress } from './addressBook.ts';
import { addressBlock } from './addressForm.ts';
import type { Storefront } from './context.ts';
import { csrfField } from './layout.ts';

/** The account page's profile form and address book. */
export function accountSections(
  ctx: Context,
  sf: Storefront,
  profile: { first_name: string | null; last_name: string | null; preferred_language: string | null },
  addresses: SavedAddress[],
): Html {
  const L = (key: MessageKey) => t(sf.language, key);
  const form = (path: string, label: MessageKey) =>
    html`<form method="post" action="${sf.shopPath(path)}" class="inline">${csrfField(ctx)}<button type="submit">${L(label)}</button></form>`;
  return html`<section id="profile"><h2>${L('storefront.profile')}</h2>
<form method="post" action="${sf.shopPath('/account/profile')}" class="profile">${csrfField(ctx)}
<p><label>${L('storefront.first_name')}<br><input name="first_name" value="${profile.first_name ?? ''}" required maxlength="100" autocomplete="given-name"></label></p>
<p><label>${L('storefront.last_name')}<br><input name="last_name" value="${profile.last_name ?? ''}" required maxlength="100" autocomplete="family-name"></label></p>
<p><label>${L('storefront.preferred_language')}<br><select name="preferred_language"><option value="">${L('storefront.shop_language')}</option>
${LANGUAGES.map((l) => html`<option value="${l}" lang="${l}"${l === profile.preferred_language ? html` selected` : ''}>${LANGUAGE_INFO[l].native_name}</option>`)}</select></label></p>
<p><button type="submit" class="primary">${L('storefront.save')}</button></p></form></section>
<section id="addresses"><h2>${L('storefront.addresses')} <small class="muted">(${addresses.length}/10)</small></h2>
${
  addresses.length === 0
    ? html`<p>${L('storefront.no_addresses')}</p>`
    : html`<ul class="grid addresses">${addresses.map(
        (a) => html`<li class="card address" data-address="${a.id}">
<p><strong>${L(`storefront.address_${a.type}`)}</strong>${a.is_default ? html` · <span class="default">${L('storefront.default')}</span>` : ''}</p>${addressBlock(sf, a)}
<p><a href="${sf.shopPath(`/account/addresses/${a.id}`)}">${L('storefront.edit')}</a></p>
${a.is_default ? '' : form(`/account/addresses/${a.id}/default`, 'storefront.make_default')}${form(`/account/addresses/${a.id}/delete`, 'storefront.delete')}</li>`,
      )}</ul>`
}
<p><a class="button" id="add-address" href="${sf.shopPath('/account/addresses/new')}">${L('storefront.add_address')}</a></p></section>`;
}
