import type Router from '@koa/router';
import type { Static } from '@sinclair/typebox';
import type { Context } from 'koa';
import {
  addAddress,
  addressFields,
  changeAddress,
  changeProfile,
  getCustomer,
  removeAddress,
  setDefaultAddress,
  type CustomerDeps,
} from '../../modules/customers.ts';
import { AddressNotFoundException, ValidationException } from '../../core/errors.ts';
import { AddressLimitExceededException, InvalidAddressTypeException } from '../../../commands/customers/errors.ts';
import { isLanguage, t, type MessageKey } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import type { CustomerCaller } from '../../http/customerAuth.ts';
import { AddressInput, ProfileUpdate } from '../../modules/customers.ts';
import { validBody } from '../../http/validation.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { addressValues, fieldNames, type AddressValues } from './addressForm.ts';
import { addressPage } from './addressPage.ts';
import type { Storefront } from './context.ts';
import { renderNotFound } from './layout.ts';
import { field, FORM_REFUSED, HTML_PAGE, NOT_FOUND, positiveInt, routeParam, SEE_OTHER, seeOther, shopPage } from './routing.ts';
import { signedInCustomer } from './session.ts';

export type SavedAddress = Awaited<ReturnType<typeof getCustomer>>['addresses'][number];

/**
 * The account's profile form and address book. Each form runs the customers area's handlers
 * in-process (changeProfile, addAddress, changeAddress, removeAddress, setDefaultAddress) with the
 * shop API's own checks (ProfileUpdate, AddressInput, addressFields), then redirects to the
 * account page with what happened. At most 10 addresses (SPEC.md part 8): an eleventh comes back
 * as the account page's message.
 */
