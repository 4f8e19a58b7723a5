/**
 * The POST handlers of a company's forms for admins: its details, its verified and active flags,
 * the transfer of its ownership to another user, and its deletion (refused while it has vendors) —
 * each running the company commands the admin API runs, back to the company's page.
 */
import type { Context } from 'koa';
import {
  changeCompanyDetails,
  deleteCompany,
  setCompanyActive,
  setCompanyVerified,
  transferCompanyOwnership,
  type CompanyDeps,
} from '../../../commands/companies/handlers.ts';
import { findUserIdByLogin } from '../../modules/users.ts';
import { DomainException } from '../../core/errors.ts';
import { CompanyUpdate } from '../../http/admin/companies.ts';
import type { Api } from '../../http/api.ts';
import { IdParams, validBody } from '../../http/validation.ts';
import { contactChanges, blankToNull } from '../../http/tenancySchemas.ts';
import type { Services } from '../../runtime/services.ts';
import { act, formViewer } from '../backOffice/guard.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { field, postedFields } from '../forms.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { CONTACT } from './companyProfileForm.ts';
import { ct } from './texts.ts';

/** The POST handlers of a company's forms (`/admin/companies/:id…`), in the order the API registers them. */
export function companyForms(api: Api, services: Services) {
  const knex = services.db.knex;
  const deps = (): CompanyDeps => ({ store: services.store, db: knex, clock: services.clock });

  const form = (path: string, summary: string, run: (ctx: Context, viewer: Viewer, id: number) => Promise<string | null>, done?: string) =>
    api.post(path, { summary, params: IdParams, responses: { 303: SEE_OTHER, 403: HTML } }, async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/companies/${params.id}`, () => run(ctx, viewer, params.id), { done });
    });

  form('/admin/companies/:id', "Back-office form: change a company's name, description or contact data", async (ctx, viewer, id) => {
    const body = validBody(CompanyUpdate, postedFields(ctx, ['name', 'description', ...CONTACT]));
    const changes = {
      ...contactChanges(body),
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.description !== undefined ? { description: blankToNull(body.description) ?? null } : {}),
    };
    await services.settle(await changeCompanyDetails(deps(), id, changes, viewer.context));
    return ct(viewer.language, 'saved');
  });
  form('/admin/companies/:id/verification', "Back-office form: set a company's verified flag (`is_verified`)", async (ctx, viewer, id) => {
    await services.settle(await setCompanyVerified(deps(), id, field(ctx, 'is_verified') === 'true', viewer.context));
    return ct(viewer.language, 'flag_changed');
  });
  form('/admin/companies/:id/status', "Back-office form: set a company's active flag (`is_active`)", async (ctx, viewer, id) => {
    await services.settle(await setCompanyActive(deps(), id, field(ctx, 'is_active') === 'true', viewer.context));
    return ct(viewer.language, 'flag_changed');
  });
  form(
    '/admin/companies/:id/transfer',
    'Back-office form: give a company to another user (`new_owner`: e-mail or user name)',
    async (ctx, viewer, id) => {
      const login = field(ctx, 'new_owner').trim();
      const userId = login ? await findUserIdByLogin(knex, login) : null;
      if (!userId) return Promise.reject(new UnknownLogin(ct(viewer.language, 'unknown_user', { login })));
      await services.settle(
        await transferCompanyOwnership(deps(), id, userId, field(ctx, 'transfer_reason').trim() || null, viewer.context),
      );
      return ct(viewer.language, 'transferred');
    },
  );
  form(
    '/admin/companies/:id/delete',
    'Back-office form: delete a company (refused while it has vendors)',
    async (_ctx, viewer, id) => {
      await services.settle(await deleteCompany(deps(), id, viewer.context));
      return ct(viewer.language, 'deleted');
    },
    '/admin/companies',
  );
}

/** A transfer to a login no account has: said on the page like any refusal. */
class UnknownLogin extends DomainException {
  override readonly status = 422;
}
