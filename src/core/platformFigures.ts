/**
 * The platform's figures on the admin dashboard (SPEC.md 4.1 GET /dashboard, AdminDashboardResponse):
 * each business area counts its own part from its read models (src/modules/module.ts
 * `dashboardFigures`); a part whose module is switched off is absent (null in the response).
 */
export interface PlatformFigures {
  companies: { total: number; active: number; verified: number };
  vendors: { total: number; active: number; inactive: number; verified: number; unverified: number };
  users: { total: number; active: number; admins: number; vendor_users: number };
  customers: { total: number; with_orders: number };
  /** Orders of both channels; `by_status` has every status of SPEC.md part 3, `by_channel` shop and extmarket. */
  orders: { total: number; by_status: Record<string, number>; by_channel: Record<string, number> };
  /** Gross order value of the orders not declined, per currency (integer cents). */
  revenue: { by_currency: Record<string, number> };
  /** Marketplace import jobs by status. */
  imports: { total: number; by_status: Record<string, number> };
  /** Architecture violations not resolved or ignored, by severity. */
  violations: { open: number; by_severity: Record<string, number> };
  /** Vendor subscriptions by tier code and by status. */
  subscriptions: { total: number; by_tier: Record<string, number>; by_status: Record<string, number> };
}

export type PlatformFigureSection = keyof PlatformFigures;
export const PLATFORM_FIGURE_SECTIONS: readonly PlatformFigureSection[] = [
  'companies',
  'vendors',
  'users',
  'customers',
  'orders',
  'revenue',
  'imports',
  'violations',
  'subscriptions',
];