export function storefrontAddressBookRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const deps = (): CustomerDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const L = (sf: Storefront, key: MessageKey, params?: Record<string, string | number>) => t(sf.language, key, params);
  const context = (ctx: Context, sf: Storefront, c: CustomerCaller): CommandContext => ({
    userId: `customer:${c.id}`,
    vendorId: sf.vendor.id,
    correlationId: ctx.state.requestId as string,
  });
  const account = (sf: Storefront, query = '') => sf.shopPath(`/account${query}`);

  /** The page's customer, or a redirect to sign-in that comes back to `back`. */
  async function customerOr(ctx: Context, sf: Storefront, back: string): Promise<CustomerCaller | null> {
    const customer = await signedInCustomer(services, ctx, sf);
    if (!customer) seeOther(ctx, sf.shopPath(`/login?return=${encodeURIComponent(back)}`));
    return customer;
  }

  /** Runs an address form: the shop API's checks, then the handler; the form again on a wrong field. */
  async function saveAddress(ctx: Context, sf: Storefront, customer: CustomerCaller, id: number | null) {
    const values = addressValues(ctx);
    const type = field(ctx, 'type');
    const isDefault = field(ctx, 'is_default') === '1';
    try {
      const body: Static<typeof AddressInput> = validBody(AddressInput, { ...values, type, is_default: isDefault });
      const fields = addressFields(body, customer.preferredLanguage ?? sf.language);
      const done =
        id === null
          ? (await addAddress(deps(), customer.id, fields, isDefault || undefined, context(ctx, sf, customer))).done
          : await changeAddress(deps(), customer.id, id, fields, isDefault, context(ctx, sf, customer));
      await services.settle(done);
      seeOther(ctx, account(sf, '?notice=address_saved#addresses'));
    } catch (err) {
      if (err instanceof ValidationException) {
        return addressPage(
          ctx,
          sf,
          {
            id,
            type,
            isDefault,
            values,
            error: L(sf, 'storefront.error_form', {
              fields: fieldNames(
                sf,
                err.errors.map((e) => e.pointer),
              ),
            }),
          },
          422,
        );
      }
      if (err instanceof InvalidAddressTypeException) {
        return addressPage(
          ctx,
          sf,
          { id, type, isDefault, values, error: L(sf, 'storefront.error_form', { fields: L(sf, 'storefront.address_type') }) },
          422,
        );
      }
      if (err instanceof AddressLimitExceededException) return seeOther(ctx, account(sf, '?error=address_limit#addresses'));
      if (err instanceof AddressNotFoundException) return renderNotFound(ctx, sf);
      throw err;
    }
  }

  const formDecl = (summary: string) => ({ summary, responses: { 303: SEE_OTHER, 403: FORM_REFUSED, 404: NOT_FOUND } });

  shopPage(
    services,
    api,
    'post',
    '/account/profile',
    {
      summary:
        "Storefront form: change the customer's names and preferred language (`first_name`, `last_name`, `preferred_language`: empty for the shop's), then the account page",
      responses: {
        303: SEE_OTHER,
        403: FORM_REFUSED,
        404: NOT_FOUND,
        422: { ...HTML_PAGE, description: 'A name is missing or too long: the account page with the message' },
      },
    },
    async (ctx, sf) => {
      const customer = await customerOr(ctx, sf, account(sf));
      if (!customer) return;
      const language = field(ctx, 'preferred_language');
      const changes = {
        first_name: field(ctx, 'first_name').trim(),
        last_name: field(ctx, 'last_name').trim(),
        preferred_language: isLanguage(language) ? language : null,
      };
      try {
        validBody(ProfileUpdate, changes);
        if (!changes.first_name || !changes.last_name)
          throw new ValidationException('names', [
            { pointer: `/body/${changes.first_name ? 'last_name' : 'first_name'}`, message: 'required' },
          ]);
      } catch (err) {
        if (!(err instanceof ValidationException)) throw err;
        return seeOther(ctx, account(sf, '?error=profile#profile'));
      }
      await services.settle(await changeProfile(deps(), customer.id, changes, context(ctx, sf, customer)));
      seeOther(ctx, account(sf, '?notice=profile_saved#profile'));
    },
  );

  shopPage(
    services,
    api,
    'get',
    '/account/addresses/new',
    {
      summary: 'Storefront page: the form of a new saved address',
      responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
    },
    async (ctx, sf) => {
      const customer = await customerOr(ctx, sf, ctx.url);
      if (!customer) return;
      const type = ctx.query.type === 'billing' ? 'billing' : 'shipping';
      addressPage(ctx, sf, {
        id: null,
        type,
        isDefault: false,
        values: { first_name: customer.firstName ?? '', last_name: customer.lastName ?? '' },
      });
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/account/addresses',
    {
      summary:
        "Storefront form: save a new address (the AddressInput fields; `is_default=1`), then the account page; an eleventh address comes back as the account page's message",
      responses: {
        303: SEE_OTHER,
        403: FORM_REFUSED,
        404: NOT_FOUND,
        422: { ...HTML_PAGE, description: 'A field is missing or invalid: the form again' },
      },
    },
    async (ctx, sf) => {
      const customer = await customerOr(ctx, sf, sf.shopPath('/account/addresses/new'));
      if (customer) await saveAddress(ctx, sf, customer, null);
    },
  );

  /** The customer's own saved address of the URL, or null (the shop's 404 page: another customer's address is unknown here). */
  async function ownAddress(ctx: Context, sf: Storefront, customer: CustomerCaller): Promise<SavedAddress | null> {
    const id = positiveInt(routeParam(ctx, 'address_id'));
    if (id === null) return null;
    const { addresses } = await getCustomer(services.db.knex, customer.id, sf.vendor.id);
    return addresses.find((a) => a.id === id) ?? null;
  }

  shopPage(
    services,
    api,
    'get',
    '/account/addresses/:address_id',
    {
      summary: "Storefront page: the form of one of the customer's saved addresses",
      responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
    },
    async (ctx, sf) => {
      const customer = await customerOr(ctx, sf, ctx.url);
      if (!customer) return;
      const a = await ownAddress(ctx, sf, customer);
      if (!a) return renderNotFound(ctx, sf);
      const values = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v === null ? '' : String(v)])) as AddressValues;
      addressPage(ctx, sf, { id: a.id, type: a.type, isDefault: a.is_default, values });
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/account/addresses/:address_id',
    {
      summary: 'Storefront form: change a saved address (the AddressInput fields), then the account page',
      responses: {
        303: SEE_OTHER,
        403: FORM_REFUSED,
        404: NOT_FOUND,
        422: { ...HTML_PAGE, description: 'A field is missing or invalid: the form again' },
      },
    },
    async (ctx, sf) => {
      const customer = await customerOr(ctx, sf, account(sf));
      if (!customer) return;
      const a = await ownAddress(ctx, sf, customer);
      if (!a) return renderNotFound(ctx, sf);
      await saveAddress(ctx, sf, customer, a.id);
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/account/addresses/:address_id/delete',
    formDecl('Storefront form: delete a saved address, then the account page'),
    async (ctx, sf) => {
      const customer = await customerOr(ctx, sf, account(sf));
      if (!customer) return;
      const a = await ownAddress(ctx, sf, customer);
      if (!a) return renderNotFound(ctx, sf);
      await services.settle(await removeAddress(deps(), customer.id, a.id, context(ctx, sf, customer)));
      seeOther(ctx, account(sf, '?notice=address_deleted#addresses'));
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/account/addresses/:address_id/default',
    formDecl('Storefront form: make a saved address the default of its type, then the account page'),
    async (ctx, sf) => {
      const customer = await customerOr(ctx, sf, account(sf));
      if (!customer) return;
      const a = await ownAddress(ctx, sf, customer);
      if (!a) return renderNotFound(ctx, sf);
      await services.settle(await setDefaultAddress(deps(), customer.id, a.id, context(ctx, sf, customer)));
      seeOther(ctx, account(sf, '?notice=address_saved#addresses'));
    },
  );

  return api.router;
}
