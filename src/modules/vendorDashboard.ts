import { vendorDashboardFigures } from '../../projections/vendor-dashboard/vendorDashboardFigures.ts';
import { vendorDashboardRoutes } from '../http/vendor/dashboard.ts';
import { vendorDashboardBackOffice, vendorDashboardPageRoutes } from '../pages/vendor-dashboard/dashboardPage.ts';
import { defineModule } from './module.ts';

/**
 * The vendor dashboard and analytics (SPEC.md 4.2 /dashboard/stats, /analytics): the vendor's
 * orders by status and channel, revenue per period and per day, top products and pending item
 * exceptions from its own read model (counted per vendor as the orders arrive and change), the
 * stock alerts, unread messages and plan usage from the modules that own them; the dashboard home
 * page of the vendor back office.
 */
export const vendorDashboardModule = defineModule({
  name: 'vendor-dashboard',
  tag: 'Vendor dashboard',
  description:
    "The vendor's dashboard figures and sales analytics (orders and revenue per day, channel split, average order value, top products), and the vendor back office's home page.",
  features: ['Dashboard figures', 'Sales analytics', 'Dashboard home page'],
  dependsOn: ['orders', 'inventory', 'messaging', 'subscriptions'],
  routes: { vendor: [vendorDashboardRoutes] },
  consumers: [vendorDashboardFigures],
  pages: [vendorDashboardPageRoutes],
  backOffice: vendorDashboardBackOffice,
});
