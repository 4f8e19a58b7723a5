import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';

import { vendorTheme, type ThemeCommand } from '../../../commands/themes/vendorTheme.ts';
import { getVendorTheme } from '../../../queries/themes/getVendorTheme.ts';
import { ThemePresetNotFoundException } from '../../../commands/themes/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { THEME_PRESETS, type ThemeConfig } from '../../core/themePresets.ts';
import { ThemeUpdate } from '../../http/admin/themes.ts';
import { Api } from '../../http/api.ts';
import { IdParams, validBody } from '../../http/validation.ts';
import { handleCommand } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { card, input, postButton, postForm, select, tabs, textarea } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { field } from '../forms.ts';
import { recordHistory } from '../../modules/history.ts';
import { getVendor } from '../../modules/vendors.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';

const PresetParams = Type.Object({
  id: IdParams.properties.id,
  preset: Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z0-9_-]+$' }),
});
const COLORS = ['primary', 'secondary', 'accent', 'background', 'text', 'border'] as const;

const WORDS: Record<string, Record<LanguageCode, string>> = {
  theme: { en: 'Theme', fr: 'Thème', de: 'Design', lb: 'Design' },
  presets: { en: 'Presets', fr: 'Modèles', de: 'Vorlagen', lb: 'Virlagen' },
  apply: { en: 'Apply', fr: 'Appliquer', de: 'Anwenden', lb: 'Uwenden' },
  preview: { en: 'Preview', fr: 'Aperçu', de: 'Vorschau', lb: 'Virschau' },
  customise: {
    en: 'Colours, fonts and layout',
    fr: 'Couleurs, polices et mise en page',
    de: 'Farben, Schriften und Layout',
    lb: 'Faarwen, Schrëften a Layout',
  },
  save: { en: 'Save theme', fr: 'Enregistrer le thème', de: 'Design speichern', lb: 'Design späicheren' },
  reset: {
    en: 'Reset to the platform default',
    fr: 'Revenir au thème par défaut',
    de: 'Auf den Plattform-Standard zurücksetzen',
    lb: 'Op de Standard zerécksetzen',
  },
  saved: { en: 'The theme is saved.', fr: 'Le thème est enregistré.', de: 'Das Design ist gespeichert.', lb: "D'Design ass gespäichert." },
  applied: {
    en: 'The preset {preset} is applied.',
    fr: 'Le modèle {preset} est appliqué.',
    de: 'Die Vorlage {preset} ist angewendet.',
    lb: "D'Virlag {preset} ass ugewant.",
  },
  is_default: {
    en: 'The shop uses the platform default theme.',
    fr: 'La boutique utilise le thème par défaut.',
    de: 'Der Shop nutzt das Standard-Design.',
    lb: "De Buttek notzt d'Standard-Design.",
  },
  history: { en: 'History', fr: 'Historique', de: 'Verlauf', lb: 'Verlaf' },
  custom_css: { en: 'Custom CSS', fr: 'CSS personnalisé', de: 'Eigenes CSS', lb: 'Eegent CSS' },
  heading_font: { en: 'Heading font', fr: 'Police des titres', de: 'Überschriften-Schrift', lb: 'Iwwerschrëften-Schrëft' },
  body_font: { en: 'Body font', fr: 'Police du texte', de: 'Text-Schrift', lb: 'Text-Schrëft' },
};
const w = (l: LanguageCode, key: string, values: Record<string, string> = {}) =>
  (WORDS[key]?.[l] ?? WORDS[key]?.en ?? key).replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** A small storefront drawn in the theme's colours and fonts: a header, a banner line and two product cards. */
export function themePreview(theme: Pick<ThemeConfig, 'colors' | 'fonts' | 'layout'>, shopName: string): Html {
  const c = theme.colors;
  const product = (
    name: string,
    price: string,
  ) => html`<div style="border:1px solid ${c.border};border-radius:${theme.layout.product_card === 'classic' ? '2px' : '10px'};padding:10px;background:${c.background}">
<div style="height:56px;border-radius:6px;background:linear-gradient(135deg,${c.secondary},${c.primary})"></div>
<div style="font-family:${theme.fonts.heading};font-weight:600;margin-top:6px">${name}</div><div style="color:${c.accent};font-weight:600">${price}</div></div>`;
  return html`<div class="theme-preview" style="border:1px solid ${c.border};border-radius:12px;overflow:hidden;background:${c.background};color:${c.text};font-family:${theme.fonts.body}">
<div style="background:${c.primary};color:#fff;padding:10px 14px;font-family:${theme.fonts.heading};font-weight:700">${shopName}</div>
<div style="padding:12px 14px"><div style="font-family:${theme.fonts.heading};font-size:1.1em;margin-bottom:8px">New arrivals</div>
<div style="display:grid;grid-template-columns:${theme.layout.style === 'list' ? '1fr' : '1fr 1fr'};gap:10px">${product('Copper pan', '€45.99')}${product('Linen apron', '€19.00')}</div>
<button type="button" style="margin-top:10px;background:${c.accent};color:#fff;border:0;border-radius:6px;padding:6px 12px">Add to cart</button></div></div>`;
}

export const swatches = (colors: ThemeConfig['colors']) =>
  html`<span class="swatches">${COLORS.map((k) => html`<span title="${k}" style="display:inline-block;width:18px;height:18px;border-radius:4px;border:1px solid #0002;background:${colors[k]}"></span>`)}</span>`;

/**
 * A vendor's storefront theme in the admin back office (/admin/vendors/{id}/theme): the presets
 * with their colours, the colours, fonts and layout as a form, a preview drawn in the theme, the
 * reset to the platform default and the theme's history — the admin API's theme commands.
 */
