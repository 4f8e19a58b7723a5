import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { platformSettings } from '../../../commands/settings/index.ts';
import { getPlatformSettings } from '../../../queries/settings/getPlatformSettings.ts';
import { handleCommand } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext } from '../auth.ts';
import { resolveLocale } from '../language/resolve.ts';
import { Locale } from '../tenancySchemas.ts';
import { input } from '../validation.ts';

const LocalizationBody = Type.Object({
  storefront_locale: Type.Optional(Locale),
  storefront_currency: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z]{3}$' }), Type.Null()])),
}, { additionalProperties: false, minProperties: 1 });

/**
 * The platform localization settings (SPEC.md part 2 Conventions): the storefront locale admins
 * set is the second step of the locale resolution, after a vendor's own storefront_locale.
 */
export function adminSettingsRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const view = async () => ({
    ...(await getPlatformSettings(knex)),
    environment_locale: services.config.defaultLocale,
    effective_locale: (await resolveLocale(knex, null, services.config.defaultLocale)).locale,
  });

  router.get('/settings/localization', async (ctx) => { ctx.body = await view(); });

  router.put('/settings/localization', async (ctx) => {
    const { body } = input(ctx, { body: LocalizationBody });
    await services.settle([await handleCommand(services.store, platformSettings, 'platform',
      { type: 'ChangePlatformSettings', data: { values: body, at: new Date().toISOString() } }, commandContext(ctx, ctx.state.admin.id))]);
    ctx.body = await view();
  });

  return router;
}
