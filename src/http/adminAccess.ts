import { sql } from '../runtime/database.ts';
import type { Services } from '../runtime/services.ts';

/** An account's status and role as the admin guard checks them; null when it no longer exists. */
export type AdminAccess = (userId: number) => { is_active: boolean; role: string } | null;

/** The access each service's app was given by the module that keeps the users' access (src/http/app.ts). */
const fromModules = new WeakMap<Services, AdminAccess>();

export function registerAdminAccess(services: Services, access: AdminAccess): void {
  fromModules.set(services, access);
}

/**
 * Whether a user is an active admin: from the memory of the module that keeps the users' access
 * (`adminAccess` in its declaration), or, for services without it, from the users' read model.
 */
export async function adminAccessOf(services: Services, userId: number): Promise<{ is_active: boolean; role: string } | null> {
  const access = fromModules.get(services);
  if (access) return access(userId);
  const [row] = await sql<{ role: string; is_active: boolean }>(services.db.knex, 'SELECT role, is_active FROM user_list WHERE id = $1', [userId], 'admin_auth');
  return row ?? null;
}