export function themePageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const run = (viewer: Viewer, vendorId: number, command: ThemeCommand) =>
    handleCommand(services.store, vendorTheme, vendorId, command, { ...viewer.context, vendorId }).then((r) => services.settle([r]));

  api.get(
    '/admin/vendors/:id/theme',
    {
      summary: "Back-office page: a vendor's storefront theme, presets, preview and history (`tab=history`, `as_of`)",
      params: IdParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const vendor = (await getVendor(knex, params.id)) as { id: number; name: string };
      const { theme, is_default } = await getVendorTheme(knex, vendor.id);
      const base = `/admin/vendors/${vendor.id}`;
      const history = ctx.query.tab === 'history';
      const presets = card(
        w(l, 'presets'),
        html`<div class="preset-list">${Object.entries(THEME_PRESETS).map(
          ([name, p]) => html`<div class="preset">
<div><strong>${name}</strong> ${theme.theme_name === name ? '✓' : ''}<div class="muted">${p.description}</div>${swatches(p.colors)}</div>
${postButton(ctx, `${base}/theme/presets/${name}`, w(l, 'apply'), { tone: 'small' })}</div>`,
        )}</div>`,
      );
      const form = card(
        w(l, 'customise'),
        postForm(
          ctx,
          `${base}/theme`,
          html`<div class="form-grid">
${COLORS.map((k) => input(l, { label: k, name: `color_${k}`, type: 'color', value: theme.colors[k], required: true }))}
${input(l, { label: w(l, 'heading_font'), name: 'font_heading', value: theme.fonts.heading, required: true })}
${input(l, { label: w(l, 'body_font'), name: 'font_body', value: theme.fonts.body, required: true })}
${select(l, {
  label: 'Layout',
  name: 'layout_style',
  value: theme.layout.style,
  options: [
    ['grid', 'Grid'],
    ['list', 'List'],
    ['masonry', 'Masonry'],
  ],
})}
${select(l, {
  label: 'Product card',
  name: 'layout_product_card',
  value: theme.layout.product_card,
  options: [
    ['modern', 'Modern'],
    ['classic', 'Classic'],
    ['minimal', 'Minimal'],
  ],
})}
${textarea(l, { label: w(l, 'custom_css'), name: 'custom_css', value: theme.custom_css ?? '', span2: true })}
</div><div class="form-actions"><button type="submit" class="primary">${w(l, 'save')}</button></div>`,
        ),
      );
      await renderBackOffice(ctx, services, viewer, {
        title: `${vendor.name} · ${w(l, 'theme')}`,
        nav: 'vendors',
        crumbs: [
          { label: 'Vendors', href: '/admin/vendors' },
          { label: vendor.name, href: base },
        ],
        subtitle: is_default ? w(l, 'is_default') : theme.theme_name,
        actions: is_default ? undefined : postButton(ctx, `${base}/theme/reset`, w(l, 'reset'), { tone: 'ghost', confirm: w(l, 'reset') }),
        body: html`${tabs([
          { href: `${base}/theme`, label: w(l, 'theme'), current: !history },
          { href: `${base}/theme?tab=history`, label: w(l, 'history'), current: history },
        ])}
${
  history
    ? await recordHistory(services, ctx, l, `${vendorTheme.aggregate}-${vendor.id}`)
    : html`<div class="grid-2"><div>${presets}${form}</div>${card(w(l, 'preview'), themePreview(theme, vendor.name))}</div>`
}`,
      });
    },
  );

  api.post(
    '/admin/vendors/:id/theme',
    {
      summary: "Back-office form: change a vendor's theme colours, fonts, layout and custom CSS",
      params: IdParams,
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/vendors/${params.id}/theme`, async () => {
        await getVendor(knex, params.id);
        const changes = validBody(ThemeUpdate, {
          colors: Object.fromEntries(COLORS.map((k) => [k, field(ctx, `color_${k}`)])),
          fonts: { heading: field(ctx, 'font_heading'), body: field(ctx, 'font_body') },
          layout: { style: field(ctx, 'layout_style'), product_card: field(ctx, 'layout_product_card') },
          custom_css: field(ctx, 'custom_css').trim() || null,
        });
        await run(viewer, params.id, {
          type: 'ChangeVendorTheme',
          data: { vendor_id: params.id, changes, at: services.clock.now().toISOString() },
        });
        return w(viewer.language, 'saved');
      });
    },
  );

  api.post(
    '/admin/vendors/:id/theme/presets/:preset',
    { summary: 'Back-office form: apply a theme preset to a vendor', params: PresetParams, responses: { 303: SEE_OTHER, 403: HTML } },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/vendors/${params.id}/theme`, async () => {
        if (!THEME_PRESETS[params.preset]) throw new ThemePresetNotFoundException(`Unknown theme preset '${params.preset}'`);
        await getVendor(knex, params.id);
        await run(viewer, params.id, {
          type: 'ApplyThemePreset',
          data: { vendor_id: params.id, preset: params.preset, at: services.clock.now().toISOString() },
        });
        return w(viewer.language, 'applied', { preset: params.preset });
      });
    },
  );

  api.post(
    '/admin/vendors/:id/theme/reset',
    {
      summary: 'Back-office form: reset a vendor to the platform default theme',
      params: IdParams,
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/vendors/${params.id}/theme`, async () => {
        await getVendor(knex, params.id);
        await run(viewer, params.id, { type: 'ResetVendorTheme', data: { vendor_id: params.id, at: services.clock.now().toISOString() } });
        return w(viewer.language, 'saved');
      });
    },
  );

  return api.router;
}
