import { vendorTheme } from '../../commands/themes/vendorTheme.ts';
import { vendorThemes } from '../../projections/themes/vendorThemes.ts';
import { getVendorTheme } from '../../queries/themes/getVendorTheme.ts';
import { adminThemeRoutes } from '../http/admin/themes.ts';
import { themePageRoutes } from '../pages/themes/themePages.ts';
import { themeSettingsSections } from '../pages/themes/themeSettings.ts';
import { defineModule } from './module.ts';

export const themesModule = defineModule({
  name: 'themes',
  tag: 'Themes',
  description: 'Storefront themes of each vendor, from presets.',
  features: ['Storefront themes', 'Theme presets'],
  dependsOn: ['vendors', 'history'],
  routes: { admin: [adminThemeRoutes] },
  consumers: [vendorThemes],
  aggregates: [vendorTheme],
  pages: [themePageRoutes],
  // The theme on the vendor's settings page, drawn as the shop shows it.
  backOffice: { settingsSections: themeSettingsSections },
  shopTheme: (services, vendorId) => getVendorTheme(services.db.knex, vendorId),
});
