import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import {
  addVendorDomain, changeVendorDomain, normalizeDomain, removeVendorDomain, verifyVendorDomain, type VendorDeps,
} from '../../../commands/vendors/handlers.ts';
import { resolveVendorId } from '../../../queries/vendors/getVendor.ts';
import { getVendorDomain, listVendorDomains, VERIFICATION_RECORD_PREFIX } from '../../../queries/vendors/listVendorDomains.ts';
import { txtVerifier } from '../../adapters/dns.ts';
import { ValidationException } from '../../core/errors.ts';
import { t } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext } from '../auth.ts';
import { requestLanguage } from '../language/resolve.ts';
import { Id, input } from '../validation.ts';
import { IdentifierParams } from './vendors.ts';

const DomainName = Type.String({
  minLength: 4, maxLength: 253,
  pattern: '^(?=.{4,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}\\.?$',
});
const DomainParams = Type.Object({ ...IdentifierParams.properties, domain_id: Id });
const AddBody = Type.Object({ domain: DomainName, is_primary: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
const ChangeBody = Type.Object({ is_primary: Type.Optional(Type.Boolean()), is_active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 });

/**
 * Custom domains of a vendor (SPEC.md 4.1 "vendor domain endpoints"): add one, see the TXT record
 * to publish, verify it by a real DNS lookup, set it primary or inactive, remove it. Only a
 * verified, active domain serves the storefront (src/http/vendorContext.ts).
 */
export function adminVendorDomainRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const deps = (): VendorDeps => ({ store: services.store, db: knex });

  router.get('/vendors/:identifier/domains', async (ctx) => {
    const { params } = input(ctx, { params: IdentifierParams });
    ctx.body = await listVendorDomains(knex, await resolveVendorId(knex, params.identifier));
  });

  router.post('/vendors/:identifier/domains', async (ctx) => {
    const { params, body } = input(ctx, { params: IdentifierParams, body: AddBody });
    const id = await resolveVendorId(knex, params.identifier);
    const domain = normalizeDomain(body.domain);
    const platform = services.config.platformDomain;
    if (domain === platform || domain.endsWith(`.${platform}`)) {
      throw new ValidationException('Subdomains of the platform are set with the vendor subdomain, not as custom domains',
        [{ pointer: '/body/domain', message: `must not be ${platform} or below it` }]);
    }
    const { domainId, done } = await addVendorDomain(deps(), id, domain, body.is_primary ?? false, commandContext(ctx, ctx.state.admin.id));
    await services.settle(done);
    ctx.status = 201;
    ctx.body = await getVendorDomain(knex, id, domainId);
  });

  router.get('/vendors/:identifier/domains/:domain_id', async (ctx) => {
    const { params } = input(ctx, { params: DomainParams });
    ctx.body = await getVendorDomain(knex, await resolveVendorId(knex, params.identifier), params.domain_id);
  });

  router.put('/vendors/:identifier/domains/:domain_id', async (ctx) => {
    const { params, body } = input(ctx, { params: DomainParams, body: ChangeBody });
    const id = await resolveVendorId(knex, params.identifier);
    await services.settle(await changeVendorDomain(deps(), id, params.domain_id, body, commandContext(ctx, ctx.state.admin.id)));
    ctx.body = await getVendorDomain(knex, id, params.domain_id);
  });

  router.delete('/vendors/:identifier/domains/:domain_id', async (ctx) => {
    const { params } = input(ctx, { params: DomainParams });
    const id = await resolveVendorId(knex, params.identifier);
    const domain = await getVendorDomain(knex, id, params.domain_id);
    await services.settle(await removeVendorDomain(deps(), id, params.domain_id, commandContext(ctx, ctx.state.admin.id)));
    ctx.body = { message: t(requestLanguage(ctx), 'domain.removed', { domain: domain.domain }), id: params.domain_id };
  });

  // Looks the TXT record up now and records the outcome (verified, or failed with the reason).
  router.post('/vendors/:identifier/domains/:domain_id/verify', async (ctx) => {
    const { params } = input(ctx, { params: DomainParams });
    const id = await resolveVendorId(knex, params.identifier);
    await getVendorDomain(knex, id, params.domain_id);
    const lookup = txtVerifier(services.config.dnsServers, VERIFICATION_RECORD_PREFIX);
    await services.settle(await verifyVendorDomain(deps(), id, params.domain_id, lookup, commandContext(ctx, ctx.state.admin.id)));
    const domain = await getVendorDomain(knex, id, params.domain_id);
    const lang = requestLanguage(ctx);
    ctx.body = {
      message: t(lang, domain.is_verified ? 'domain.verified' : 'domain.verification_failed', { domain: domain.domain }),
      domain,
    };
  });

  return router;
}
