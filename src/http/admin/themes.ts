import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { vendorTheme, type ThemeCommand } from '../../../commands/themes/vendorTheme.ts';
import { presetTheme, THEME_PRESETS } from '../../core/themePresets.ts';
import { getVendorTheme } from '../../../queries/themes/getVendorTheme.ts';
import { VendorNotFoundException } from '../../core/errors.ts';
import { ThemePresetNotFoundException } from '../../../commands/themes/errors.ts';
import { t } from '../../core/i18n.ts';
import { handleCommand } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { requestLanguage } from '../language/resolve.ts';
import { Api } from '../api.ts';
import { ThemeConfig, VendorTheme } from '../schemas/tenancy.ts';
import { IdentifierParams, resolveVendorId } from '../../modules/vendors.ts';

const Color = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' });
const Font = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9 ,\'"-]+$' });
const Url = Type.Union([Type.String({ maxLength: 500, pattern: '^(https?://|/)[^\\s<>"]*$' }), Type.Null()]);
const part = <T extends Record<string, any>>(props: T) => Type.Optional(Type.Partial(Type.Object(props, { additionalProperties: false })));

export const ThemeUpdate = Type.Object(
  {
    theme_name: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    colors: part({ primary: Color, secondary: Color, accent: Color, background: Color, text: Color, border: Color }),
    fonts: part({ heading: Font, body: Font }),
    layout: part({
      style: Type.Union([Type.Literal('grid'), Type.Literal('list'), Type.Literal('masonry')]),
      header: Type.Union([Type.Literal('fixed'), Type.Literal('static'), Type.Literal('transparent')]),
      product_card: Type.Union([Type.Literal('modern'), Type.Literal('classic'), Type.Literal('minimal')]),
    }),
    branding: part({ logo_url: Url, logo_dark_url: Url, favicon_url: Url, banner_url: Url }),
    custom_css: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Null()])),
  },
  { $id: 'ThemeUpdate', additionalProperties: false, minProperties: 1 },
);

/** A preset as ThemePresetListResponse lists it: its name and description, and the theme it gives. */
const Preset = Type.Composite([Type.Object({ name: Type.String(), description: Type.String() }), ThemeConfig], { $id: 'ThemePreset' });

const PresetParams = Type.Object({ ...IdentifierParams.properties, preset: Type.String({ minLength: 1, maxLength: 50 }) });

/** Vendor themes and presets (SPEC.md 4.1: ThemePresetListResponse, ThemePresetResponse, ThemeDeleteResponse). */
export function adminThemeRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;
  const notFound = [VendorNotFoundException];
  const run = async (ctx: Context, vendorId: number, command: ThemeCommand) =>
    services.settle([
      await handleCommand(services.store, vendorTheme, vendorId, command, { ...commandContext(ctx, adminCaller(ctx).id), vendorId }),
    ]);

  // ThemePresetListResponse. A static route: no vendor in the path.
  api.get(
    '/themes/presets',
    {
      summary: 'The theme presets (ThemePresetListResponse)',
      responses: { 200: Type.Object({ presets: Type.Array(Preset) }, { $id: 'ThemePresetListResponse' }) },
    },
    (ctx) => {
      ctx.body = {
        presets: Object.entries(THEME_PRESETS).map(([name, p]) => ({ name, description: p.description, ...presetTheme(name) })),
      };
    },
  );

  api.get(
    '/vendors/:identifier/theme',
    {
      summary: "A vendor's theme (the platform default until one is set)",
      params: IdentifierParams,
      responses: { 200: VendorTheme },
      errors: notFound,
    },
    async (ctx, { params }) => {
      ctx.body = await getVendorTheme(knex, await resolveVendorId(knex, params.identifier));
    },
  );

  api.put(
    '/vendors/:identifier/theme',
    {
      summary: "Change parts of a vendor's theme",
      params: IdentifierParams,
      body: ThemeUpdate,
      responses: { 200: VendorTheme },
      errors: notFound,
    },
    async (ctx, { params, body }) => {
      const id = await resolveVendorId(knex, params.identifier);
      await run(ctx, id, { type: 'ChangeVendorTheme', data: { vendor_id: id, changes: body, at: services.clock.now().toISOString() } });
      ctx.body = await getVendorTheme(knex, id);
    },
  );

  // ThemePresetResponse
  api.post(
    '/vendors/:identifier/theme/presets/:preset',
    {
      summary: "Apply a preset to a vendor's theme (ThemePresetResponse)",
      params: PresetParams,
      responses: {
        200: Type.Composite([Type.Object({ message: Type.String(), preset: Type.String() }), VendorTheme], { $id: 'ThemePresetResponse' }),
      },
      errors: [VendorNotFoundException, ThemePresetNotFoundException],
    },
    async (ctx, { params }) => {
      if (!THEME_PRESETS[params.preset]) throw new ThemePresetNotFoundException(`Unknown theme preset '${params.preset}'`);
      const id = await resolveVendorId(knex, params.identifier);
      await run(ctx, id, {
        type: 'ApplyThemePreset',
        data: { vendor_id: id, preset: params.preset, at: services.clock.now().toISOString() },
      });
      ctx.body = {
        message: t(requestLanguage(ctx), 'theme.preset_applied', { preset: params.preset }),
        preset: params.preset,
        ...(await getVendorTheme(knex, id)),
      };
    },
  );

  // ThemeDeleteResponse: the vendor falls back to the platform default theme.
  api.delete(
    '/vendors/:identifier/theme',
    {
      summary: 'Reset a vendor to the platform default theme (ThemeDeleteResponse)',
      params: IdentifierParams,
      responses: {
        200: Type.Object({ message: Type.String(), vendor_id: Type.Integer(), is_default: Type.Boolean() }, { $id: 'ThemeDeleteResponse' }),
      },
      errors: notFound,
    },
    async (ctx, { params }) => {
      const id = await resolveVendorId(knex, params.identifier);
      await run(ctx, id, { type: 'ResetVendorTheme', data: { vendor_id: id, at: services.clock.now().toISOString() } });
      ctx.body = { message: t(requestLanguage(ctx), 'theme.deleted'), vendor_id: id, is_default: true };
    },
  );

  return api.router;
}
