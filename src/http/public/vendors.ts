import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getPublicVendor } from '../../../queries/vendors/getPublicVendor.ts';
import type { Services } from '../../runtime/services.ts';
import { Subdomain, VendorCode } from '../tenancySchemas.ts';
import { VendorNotFoundException } from '../../core/errors.ts';
import { Api } from '../api.ts';
import { PublicVendor } from '../schemas/tenancy.ts';
import { IdParams } from '../validation.ts';

/**
 * The three public vendor lookups of SPEC.md 4.4. Nothing else lives under /public/vendors: the
 * old shop endpoints moved to /api/v1/shop (SPEC.md part 9). Inactive vendors are not found.
 */
export function publicVendorRoutes(services: Services): Router {
  const api = new Api(services, 'public');
  const knex = services.db.knex;
  const notFound = [VendorNotFoundException];

  // Static prefixes before /vendors/:id/info.
  api.get(
    '/vendors/by-code/:code',
    {
      summary: 'An active vendor by its code',
      params: Type.Object({ code: VendorCode }),
      responses: { 200: PublicVendor },
      errors: notFound,
    },
    async (ctx, { params }) => {
      ctx.body = await getPublicVendor(knex, { vendor_code: params.code });
    },
  );

  api.get(
    '/vendors/by-subdomain/:subdomain',
    {
      summary: 'An active vendor by its subdomain',
      params: Type.Object({ subdomain: Subdomain }),
      responses: { 200: PublicVendor },
      errors: notFound,
    },
    async (ctx, { params }) => {
      ctx.body = await getPublicVendor(knex, { subdomain: params.subdomain });
    },
  );

  api.get(
    '/vendors/:id/info',
    {
      summary: 'An active vendor by its id',
      params: IdParams,
      responses: { 200: PublicVendor },
      errors: notFound,
    },
    async (ctx, { params }) => {
      ctx.body = await getPublicVendor(knex, { id: params.id });
    },
  );

  return api.router;
}
