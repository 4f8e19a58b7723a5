import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { recordConnectionTest, saveExtmarketCredentials } from '../../commands/extmarket/handlers.ts';
import { getExtmarketCredentials } from '../../queries/extmarket/getCredentials.ts';
import { productFeed, type FeedLanguage } from '../../queries/extmarket/productFeed.ts';
import { secretBoxFor } from '../adapters/extmarket/secretBox.ts';
import { ExtmarketCredentialsException, ValidationException } from '../core/errors.ts';
import type { CommandContext } from '../runtime/commandHandler.ts';
import type { Services } from '../runtime/services.ts';
import { clientFor } from '../workers/extmarket/runExtmarketSync.ts';

/** Pieces shared by the vendor and admin extmarket routes (credential endpoints, feed download). */
export const CredentialsBody = Type.Object(
  {
    api_key: Type.Optional(Type.String({ minLength: 8, maxLength: 500, pattern: '^\\S+$' })),
    api_endpoint: Type.Optional(Type.String({ minLength: 10, maxLength: 500, pattern: '^\\S+$' })),
    auto_sync_enabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'ExtmarketCredentialsUpdate', additionalProperties: false, minProperties: 1 },
);

export const FeedQuery = Type.Object({
  language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('de')])),
  include_inactive: Type.Optional(Type.Boolean()),
});

/**
 * The GraphQL endpoint: https, or plain http to this machine outside production (the local test
 * server). Anything else is refused, so a stored endpoint cannot point our requests at an
 * internal service (SSRF). EXTMARKET_API_URL gives the default.
 */
export function checkedEndpoint(services: Services, value: string | undefined, current: string | null): string {
  const raw = value ?? current ?? process.env.EXTMARKET_API_URL;
  const problem = (message: string) =>
    new ValidationException('The extmarket endpoint is not valid', [{ pointer: '/body/api_endpoint', message }]);
  if (!raw) throw problem('is required (no EXTMARKET_API_URL default is configured)');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw problem('must be an absolute URL');
  }
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && !services.config.production)) throw problem('must use https');
  if (url.username || url.password) throw problem('must not carry credentials');
  return url.toString();
}

export async function saveCredentials(
  services: Services,
  vendorId: number,
  body: { api_key?: string; api_endpoint?: string; auto_sync_enabled?: boolean },
  c: CommandContext,
) {
  const current = await getExtmarketCredentials(services.db.knex, vendorId);
  const endpoint = checkedEndpoint(services, body.api_endpoint, current.api_endpoint);
  const done = await saveExtmarketCredentials(
    { store: services.store, db: services.db.knex, clock: services.clock },
    vendorId,
    {
      api_key: body.api_key,
      api_endpoint: endpoint,
      auto_sync_enabled: body.auto_sync_enabled ?? current.auto_sync_enabled,
    },
    secretBoxFor(services.config.dataDir),
    c,
  );
  await services.settle([done]);
  return getExtmarketCredentials(services.db.knex, vendorId);
}

export async function testConnection(services: Services, vendorId: number, c: CommandContext) {
  const deps = { knex: services.db.knex, store: services.store, dataDir: services.config.dataDir };
  let result: { ok: boolean; error: string | null; vendor_name: string | null };
  try {
    const { vendorName } = await (await clientFor(deps, vendorId)).testConnection();
    result = { ok: true, error: null, vendor_name: vendorName };
  } catch (err) {
    result = { ok: false, error: (err as Error).message.slice(0, 300), vendor_name: null };
  }
  await services.settle([
    await recordConnectionTest(
      { store: services.store, db: services.db.knex, clock: services.clock },
      vendorId,
      result.ok,
      result.error,
      c,
    ),
  ]);
  return { success: result.ok, ...result };
}

/** A sync needs a stored key: refused at once (400) rather than a job that can only fail. */
export async function requireCredentials(services: Services, vendorId: number): Promise<void> {
  if (!(await getExtmarketCredentials(services.db.knex, vendorId)).configured) {
    throw new ExtmarketCredentialsException('No extmarket API key is stored for this vendor: PUT the extmarket credentials first');
  }
}

/** The feed as a tab-delimited download (SPEC.md 4.1 and 4.2 export endpoints). */
export async function sendFeed(
  ctx: Context,
  services: Services,
  vendorId: number,
  query: { language?: FeedLanguage; include_inactive?: boolean },
) {
  const language = query.language ?? 'en';
  const feed = await productFeed(services.db.knex, vendorId, language, query.include_inactive ?? false);
  ctx.set('Content-Disposition', `attachment; filename="${feed.vendor_code.replace(/[^A-Za-z0-9_-]/g, '_')}_products_${language}.tsv"`);
  ctx.set('X-Product-Count', String(feed.products));
  ctx.type = 'text/tab-separated-values; charset=utf-8';
  ctx.body = feed.text;
}
