import { platformSettings } from '../../commands/settings/platformSettings.ts';
import { platformSettingsProjection } from '../../projections/settings/platformSettings.ts';
import { platformSettingsView } from '../../projections/settings/platformSettingsView.ts';
import { adminSettingsRoutes } from '../http/admin/settings.ts';
import { vendorSettingsRoutes } from '../http/vendor/settings.ts';
import { settingsBackOffice, settingsPageRoutes } from '../pages/settings/settingsPages.ts';
import { defineModule } from './module.ts';

export const settingsModule = defineModule({
  name: 'settings',
  tag: 'Settings',
  description: "Platform settings (admins) and a vendor's own settings.",
  core: true,
  features: ['Platform localization', 'Vendor settings'],
  // A vendor's settings are its vendor record's (business info, localization, extmarket listing).
  dependsOn: ['vendors'],
  routes: { admin: [adminSettingsRoutes], vendor: [vendorSettingsRoutes] },
  consumers: [platformSettingsProjection],
  aggregates: [platformSettings],
  pages: [settingsPageRoutes],
  backOffice: settingsBackOffice,
  memoryViews: [platformSettingsView],
});
