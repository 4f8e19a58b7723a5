import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import {
  addVendorDomain,
  changeVendorDomain,
  normalizeDomain,
  removeVendorDomain,
  verifyVendorDomain,
  type VendorDeps,
} from '../../../commands/vendors/handlers.ts';
import { resolveVendorId } from '../../../queries/vendors/getVendor.ts';
import { getVendorDomain, listVendorDomains, VERIFICATION_RECORD_PREFIX } from '../../../queries/vendors/listVendorDomains.ts';
import { txtVerifier } from '../../adapters/dns.ts';
import { ConflictException, ValidationException, VendorNotFoundException } from '../../core/errors.ts';
import { VendorDomainNotFoundException, VendorDomainVerificationException } from '../../../commands/vendors/errors.ts';
import { t } from '../../core/i18n.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { requestLanguage } from '../language/resolve.ts';
import { Api } from '../api.ts';
import { Message, Page } from '../responses.ts';
import { VendorDomain } from '../schemas/tenancy.ts';
import { Id, PageQuery } from '../validation.ts';
import { IdentifierParams } from './vendors.ts';

const DomainName = Type.String({
  minLength: 4,
  maxLength: 253,
  pattern: '^(?=.{4,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}\\.?$',
});
const DomainParams = Type.Object({ ...IdentifierParams.properties, domain_id: Id });
export const AddBody = Type.Object(
  { domain: DomainName, is_primary: Type.Optional(Type.Boolean()) },
  { $id: 'VendorDomainCreate', additionalProperties: false },
);
const ChangeBody = Type.Object(
  { is_primary: Type.Optional(Type.Boolean()), is_active: Type.Optional(Type.Boolean()) },
  { $id: 'VendorDomainUpdate', additionalProperties: false, minProperties: 1 },
);

/** Adds a custom domain, refusing the platform's own domain and its subdomains (the admin API and pages). */
export function addDomain(services: Services, id: number, raw: string, isPrimary: boolean, c: CommandContext) {
  const domain = normalizeDomain(raw);
  const platform = services.config.platformDomain;
  if (domain === platform || domain.endsWith(`.${platform}`)) {
    throw new ValidationException('Subdomains of the platform are set with the vendor subdomain, not as custom domains', [
      { pointer: '/body/domain', message: `must not be ${platform} or below it` },
    ]);
  }
  return addVendorDomain({ store: services.store, db: services.db.knex, clock: services.clock }, id, domain, isPrimary, c);
}

/** Looks a domain's TXT record up now and records the outcome (the admin API and pages). */
export function checkDomain(services: Services, id: number, domainId: number, c: CommandContext) {
  const lookup = txtVerifier(services.config.dnsServers, VERIFICATION_RECORD_PREFIX);
  return verifyVendorDomain({ store: services.store, db: services.db.knex, clock: services.clock }, id, domainId, lookup, c);
}

/**
 * Custom domains of a vendor (SPEC.md 4.1 "vendor domain endpoints"): add one, see the TXT record
 * to publish, verify it by a real DNS lookup, set it primary or inactive, remove it. Only a
 * verified, active domain serves the storefront (src/http/vendorContext.ts).
 */
export function adminVendorDomainRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;
  const deps = (): VendorDeps => ({ store: services.store, db: knex, clock: services.clock });

  api.get(
    '/vendors/:identifier/domains',
    {
      summary: "A vendor's custom domains, in the order they were added",
      params: IdentifierParams,
      query: Type.Object(PageQuery),
      responses: { 200: Page(VendorDomain) },
      errors: [VendorNotFoundException],
    },
    async (ctx, { params, query }) => {
      ctx.body = await listVendorDomains(knex, await resolveVendorId(knex, params.identifier), {
        page: query.page ?? 1,
        limit: query.limit ?? 20,
      });
    },
  );

  api.post(
    '/vendors/:identifier/domains',
    {
      summary: 'Add a custom domain; the answer names the TXT record to publish',
      params: IdentifierParams,
      body: AddBody,
      responses: { 201: VendorDomain },
      errors: [VendorNotFoundException, ConflictException],
    },
    async (ctx, { params, body }) => {
      const id = await resolveVendorId(knex, params.identifier);
      const { domainId, done } = await addDomain(
        services,
        id,
        body.domain,
        body.is_primary ?? false,
        commandContext(ctx, adminCaller(ctx).id),
      );
      await services.settle(done);
      ctx.status = 201;
      ctx.body = await getVendorDomain(knex, id, domainId);
    },
  );

  api.get(
    '/vendors/:identifier/domains/:domain_id',
    {
      summary: 'One custom domain of a vendor',
      params: DomainParams,
      responses: { 200: VendorDomain },
      errors: [VendorNotFoundException, VendorDomainNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getVendorDomain(knex, await resolveVendorId(knex, params.identifier), params.domain_id);
    },
  );

  api.put(
    '/vendors/:identifier/domains/:domain_id',
    {
      summary: 'Make a domain primary, or (in)active',
      params: DomainParams,
      body: ChangeBody,
      responses: { 200: VendorDomain },
      errors: [VendorNotFoundException, VendorDomainNotFoundException, VendorDomainVerificationException],
    },
    async (ctx, { params, body }) => {
      const id = await resolveVendorId(knex, params.identifier);
      await services.settle(await changeVendorDomain(deps(), id, params.domain_id, body, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = await getVendorDomain(knex, id, params.domain_id);
    },
  );

  api.delete(
    '/vendors/:identifier/domains/:domain_id',
    {
      summary: 'Remove a custom domain',
      params: DomainParams,
      responses: { 200: Message },
      errors: [VendorNotFoundException, VendorDomainNotFoundException],
    },
    async (ctx, { params }) => {
      const id = await resolveVendorId(knex, params.identifier);
      const domain = await getVendorDomain(knex, id, params.domain_id);
      await services.settle(await removeVendorDomain(deps(), id, params.domain_id, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = { message: t(requestLanguage(ctx), 'domain.removed', { domain: domain.domain }), id: params.domain_id };
    },
  );

  // Looks the TXT record up now and records the outcome (verified, or failed with the reason).
  api.post(
    '/vendors/:identifier/domains/:domain_id/verify',
    {
      summary: 'Look the TXT record up now and record the outcome (verified, or failed with the reason)',
      params: DomainParams,
      responses: { 200: Type.Object({ message: Type.String(), domain: VendorDomain }, { $id: 'VendorDomainVerification' }) },
      errors: [VendorNotFoundException, VendorDomainNotFoundException, VendorDomainVerificationException],
    },
    async (ctx, { params }) => {
      const id = await resolveVendorId(knex, params.identifier);
      await getVendorDomain(knex, id, params.domain_id);
      await services.settle(await checkDomain(services, id, params.domain_id, commandContext(ctx, adminCaller(ctx).id)));
      const domain = await getVendorDomain(knex, id, params.domain_id);
      const lang = requestLanguage(ctx);
      ctx.body = {
        message: t(lang, domain.is_verified ? 'domain.verified' : 'domain.verification_failed', { domain: domain.domain }),
        domain,
      };
    },
  );

  return api.router;
}
