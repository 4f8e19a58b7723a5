import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import {
  changeCompanyDetails, createCompany, deleteCompany, setCompanyActive, setCompanyVerified, transferCompanyOwnership, type CompanyDeps,
} from '../../../commands/companies/handlers.ts';
import { countOwnedCompanies, getCompany } from '../../../queries/companies/getCompany.ts';
import { listCompanies } from '../../../queries/companies/listCompanies.ts';
import { relatedCounters } from '../../../queries/users/getUser.ts';
import { findUserIdByLogin } from '../../../queries/users/getUser.ts';
import { UserOwnershipException } from '../../core/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext } from '../auth.ts';
import { blankToNull, ContactSchema, contactChanges, Description, Name } from '../tenancySchemas.ts';
import { Email, Id, IdParams, input, PageQuery } from '../validation.ts';
import { deletionGuards } from './users.ts';

const CompanyCreate = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  owner_email: Email,
  owner_username: Type.Optional(Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9_.-]+$' })),
  owner_first_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  owner_last_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  ...ContactSchema,
}, { additionalProperties: false });

const CompanyUpdate = Type.Object({ name: Type.Optional(Name), description: Type.Optional(Description), ...ContactSchema },
  { additionalProperties: false, minProperties: 1 });

const ListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  is_active: Type.Optional(Type.Boolean()),
  is_verified: Type.Optional(Type.Boolean()),
  owner_user_id: Type.Optional(Id),
});

const TransferBody = Type.Object({
  new_owner_user_id: Id,
  confirm_transfer: Type.Literal(true),
  transfer_reason: Type.Optional(Type.String({ maxLength: 500 })),
}, { additionalProperties: false });

// Deleting a user who owns a company is refused until ownership moves (SPEC.md 4.1 users).
deletionGuards.push(async (services, userId) => {
  const owned = await countOwnedCompanies(services.db.knex, userId);
  if (owned > 0) throw new UserOwnershipException(`The user owns ${owned} company(ies); transfer the ownership first`, { companies_owned: owned });
});
relatedCounters.companies_owned = 'SELECT count(*) FROM company_list WHERE owner_user_id = $1';
relatedCounters.vendor_memberships = 'SELECT count(*) FROM vendor_team_members WHERE user_id = $1 AND is_active';

/** SPEC.md 4.1 companies: CRUD, verification and status flags, ownership transfer. */
export function adminCompanyRoutes(services: Services): Router {
  const router = new Router();
  const deps = (): CompanyDeps => ({ store: services.store, db: services.db.knex });

  router.get('/companies', async (ctx) => {
    const { query } = input(ctx, { query: ListQuery });
    ctx.body = await listCompanies(services.db.knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  // Creates the company and its owner account. The temporary password is in this answer only.
  router.post('/companies', async (ctx) => {
    const { body } = input(ctx, { body: CompanyCreate });
    const existing = await findUserIdByLogin(services.db.knex, body.owner_email);
    const contact = { contact_email: null, contact_phone: null, website: null, business_address: null, tax_number: null, ...contactChanges(body) };
    const created = await createCompany(deps(), {
      name: body.name.trim(), description: blankToNull(body.description) ?? null, ...contact,
      owner: {
        email: body.owner_email, username: body.owner_username, first_name: body.owner_first_name, last_name: body.owner_last_name,
        existing_user_id: existing,
      },
    }, commandContext(ctx, ctx.state.admin.id));
    await services.settle(created.done);
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      ...(await getCompany(services.db.knex, created.id)),
      owner_user_id: created.owner_user_id,
      owner_created: created.temporary_password !== null,
      temporary_password: created.temporary_password,
    };
  });

  router.get('/companies/:id', async (ctx) => {
    const { params } = input(ctx, { params: IdParams });
    ctx.body = await getCompany(services.db.knex, params.id);
  });

  router.put('/companies/:id', async (ctx) => {
    const { params, body } = input(ctx, { params: IdParams, body: CompanyUpdate });
    const changes = { ...contactChanges(body), ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.description !== undefined ? { description: blankToNull(body.description) ?? null } : {}) };
    await services.settle(await changeCompanyDetails(deps(), params.id, changes, commandContext(ctx, ctx.state.admin.id)));
    ctx.body = await getCompany(services.db.knex, params.id);
  });

  router.delete('/companies/:id', async (ctx) => {
    const { params } = input(ctx, { params: IdParams });
    await services.settle(await deleteCompany(deps(), params.id, commandContext(ctx, ctx.state.admin.id)));
    ctx.body = { message: `Company ${params.id} deleted`, id: params.id };
  });

  router.post('/companies/:id/transfer-ownership', async (ctx) => {
    const { params, body } = input(ctx, { params: IdParams, body: TransferBody });
    await services.settle(await transferCompanyOwnership(deps(), params.id, body.new_owner_user_id, body.transfer_reason ?? null,
      commandContext(ctx, ctx.state.admin.id)));
    ctx.body = await getCompany(services.db.knex, params.id);
  });

  // Sets the flag from the body, or toggles it when the body has none.
  router.put('/companies/:id/verification', async (ctx) => {
    const { params, body } = input(ctx, { params: IdParams, body: Type.Object({ is_verified: Type.Optional(Type.Boolean()) }, { additionalProperties: false }) });
    const current = await getCompany(services.db.knex, params.id);
    await services.settle(await setCompanyVerified(deps(), params.id, body.is_verified ?? !current.is_verified, commandContext(ctx, ctx.state.admin.id)));
    ctx.body = await getCompany(services.db.knex, params.id);
  });

  router.put('/companies/:id/status', async (ctx) => {
    const { params, body } = input(ctx, { params: IdParams, body: Type.Object({ is_active: Type.Optional(Type.Boolean()) }, { additionalProperties: false }) });
    const current = await getCompany(services.db.knex, params.id);
    await services.settle(await setCompanyActive(deps(), params.id, body.is_active ?? !current.is_active, commandContext(ctx, ctx.state.admin.id)));
    ctx.body = await getCompany(services.db.knex, params.id);
  });

  return router;
}
