import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { platformSettings } from '../../../commands/settings/platformSettings.ts';
import { getPlatformSettings } from '../../../queries/settings/getPlatformSettings.ts';
import { handleCommand } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { resolveLocale } from '../language/resolve.ts';
import { Locale } from '../tenancySchemas.ts';
import { Api } from '../api.ts';
import { Nullable } from '../responses.ts';

const LocalizationBody = Type.Object(
  {
    storefront_locale: Type.Optional(Locale),
    storefront_currency: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z]{3}$' }), Type.Null()])),
  },
  { $id: 'PlatformLocalizationUpdate', additionalProperties: false, minProperties: 1 },
);

const Localization = Type.Object(
  {
    storefront_locale: Nullable(Type.String()),
    storefront_currency: Nullable(Type.String()),
    environment_locale: Type.String(),
    effective_locale: Type.String(),
  },
  { $id: 'PlatformLocalization', additionalProperties: true },
);

const PlatformSettingsResponse = Type.Object(
  {
    localization: Localization,
    platform: Type.Object({
      code: Type.String({ description: 'PLATFORM_CODE' }),
      hosts: Type.Record(Type.String(), Type.String(), { description: 'PLATFORM_HOSTS: host → platform code' }),
      domain: Type.String({ description: 'PLATFORM_DOMAIN' }),
      public_url: Type.String({ description: 'PUBLIC_URL' }),
    }),
    logs: Type.Object(
      { store_level: Type.String(), retention_days: Type.Integer(), max_rows: Type.Integer() },
      { description: 'LOG_STORE_LEVEL, LOG_RETENTION_DAYS, LOG_RETENTION_MAX_ROWS' },
    ),
    metrics: Type.Object({ flush_ms: Type.Integer(), prometheus_enabled: Type.Boolean({ description: 'METRICS_TOKEN is set' }) }),
  },
  { $id: 'PlatformSettingsResponse' },
);

/**
 * The platform localization settings (SPEC.md part 2 Conventions): the storefront locale admins
 * set is the second step of the locale resolution, after a vendor's own storefront_locale.
 */
export function adminSettingsRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;
  const view = async () => ({
    ...(await getPlatformSettings(knex)),
    environment_locale: services.config.defaultLocale,
    effective_locale: (await resolveLocale(services, null, services.config.defaultLocale)).locale,
  });

  api.get(
    '/settings',
    {
      summary:
        "Every platform setting: localization (editable), the platform's identity and the operations settings of the environment (read only)",
      responses: { 200: PlatformSettingsResponse },
    },
    async (ctx) => {
      const { config } = services;
      ctx.body = {
        localization: await view(),
        platform: {
          code: config.platforms.own,
          hosts: config.platforms.byHost,
          domain: config.platformDomain,
          public_url: config.publicUrl,
        },
        logs: { store_level: config.logStore.level, retention_days: config.logStore.retentionDays, max_rows: config.logStore.maxRows },
        metrics: { flush_ms: config.metrics.flushMs, prometheus_enabled: Boolean(config.metrics.token) },
      };
    },
  );

  api.get(
    '/settings/localization',
    { summary: "The platform's storefront locale and currency", responses: { 200: Localization } },
    async (ctx) => {
      ctx.body = await view();
    },
  );

  api.put(
    '/settings/localization',
    {
      summary: "Set the platform's storefront locale (the second step of the locale resolution) and currency",
      body: LocalizationBody,
      responses: { 200: Localization },
    },
    async (ctx, { body }) => {
      await services.settle([
        await handleCommand(
          services.store,
          platformSettings,
          'platform',
          { type: 'ChangePlatformSettings', data: { values: body, at: services.clock.now().toISOString() } },
          commandContext(ctx, adminCaller(ctx).id),
        ),
      ]);
      ctx.body = await view();
    },
  );

  return api.router;
}
