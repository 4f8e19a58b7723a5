import { vendorTheme } from '../../commands/themes/index.ts';
import { vendorThemes } from '../../projections/themes/vendorThemes.ts';
import { adminThemeRoutes } from '../http/admin/themes.ts';
import { defineModule } from './module.ts';

export const themesModule = defineModule({
  name: 'themes',
  tag: 'Themes',
  description: 'Storefront themes of each vendor, from presets.',
  dependsOn: ['vendors'],
  routes: { admin: [adminThemeRoutes] },
  consumers: [vendorThemes],
  aggregates: [vendorTheme],
});
