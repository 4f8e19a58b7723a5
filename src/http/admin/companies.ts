import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import {
  changeCompanyDetails,
  createCompany,
  deleteCompany,
  setCompanyActive,
  setCompanyVerified,
  transferCompanyOwnership,
  type CompanyDeps,
} from '../../../commands/companies/handlers.ts';
import { countOwnedCompanies, getCompany } from '../../../queries/companies/getCompany.ts';
import { COMPANY_SORTS, listCompanies, type CompanySort } from '../../../queries/companies/listCompanies.ts';
import { findUserIdByLogin, relatedCounters } from '../../modules/users.ts';
import { ConflictException } from '../../core/errors.ts';
import { CompanyException, CompanyHasVendorsException, CompanyNotFoundException } from '../../../commands/companies/errors.ts';
import { UserNotFoundException, UserOwnershipException } from '../../../commands/users/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { blankToNull, ContactSchema, contactChanges, Description, Name } from '../tenancySchemas.ts';
import { Api } from '../api.ts';
import { Message, Nullable, Page, rowFields } from '../responses.ts';
import { CompanyListRow } from '../../../projections/companies/companyList.ts';
import { Email, Id, IdParams, PageQuery, SortQuery } from '../validation.ts';
import { deletionGuards } from '../../modules/users.ts';

/** A company (CompanyResponse) with how many vendors it owns. */
const CompanyItem = Type.Object(
  rowFields(CompanyListRow, [
    'id',
    'name',
    'description',
    'owner_user_id',
    'contact_email',
    'contact_phone',
    'website',
    'business_address',
    'tax_number',
    'is_active',
    'is_verified',
    'vendor_count',
    'created_at',
    'updated_at',
  ]),
  { $id: 'CompanyResponse' },
);

export const CompanyCreate = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    owner_email: Email,
    owner_username: Type.Optional(Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9_.-]+$' })),
    owner_first_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    owner_last_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    ...ContactSchema,
  },
  { $id: 'CompanyCreate', additionalProperties: false },
);

export const CompanyUpdate = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description), ...ContactSchema },
  { $id: 'CompanyUpdate', additionalProperties: false, minProperties: 1 },
);

const ListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  is_active: Type.Optional(Type.Boolean()),
  is_verified: Type.Optional(Type.Boolean()),
  owner_user_id: Type.Optional(Id),
  sort: SortQuery(Object.keys(COMPANY_SORTS) as CompanySort[], 'id (default), name or created_at; a leading - sorts descending'),
});

const CompanyDetail = Type.Composite(
  [
    CompanyItem,
    Type.Object({
      owner: Nullable(Type.Object({ id: Type.Integer(), email: Type.String(), username: Type.String(), is_active: Type.Boolean() })),
      vendors: Type.Array(
        Type.Object({
          id: Type.Integer(),
          vendor_code: Type.String(),
          name: Type.String(),
          subdomain: Type.String(),
          is_active: Type.Boolean(),
          is_verified: Type.Boolean(),
        }),
      ),
    }),
  ],
  { $id: 'CompanyDetailResponse' },
);
const CompanyCreated = Type.Composite(
  [
    CompanyDetail,
    Type.Object({
      owner_created: Type.Boolean(),
      temporary_password: Type.Union([Type.String(), Type.Null()], {
        description: "The new owner account's temporary password, in this answer only",
      }),
    }),
  ],
  { $id: 'CompanyCreatedResponse' },
);

