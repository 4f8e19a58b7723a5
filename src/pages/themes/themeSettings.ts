import type { Context } from 'koa';
import { getVendorTheme } from '../../../queries/themes/getVendorTheme.ts';
import type { Services } from '../../runtime/services.ts';
import { card, facts, formatDateTime, linkButton, pill } from '../backOffice/components.ts';
import type { SettingsSection, Viewer } from '../backOffice/registry.ts';
import { areaTexts } from '../backOffice/texts.ts';
import { html } from '../html.ts';
import { swatches, themePreview } from './themePages.ts';

const tt = areaTexts(
  {
    title: "Your shop's theme",
    preview: 'Preview',
    name: 'Theme',
    default: 'Platform default',
    own: 'Your own theme',
    colours: 'Colours',
    fonts: 'Fonts',
    layout: 'Layout',
    updated: 'Changed',
    open: 'Open the shop',
    who: "Themes are set up with the platform's administrators: ask them for a preset or your colours.",
  },
  {
    fr: {
      title: 'Le thème de votre boutique',
      preview: 'Aperçu',
      name: 'Thème',
      default: 'Thème par défaut',
      own: 'Votre thème',
      colours: 'Couleurs',
      fonts: 'Polices',
      layout: 'Mise en page',
      updated: 'Modifié',
      open: 'Ouvrir la boutique',
      who: 'Les thèmes sont réglés avec les administrateurs de la plateforme : demandez-leur un modèle ou vos couleurs.',
    },
    de: {
      title: 'Das Design Ihres Shops',
      preview: 'Vorschau',
      name: 'Design',
      default: 'Standard der Plattform',
      own: 'Ihr eigenes Design',
      colours: 'Farben',
      fonts: 'Schriften',
      layout: 'Layout',
      updated: 'Geändert',
      open: 'Shop öffnen',
      who: 'Designs richten die Administratoren der Plattform ein: fragen Sie sie nach einer Vorlage oder Ihren Farben.',
    },
    lb: {
      title: "D'Design vun Ärem Buttek",
      preview: 'Virschau',
      name: 'Design',
      colours: 'Faarwen',
      fonts: 'Schrëften',
      open: 'Buttek opmaachen',
    },
  },
);

/** The vendor's theme on its settings page: what the shop looks like now, drawn in the theme, and the way to the shop itself. */
async function renderTheme(services: Services, _ctx: Context, viewer: Viewer) {
  const l = viewer.language;
  const vendor = viewer.vendor!;
  const { theme, is_default, updated_at } = await getVendorTheme(services.db.knex, vendor.id);
  const shop = `/vendors/${encodeURIComponent(vendor.code)}/shop/`;
  return html`<div class="grid sidebar">${card(tt(l, 'preview'), themePreview(theme, vendor.name), { id: 'theme-preview' })}
${card(
  tt(l, 'title'),
  html`${facts([
    [
      tt(l, 'name'),
      html`<strong>${theme.theme_name}</strong> ${pill(is_default ? tt(l, 'default') : tt(l, 'own'), is_default ? 'neutral' : 'accent')}`,
    ],
    [tt(l, 'colours'), swatches(theme.colors)],
    [tt(l, 'fonts'), `${theme.fonts.heading} / ${theme.fonts.body}`],
    [tt(l, 'layout'), `${theme.layout.style} · ${theme.layout.product_card}`],
    [tt(l, 'updated'), updated_at ? formatDateTime(updated_at, l) : null],
  ])}<p class="muted" style="margin-top:14px">${tt(l, 'who')}</p><div class="form-actions">${linkButton(shop, tt(l, 'open'), 'primary', 'store')}</div>`,
)}</div>`;
}

export const themeSettingsSections: SettingsSection[] = [
  {
    tab: 'theme',
    order: 50,
    permission: 'settings.view',
    label: { en: 'Theme', fr: 'Thème', de: 'Design', lb: 'Design' },
    render: renderTheme,
  },
];
