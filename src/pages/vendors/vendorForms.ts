/**
 * The POST handlers of a vendor's forms for admins: its profile, its verified and active flags,
 * its deletion, and its custom domains (adding one, the DNS check now, making one primary,
 * removing one) — each running the admin API's own commands, back to the vendor's page.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { Context } from 'koa';
import { changeVendorDomain, deleteVendor, removeVendorDomain, type VendorDeps } from '../../../commands/vendors/handlers.ts';
import { getVendorDomain } from '../../../queries/vendors/listVendorDomains.ts';
import { AddBody, addDomain, checkDomain } from '../../http/admin/vendorDomains.ts';
import { updateVendor } from '../../http/admin/vendors.ts';
import { VendorUpdate } from '../../http/admin/vendorSchemas.ts';
import type { Api } from '../../http/api.ts';
import { IdParams, validBody } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { act, formViewer } from '../backOffice/guard.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { field, postedFields } from '../forms.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { vt } from './texts.ts';
import { FORM_FIELDS } from './vendorProfileForm.ts';

const DomainParams = Type.Object({ id: IdParams.properties.id, domain_id: IdParams.properties.id });

/** The POST handlers of a vendor's forms (`/admin/vendors/:id…`), in the order the API registers them. */
export function vendorForms(api: Api, services: Services) {
  const knex = services.db.knex;
  const deps = (): VendorDeps => ({ store: services.store, db: knex, clock: services.clock });

  const form = (
    path: string,
    summary: string,
    params: TSchema,
    run: (ctx: Context, viewer: Viewer, p: { id: number; domain_id?: number }) => Promise<string | null>,
    back: (id: number) => string,
    done?: string,
  ) =>
    api.post(path, { summary, params, responses: { 303: SEE_OTHER, 403: HTML } }, async (ctx, parsed: { params: unknown }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      const p = parsed.params as { id: number; domain_id?: number };
      await act(ctx, back(p.id), () => run(ctx, viewer, p), { done });
    });
  const page = (id: number) => `/admin/vendors/${id}`;
  const domains = (id: number) => `/admin/vendors/${id}?tab=domains`;

  form(
    '/admin/vendors/:id',
    "Back-office form: change a vendor's profile, contact overrides, languages and marketplace identity",
    IdParams,
    async (ctx, viewer, { id }) => {
      const values = postedFields(ctx, FORM_FIELDS);
      const body = validBody(VendorUpdate, {
        ...values,
        ...(field(ctx, 'reset_contact_to_company') === 'true' ? { reset_contact_to_company: true } : {}),
      });
      await services.settle(await updateVendor(services, id, body, viewer.context));
      return vt(viewer.language, 'saved');
    },
    page,
  );
  form(
    '/admin/vendors/:id/verification',
    "Back-office form: set a vendor's verified flag (`is_verified`)",
    IdParams,
    async (ctx, viewer, { id }) => {
      await services.settle(await updateVendor(services, id, { is_verified: field(ctx, 'is_verified') === 'true' }, viewer.context));
      return vt(viewer.language, 'flag_changed');
    },
    page,
  );
  form(
    '/admin/vendors/:id/status',
    "Back-office form: set a vendor's active flag (`is_active`)",
    IdParams,
    async (ctx, viewer, { id }) => {
      await services.settle(await updateVendor(services, id, { is_active: field(ctx, 'is_active') === 'true' }, viewer.context));
      return vt(viewer.language, 'flag_changed');
    },
    page,
  );
  form(
    '/admin/vendors/:id/delete',
    'Back-office form: delete a vendor',
    IdParams,
    async (_ctx, viewer, { id }) => {
      await services.settle(await deleteVendor(deps(), id, viewer.context));
      return vt(viewer.language, 'deleted');
    },
    page,
    '/admin/vendors',
  );
  form(
    '/admin/vendors/:id/domains',
    'Back-office form: add a custom domain (`domain`, `is_primary`)',
    IdParams,
    async (ctx, viewer, { id }) => {
      const body = validBody(AddBody, {
        domain: field(ctx, 'domain').trim(),
        ...(field(ctx, 'is_primary') === 'true' ? { is_primary: true } : {}),
      });
      const { done } = await addDomain(services, id, body.domain, body.is_primary ?? false, viewer.context);
      await services.settle(done);
      return vt(viewer.language, 'domain_added');
    },
    domains,
  );
  form(
    '/admin/vendors/:id/domains/:domain_id/verify',
    "Back-office form: look a domain's TXT record up now",
    DomainParams,
    async (_ctx, viewer, { id, domain_id }) => {
      await getVendorDomain(knex, id, domain_id!);
      await services.settle(await checkDomain(services, id, domain_id!, viewer.context));
      const d = await getVendorDomain(knex, id, domain_id!);
      return d.is_verified
        ? vt(viewer.language, 'domain_verified', { domain: d.domain })
        : vt(viewer.language, 'domain_failed', { domain: d.domain, error: d.last_error ?? '' });
    },
    domains,
  );
  form(
    '/admin/vendors/:id/domains/:domain_id/primary',
    "Back-office form: make a domain the vendor's primary one",
    DomainParams,
    async (_ctx, viewer, { id, domain_id }) => {
      await getVendorDomain(knex, id, domain_id!);
      await services.settle(await changeVendorDomain(deps(), id, domain_id!, { is_primary: true }, viewer.context));
      return vt(viewer.language, 'domain_changed');
    },
    domains,
  );
  form(
    '/admin/vendors/:id/domains/:domain_id/remove',
    'Back-office form: remove a custom domain',
    DomainParams,
    async (_ctx, viewer, { id, domain_id }) => {
      await getVendorDomain(knex, id, domain_id!);
      await services.settle(await removeVendorDomain(deps(), id, domain_id!, viewer.context));
      return vt(viewer.language, 'domain_removed');
    },
    domains,
  );
}
