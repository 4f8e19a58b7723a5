import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getPublicVendor } from '../../../queries/vendors/getPublicVendor.ts';
import type { Services } from '../../runtime/services.ts';
import { Subdomain, VendorCode } from '../tenancySchemas.ts';
import { IdParams, input } from '../validation.ts';

/**
 * The three public vendor lookups of SPEC.md 4.4. Nothing else lives under /public/vendors: the
 * old shop endpoints moved to /api/v1/shop (SPEC.md part 9). Inactive vendors are not found.
 */
export function publicVendorRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;

  // Static prefixes before /vendors/:id/info.
  router.get('/vendors/by-code/:code', async (ctx) => {
    const { params } = input(ctx, { params: Type.Object({ code: VendorCode }) });
    ctx.body = await getPublicVendor(knex, { vendor_code: params.code });
  });

  router.get('/vendors/by-subdomain/:subdomain', async (ctx) => {
    const { params } = input(ctx, { params: Type.Object({ subdomain: Subdomain }) });
    ctx.body = await getPublicVendor(knex, { subdomain: params.subdomain });
  });

  router.get('/vendors/:id/info', async (ctx) => {
    const { params } = input(ctx, { params: IdParams });
    ctx.body = await getPublicVendor(knex, { id: params.id });
  });

  return router;
}
