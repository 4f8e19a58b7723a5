import type { Context } from 'koa';
import type { NewConversation } from '../../../commands/messaging/handlers.ts';
import { listCustomers } from '../../modules/customers.ts';
import { otherAdmins, searchVendors, vendorCustomerByEmail, vendorNamed } from '../../../queries/messaging/recipients.ts';
import { VendorNotFoundException } from '../../core/errors.ts';
import { CustomerNotFoundException } from '../../../commands/customers/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { html, type Html } from '../html.ts';
import { text, texts } from './actions.ts';
import type { PageCaller, StartForms } from './backOfficeMessages.ts';
import { mt } from './texts.ts';
import { startForm, type MessagesPage } from './views.ts';

/**
 * The "new conversation" forms of the back-office lists, one per kind of recipient the area can
 * write to (the API's conversation types: docs/messaging.md "Pages"). Each form posts its
 * `conversation_type`; the recipients it names in words (a vendor code or name, a customer's
 * e-mail, ticked admins) become ids on the server, after the plan gate, and the command handlers
 * check them again. Nothing needs JavaScript: a vendor is found by a search form that reloads
 * the page with a short list, a customer by e-mail with the vendor's customers as suggestions.
 */
const typeField = (type: string) => html`<input type="hidden" name="conversation_type" value="${type}">`;

/** Vendors listed by the search form; past it, the vendor code or exact name typed. */
const VENDOR_CHOICES = 25;
/** Customers suggested under the e-mail field; any other customer of the vendor is typed. */
const CUSTOMER_SUGGESTIONS = 100;

/** The vendor of the admins' form: a search form (GET, the page again with a short list), then a select of its results or the code typed. */
async function vendorField(services: Services, ctx: Context, p: MessagesPage): Promise<{ search: Html; field: Html }> {
  const term = typeof ctx.query.vendor_search === 'string' ? ctx.query.vendor_search.trim().slice(0, 100) : '';
  const search = html`<form class="vendor-search" method="get" action="${p.base}"><p><label>${mt(p.language, 'find_vendor')}<br>
<input type="search" name="vendor_search" value="${term}" maxlength="100"></label> <button type="submit">${mt(p.language, 'search')}</button></p></form>`;
  const typed = html`<p><label>${mt(p.language, 'vendor_field')}<br><input name="vendor" required maxlength="255"></label></p>`;
  if (term === '') return { search, field: typed };
  const found = await searchVendors(services.db.knex, term, VENDOR_CHOICES);
  if (found.length === 0)
    return { search: html`${search}<p class="muted" id="no-vendor-found">${mt(p.language, 'no_vendor_found')}</p>`, field: typed };
  return {
    search,
    field: html`<p><label>${mt(p.language, 'to_vendor')}<br><select name="vendor" required>
${found.map((v) => html`<option value="${v.vendor_code}">${v.name} (${v.vendor_code})</option>`)}</select></label></p>`,
  };
}

/** The admins' list: to a vendor's team (admin_vendor), to other admins (admin). */
export function adminStartForms(services: Services): StartForms {
  return {
    async forms(ctx, c, p) {
      const vendor = await vendorField(services, ctx, p);
      const admins = await otherAdmins(services.db.knex, c.actor.id);
      const boxes = html`<fieldset><legend>${mt(p.language, 'to_admins')}</legend>
${admins.map((a) => html`<label><input type="checkbox" name="admin_ids" value="${a.id}"> ${a.name} <span class="muted">${a.email}</span></label><br>`)}</fieldset>`;
      return html`<h2>${mt(p.language, 'new_conversation')}</h2>
<section id="start-admin-vendor"><h3>${mt(p.language, 'to_vendor')}</h3>${vendor.search}
${startForm(p, html`${typeField('admin_vendor')}${vendor.field}`, null)}</section>
<section id="start-admin"><h3>${mt(p.language, 'to_admins')}</h3>
${admins.length === 0 ? html`<p class="muted">${mt(p.language, 'no_admins')}</p>` : startForm(p, html`${typeField('admin')}${boxes}`, null)}</section>`;
    },
    recipients(ctx) {
      const type = text(ctx, 'conversation_type') || 'admin_vendor';
      if (type === 'admin_vendor') {
        return {
          conversation_type: type,
          async resolve() {
            const vendorId = await vendorNamed(services.db.knex, text(ctx, 'vendor').slice(0, 255));
            if (vendorId === null) throw new VendorNotFoundException('No vendor has this code or name');
            return { vendor_id: vendorId };
          },
        };
      }
      const ids = texts(ctx, 'admin_ids')
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => /^\d{1,10}$/.test(v))
        .map(Number);
      return { conversation_type: type, resolve: async () => ({ admin_ids: [...new Set(ids)].slice(0, 50) }) };
    },
  };
}

/** The team's list: to the platform (admin_vendor), to a customer of the vendor (vendor_customer). */
export function vendorStartForms(services: Services): StartForms {
  return {
    async forms(_ctx, c, p) {
      const customers = await listCustomers(
        services.db.knex,
        { vendor_id: c.actor.vendor_id! },
        { page: 1, limit: CUSTOMER_SUGGESTIONS },
        'email',
      );
      const email = html`<p><label>${mt(p.language, 'customer_email')}<br><input type="email" name="customer_email" required maxlength="255" list="vendor-customers" autocomplete="off"></label></p>
<datalist id="vendor-customers">${customers.items.map((cu) => html`<option value="${cu.email}">${[cu.first_name, cu.last_name].filter(Boolean).join(' ')}</option>`)}</datalist>`;
      return html`<h2>${mt(p.language, 'new_conversation')}</h2>
<section id="start-admin-vendor"><h3>${mt(p.language, 'to_platform')}</h3>${startForm(p, typeField('admin_vendor'), null)}</section>
<section id="start-vendor-customer"><h3>${mt(p.language, 'to_customer')}</h3>${startForm(p, html`${typeField('vendor_customer')}${email}`, null)}</section>`;
    },
    recipients(ctx, c: PageCaller) {
      const type = text(ctx, 'conversation_type') || 'admin_vendor';
      if (type !== 'vendor_customer') return { conversation_type: type };
      return {
        conversation_type: type,
        async resolve(): Promise<Partial<NewConversation>> {
          const customerId = await vendorCustomerByEmail(services.db.knex, c.actor.vendor_id!, text(ctx, 'customer_email').slice(0, 255));
          if (customerId === null) throw new CustomerNotFoundException('The vendor has no customer with this e-mail');
          return { customer_id: customerId };
        },
      };
    },
  };
}
