import { VENDOR_ACCESS_VIEW, vendorAccessOf, type AccessFacts } from '../modules/team.ts';
import { sql } from '../runtime/database.ts';
import type { Services } from '../runtime/services.ts';
import { adminAccessOf } from './adminAccess.ts';

/**
 * Whether the caller of an open live stream still has the access its guard found when it opened
 * (the same facts the guards read: src/http/auth.ts, vendorAuth.ts, customerAuth.ts).
 */
export const adminStillActive = (services: Services, adminId: number) => async () => {
  const row = adminAccessOf(services, adminId);
  return !!row && row.is_active && row.role === 'admin';
};

export const memberStillActive = (services: Services, vendorId: number, userId: number) => async () => {
  const access = vendorAccessOf(services.views.get<AccessFacts>(VENDOR_ACCESS_VIEW), vendorId, userId);
  return !!access.role && !!access.user?.is_active && !!access.vendor?.is_active;
};

export const sessionStillOpen = (services: Services, customerId: number, sessionId: string) => async () => {
  const rows = await sql(
    services.db.knex,
    'SELECT 1 FROM customer_sessions WHERE session_id = $1 AND customer_id = $2',
    [sessionId, customerId],
    'live_customer_access',
  );
  return rows.length > 0;
};