const TransferBody = Type.Object(
  {
    new_owner_user_id: Id,
    confirm_transfer: Type.Literal(true),
    transfer_reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { $id: 'TransferOwnershipRequest', additionalProperties: false },
);

// Deleting a user who owns a company is refused until ownership moves (SPEC.md 4.1 users).
deletionGuards.push(async (services, userId) => {
  const owned = await countOwnedCompanies(services.db.knex, userId);
  if (owned > 0)
    throw new UserOwnershipException(`The user owns ${owned} company(ies); transfer the ownership first`, { companies_owned: owned });
});
relatedCounters.companies_owned = 'SELECT count(*) FROM company_list WHERE owner_user_id = $1';
relatedCounters.vendor_memberships = 'SELECT count(*) FROM vendor_team_members WHERE user_id = $1 AND is_active';

/** SPEC.md 4.1 companies: CRUD, verification and status flags, ownership transfer. */
export function adminCompanyRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const deps = (): CompanyDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const notFound = [CompanyNotFoundException];

  api.get(
    '/companies',
    {
      summary: 'Companies, searched on name, e-mail and tax number, filtered and sorted, with vendor counts',
      query: ListQuery,
      responses: { 200: Page(CompanyItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listCompanies(services.db.knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 }, query.sort);
    },
  );

  // Creates the company and its owner account. The temporary password is in this answer only.
  api.post(
    '/companies',
    {
      summary: 'Create a company and its owner account (an existing user of that e-mail becomes the owner)',
      body: CompanyCreate,
      responses: { 201: CompanyCreated },
      errors: [ConflictException],
    },
    async (ctx, { body }) => {
      const existing = await findUserIdByLogin(services.db.knex, body.owner_email);
      const contact = {
        contact_email: null,
        contact_phone: null,
        website: null,
        business_address: null,
        tax_number: null,
        ...contactChanges(body),
      };
      const created = await createCompany(
        deps(),
        {
          name: body.name.trim(),
          description: blankToNull(body.description) ?? null,
          ...contact,
          owner: {
            email: body.owner_email,
            username: body.owner_username,
            first_name: body.owner_first_name,
            last_name: body.owner_last_name,
            existing_user_id: existing,
          },
        },
        commandContext(ctx, adminCaller(ctx).id),
      );
      await services.settle(created.done);
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        ...(await getCompany(services.db.knex, created.id)),
        owner_user_id: created.owner_user_id,
        owner_created: created.temporary_password !== null,
        temporary_password: created.temporary_password,
      };
    },
  );

  api.get(
    '/companies/:id',
    {
      summary: 'A company with its owner and vendors',
      params: IdParams,
      responses: { 200: CompanyDetail },
      errors: notFound,
    },
    async (ctx, { params }) => {
      ctx.body = await getCompany(services.db.knex, params.id);
    },
  );

  api.put(
    '/companies/:id',
    {
      summary: "Change a company's name, description or contact data",
      params: IdParams,
      body: CompanyUpdate,
      responses: { 200: CompanyDetail },
      errors: notFound,
    },
    async (ctx, { params, body }) => {
      const changes = {
        ...contactChanges(body),
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.description !== undefined ? { description: blankToNull(body.description) ?? null } : {}),
      };
      await services.settle(await changeCompanyDetails(deps(), params.id, changes, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = await getCompany(services.db.knex, params.id);
    },
  );

  api.delete(
    '/companies/:id',
    {
      summary: 'Delete a company (refused while it has vendors)',
      params: IdParams,
      responses: { 200: Message },
      errors: [CompanyNotFoundException, CompanyHasVendorsException],
    },
    async (ctx, { params }) => {
      await services.settle(await deleteCompany(deps(), params.id, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = { message: `Company ${params.id} deleted`, id: params.id };
    },
  );

  api.post(
    '/companies/:id/transfer-ownership',
    {
      summary: 'Give the company to another user (confirm_transfer must be true)',
      params: IdParams,
      body: TransferBody,
      responses: { 200: CompanyDetail },
      errors: [CompanyNotFoundException, UserNotFoundException, CompanyException],
    },
    async (ctx, { params, body }) => {
      await services.settle(
        await transferCompanyOwnership(
          deps(),
          params.id,
          body.new_owner_user_id,
          body.transfer_reason ?? null,
          commandContext(ctx, adminCaller(ctx).id),
        ),
      );
      ctx.body = await getCompany(services.db.knex, params.id);
    },
  );

  // Sets the flag from the body, or toggles it when the body has none.
  api.put(
    '/companies/:id/verification',
    {
      summary: 'Set the verified flag, or toggle it when the body has none',
      params: IdParams,
      body: Type.Object({ is_verified: Type.Optional(Type.Boolean()) }, { $id: 'CompanyVerificationUpdate', additionalProperties: false }),
      responses: { 200: CompanyDetail },
      errors: notFound,
    },
    async (ctx, { params, body }) => {
      const current = await getCompany(services.db.knex, params.id);
      await services.settle(
        await setCompanyVerified(deps(), params.id, body.is_verified ?? !current.is_verified, commandContext(ctx, adminCaller(ctx).id)),
      );
      ctx.body = await getCompany(services.db.knex, params.id);
    },
  );

  api.put(
    '/companies/:id/status',
    {
      summary: 'Set the active flag, or toggle it when the body has none',
      params: IdParams,
      body: Type.Object({ is_active: Type.Optional(Type.Boolean()) }, { $id: 'CompanyStatusUpdate', additionalProperties: false }),
      responses: { 200: CompanyDetail },
      errors: notFound,
    },
    async (ctx, { params, body }) => {
      const current = await getCompany(services.db.knex, params.id);
      await services.settle(
        await setCompanyActive(deps(), params.id, body.is_active ?? !current.is_active, commandContext(ctx, adminCaller(ctx).id)),
      );
      ctx.body = await getCompany(services.db.knex, params.id);
    },
  );

  return api.router;
}
