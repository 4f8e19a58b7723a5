import type Router from '@koa/router';
import { Type, type Static } from '@sinclair/typebox';
import type { CustomerState } from '../../../commands/customers/customer.ts';
import type { AddressFields, AddressType } from '../../../commands/customers/events.ts';
import { addAddress, changeAddress, removeAddress, setDefaultAddress, type CustomerDeps } from '../../../commands/customers/handlers.ts';
import { addressView, getCustomer } from '../../../queries/customers/getCustomer.ts';
import { pageRequest } from '../../core/pagination.ts';
import { countryName, isCountryCode, isNameOfCountry } from '../../core/countries.ts';
import { AddressNotFoundException, ValidationException } from '../../core/errors.ts';
import { AddressLimitExceededException, InvalidAddressTypeException } from '../../../commands/customers/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { customerCommandContext, customerCaller } from '../customerAuth.ts';
import { Message } from '../responses.ts';
import { Address, AddressInput, AddressList, AddressParams } from '../schemas/customers.ts';
import { PageQuery } from '../validation.ts';

/**
 * The entered fields, checked: country_iso must be a country code, and country_name, when given,
 * must name that country in en, fr, de or lb (src/core/countries.ts); without one, the name is
 * the code's in the customer's language. Empty optional fields are null.
 */
export function addressFields(input: Static<typeof AddressInput>, language: string | null): AddressFields {
  const iso = input.country_iso.toUpperCase();
  if (!isCountryCode(iso))
    throw new ValidationException('Unknown country code', [
      { pointer: '/body/country_iso', message: 'is not an ISO 3166-1 alpha-2 country code' },
    ]);
  const name = input.country_name?.trim();
  if (name !== undefined && !isNameOfCountry(iso, name)) {
    throw new ValidationException('country_name does not name country_iso', [
      { pointer: '/body/country_name', message: `does not name ${iso} (for example ${countryName(iso, language)})` },
    ]);
  }
  const opt = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
  return {
    type: input.type as AddressType,
    first_name: input.first_name.trim(),
    last_name: input.last_name.trim(),
    company: opt(input.company),
    street: input.street.trim(),
    street_2: opt(input.street_2),
    postal_code: input.postal_code.trim(),
    city: input.city.trim(),
    country_iso: iso,
    country_name: name ?? countryName(iso, language),
    phone: opt(input.phone),
  };
}

const TYPE_ERRORS = [InvalidAddressTypeException];

/**
 * The signed-in customer's saved addresses (SPEC.md 4.3, part 8): at most 10, at most one default
 * per type. Every address id is looked up in the caller's own customer stream, so another
 * customer's address is a 404 like an unknown one.
 */
export function shopAddressRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  const deps = (): CustomerDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const callerOf = customerCaller;
  const addressIn = (state: unknown, id: number) => {
    const found = (state as CustomerState).addresses.find((a) => a.address_id === id);
    if (!found) throw new AddressNotFoundException(`Address ${id} not found`);
    return addressView(found);
  };

  api.get(
    '/addresses',
    {
      summary: 'The saved addresses by type, the default first (at most 10: the first page of the default size holds them all)',
      caller: 'customer',
      query: Type.Object(PageQuery),
      responses: { 200: AddressList },
    },
    async (ctx, { query }) => {
      const caller = callerOf(ctx);
      const { addresses } = await getCustomer(services.db.knex, caller.id, caller.vendorId);
      const { page, limit } = pageRequest(query);
      ctx.body = { items: addresses.slice((page - 1) * limit, page * limit), total: addresses.length, page, limit };
    },
  );

  api.post(
    '/addresses',
    {
      summary: 'Save an address; the first of its type becomes the default, is_default: true makes it the default',
      caller: 'customer',
      body: AddressInput,
      responses: { 201: Address },
      errors: [AddressLimitExceededException, ...TYPE_ERRORS],
    },
    async (ctx, { body }) => {
      const caller = callerOf(ctx);
      const { id, done } = await addAddress(
        deps(),
        caller.id,
        addressFields(body, caller.preferredLanguage),
        body.is_default,
        customerCommandContext(ctx),
      );
      await services.settle(done);
      ctx.status = 201;
      ctx.body = addressIn(done[0].state, id);
    },
  );

  api.put(
    '/addresses/:id',
    {
      summary: "Replace a saved address's fields; is_default: true makes it the default of its type, false leaves its type without one",
      caller: 'customer',
      params: AddressParams,
      body: AddressInput,
      responses: { 200: Address },
      errors: [AddressNotFoundException, ...TYPE_ERRORS],
    },
    async (ctx, { params, body }) => {
      const caller = callerOf(ctx);
      const done = await changeAddress(
        deps(),
        caller.id,
        params.id,
        addressFields(body, caller.preferredLanguage),
        body.is_default,
        customerCommandContext(ctx),
      );
      await services.settle(done);
      ctx.body = addressIn(done[0].state, params.id);
    },
  );

  api.delete(
    '/addresses/:id',
    {
      summary: 'Delete a saved address (a deleted default leaves its type without a default)',
      caller: 'customer',
      params: AddressParams,
      responses: { 200: Message },
      errors: [AddressNotFoundException],
    },
    async (ctx, { params }) => {
      const caller = callerOf(ctx);
      await services.settle(await removeAddress(deps(), caller.id, params.id, customerCommandContext(ctx)));
      ctx.body = { message: 'Address deleted', id: params.id };
    },
  );

  api.put(
    '/addresses/:id/default',
    {
      summary: 'Make a saved address the default of its type; the previous default is unset in the same write',
      caller: 'customer',
      params: AddressParams,
      responses: { 200: Address },
      errors: [AddressNotFoundException],
    },
    async (ctx, { params }) => {
      const caller = callerOf(ctx);
      const done = await setDefaultAddress(deps(), caller.id, params.id, customerCommandContext(ctx));
      await services.settle(done);
      ctx.body = addressIn(done[0].state, params.id);
    },
  );

  return api.router;
}
