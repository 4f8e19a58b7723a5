import type { Services } from '../runtime/services.ts';

/** An account's status and role as the admin guard checks them; null when it no longer exists. */
export type AdminAccess = (userId: number) => { is_active: boolean; role: string } | null;

/** The access each service's app was given by the module that keeps the users' access (src/http/app.ts). */
const fromModules = new WeakMap<Services, AdminAccess>();

export function registerAdminAccess(services: Services, access: AdminAccess): void {
  fromModules.set(services, access);
}

/** Whether a user is an active admin, from the memory of the module that keeps the users' access (`adminAccess` in its declaration). */
export function adminAccessOf(services: Services, userId: number): { is_active: boolean; role: string } | null {
  const access = fromModules.get(services);
  if (!access) throw new Error('no module provides the admin access (adminAccess): the admin routes cannot check their callers');
  return access(userId);
}
