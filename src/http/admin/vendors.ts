import Router from '@koa/router';
import { Type, type Static } from '@sinclair/typebox';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import { CONTACT_FIELDS } from '../../../commands/vendors/events.ts';
import {
  changeVendorProfile,
  changeVendorSubdomain,
  createVendor,
  deleteVendor,
  setVendorActive,
  setVendorVerified,
  type VendorDeps,
} from '../../../commands/vendors/handlers.ts';
import { getVendor, resolveVendorId } from '../../../queries/vendors/getVendor.ts';
import { listVendors, VENDOR_SORTS, type VendorSort } from '../../../queries/vendors/listVendors.ts';
import { ConflictException, VendorNotFoundException } from '../../core/errors.ts';
import { TierNotFoundException } from '../../../commands/vendors/errors.ts';
import { CompanyNotFoundException } from '../../../commands/companies/errors.ts';
import { decideNewVendorPlan } from '../../modules/registry.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { blankToNull, contactChanges, defined } from '../tenancySchemas.ts';
import { Api } from '../api.ts';
import { Message, Page } from '../responses.ts';
import { Id, PageQuery, SortQuery } from '../validation.ts';
import { VendorCreate, VendorDetail, VendorUpdate } from './vendorSchemas.ts';

const ListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  company_id: Type.Optional(Id),
  is_active: Type.Optional(Type.Boolean()),
  is_verified: Type.Optional(Type.Boolean()),
  sort: SortQuery(Object.keys(VENDOR_SORTS) as VendorSort[], 'id (default), name, vendor_code or created_at; a leading - sorts descending'),
});

/** Creates a vendor from the API's VendorCreate body (the admin API and the admin pages). */
export async function createVendorFrom(services: Services, body: Static<typeof VendorCreate>, c: CommandContext) {
  // Checked before anything is claimed: an unknown tier refuses the creation.
  const requested_plan = body.plan ? await decideNewVendorPlan(services, body.plan) : undefined;
  const languages =
    body.storefront_languages ?? (body.storefront_language ? [body.storefront_language] : (['en', 'fr', 'de', 'lb'] as const));
  return createVendor(
    { store: services.store, db: services.db.knex, clock: services.clock },
    {
      company_id: body.company_id,
      vendor_code: body.vendor_code,
      subdomain: body.subdomain,
      name: body.name.trim(),
      description: blankToNull(body.description) ?? null,
      contact_email: null,
      contact_phone: null,
      website: null,
      business_address: null,
      tax_number: null,
      ...contactChanges(body),
      dashboard_language: body.dashboard_language ?? 'en',
      storefront_language: body.storefront_language ?? languages[0],
      storefront_languages: [...languages],
      storefront_locale: body.storefront_locale ?? null,
      extmarket_vendor_id: blankToNull(body.extmarket_vendor_id) ?? null,
      extmarket_vendor_slug: blankToNull(body.extmarket_vendor_slug) ?? null,
      requested_plan,
    },
    c,
  );
}

/** Applies the API's VendorUpdate body: profile and contact overrides, subdomain, flags, each its own command. */
export async function updateVendor(services: Services, id: number, body: Static<typeof VendorUpdate>, c: CommandContext) {
  const deps: VendorDeps = { store: services.store, db: services.db.knex, clock: services.clock };
  const contact = body.reset_contact_to_company ? Object.fromEntries(CONTACT_FIELDS.map((f) => [f, null])) : contactChanges(body);
  const profile = defined({
    ...contact,
    name: body.name?.trim(),
    description: body.description === undefined ? undefined : (blankToNull(body.description) ?? null),
    dashboard_language: body.dashboard_language,
    storefront_language: body.storefront_language,
    storefront_languages: body.storefront_languages,
    storefront_locale: body.storefront_locale,
    extmarket_vendor_id: body.extmarket_vendor_id === undefined ? undefined : (blankToNull(body.extmarket_vendor_id) ?? null),
    extmarket_vendor_slug: body.extmarket_vendor_slug === undefined ? undefined : (blankToNull(body.extmarket_vendor_slug) ?? null),
  });
  const done = [];
  if (Object.keys(profile).length > 0) done.push(...(await changeVendorProfile(deps, id, profile, c)));
  if (body.subdomain !== undefined) done.push(...(await changeVendorSubdomain(deps, id, body.subdomain, c)));
  if (body.is_active !== undefined) done.push(...(await setVendorActive(deps, id, body.is_active, c)));
  if (body.is_verified !== undefined) done.push(...(await setVendorVerified(deps, id, body.is_verified, c)));
  return done;
}

