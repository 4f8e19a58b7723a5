import { adminDashboardRoutes } from '../http/admin/adminDashboard.ts';
import { adminDashboardBackOffice, adminDashboardPageRoutes } from '../pages/admin-dashboard/dashboardPage.ts';
import { defineModule } from './module.ts';

/**
 * The admin dashboard (SPEC.md 4.1 /dashboard, /dashboard/stats/platform): the platform's figures,
 * each counted by its own module from its read models, and the daily series of the orders (kept
 * as counts by the orders area) and of the new vendors.
 */
export const adminDashboardModule = defineModule({
  name: 'admin-dashboard',
  tag: 'Admin dashboard',
  description:
    "The platform's figures for the admins (companies, vendors, users, customers, orders, revenue, imports, violations, subscriptions) and its daily statistics.",
  core: true,
  // The daily series are the orders' and the vendors' own; request figures are platform health's.
  dependsOn: ['orders', 'vendors', 'platform-health'],
  features: ['Platform figures from every module', 'Orders and revenue by status and channel', 'Daily statistics'],
  routes: { admin: [adminDashboardRoutes] },
  pages: [adminDashboardPageRoutes],
  backOffice: adminDashboardBackOffice,
});

/** Where the admin sign-in lands: the dashboard home. */
export { ADMIN_DASHBOARD_PATH } from '../pages/admin-dashboard/dashboardPage.ts';