/** The identifier of /vendors/{identifier}: a numeric id or a vendor code (SPEC.md 4.1). */
export const IdentifierParams = Type.Object({ identifier: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' }) });

/** SPEC.md 4.1 vendors: CRUD by id or code, verification and status flags. */
export function adminVendorRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const deps = (): VendorDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const notFound = [VendorNotFoundException];
  const knex = services.db.knex;

  api.get(
    '/vendors',
    {
      summary: 'Vendors, searched on code, name and subdomain, filtered and sorted',
      query: ListQuery,
      responses: { 200: Page(VendorDetail) },
    },
    async (ctx, { query }) => {
      ctx.body = await listVendors(knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 }, query.sort);
    },
  );

  api.post(
    '/vendors',
    {
      summary: 'Create a vendor of a company (code and subdomain unique), optionally on a tier or a trial (`plan`)',
      body: VendorCreate,
      responses: { 201: VendorDetail },
      errors: [CompanyNotFoundException, ConflictException, TierNotFoundException],
    },
    async (ctx, { body }) => {
      const { id, done } = await createVendorFrom(services, body, commandContext(ctx, adminCaller(ctx).id));
      await services.settle(done);
      ctx.status = 201;
      ctx.body = await getVendor(knex, id);
    },
  );

  api.get(
    '/vendors/:identifier',
    {
      summary: 'A vendor by id or code (VendorDetailResponse)',
      params: IdentifierParams,
      responses: { 200: VendorDetail },
      errors: notFound,
    },
    async (ctx, { params }) => {
      ctx.body = await getVendor(knex, await resolveVendorId(knex, params.identifier));
    },
  );

  api.put(
    '/vendors/:identifier',
    {
      summary: 'Change a vendor: profile, contact overrides, languages, subdomain, flags',
      params: IdentifierParams,
      body: VendorUpdate,
      responses: { 200: VendorDetail },
      errors: [VendorNotFoundException, ConflictException],
    },
    async (ctx, { params, body }) => {
      const id = await resolveVendorId(knex, params.identifier);
      const done = await updateVendor(services, id, body, commandContext(ctx, adminCaller(ctx).id));
      await services.settle(done);
      ctx.body = await getVendor(knex, id);
    },
  );

  api.delete(
    '/vendors/:identifier',
    {
      summary: 'Delete a vendor',
      params: IdentifierParams,
      responses: { 200: Message },
      errors: notFound,
    },
    async (ctx, { params }) => {
      const id = await resolveVendorId(knex, params.identifier);
      await services.settle(await deleteVendor(deps(), id, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = { message: `Vendor ${id} deleted`, id };
    },
  );

  // Sets the flag from the body, or toggles it when the body has none.
  api.put(
    '/vendors/:identifier/verification',
    {
      summary: 'Set the verified flag, or toggle it when the body has none',
      params: IdentifierParams,
      body: Type.Object({ is_verified: Type.Optional(Type.Boolean()) }, { $id: 'VendorVerificationUpdate', additionalProperties: false }),
      responses: { 200: VendorDetail },
      errors: notFound,
    },
    async (ctx, { params, body }) => {
      const id = await resolveVendorId(knex, params.identifier);
      const current = await getVendor(knex, id);
      await services.settle(
        await setVendorVerified(deps(), id, body.is_verified ?? !current.is_verified, commandContext(ctx, adminCaller(ctx).id)),
      );
      ctx.body = await getVendor(knex, id);
    },
  );

  api.put(
    '/vendors/:identifier/status',
    {
      summary: 'Set the active flag, or toggle it when the body has none',
      params: IdentifierParams,
      body: Type.Object({ is_active: Type.Optional(Type.Boolean()) }, { $id: 'VendorStatusUpdate', additionalProperties: false }),
      responses: { 200: VendorDetail },
      errors: notFound,
    },
    async (ctx, { params, body }) => {
      const id = await resolveVendorId(knex, params.identifier);
      const current = await getVendor(knex, id);
      await services.settle(
        await setVendorActive(deps(), id, body.is_active ?? !current.is_active, commandContext(ctx, adminCaller(ctx).id)),
      );
      ctx.body = await getVendor(knex, id);
    },
  );

  return api.router;
}
