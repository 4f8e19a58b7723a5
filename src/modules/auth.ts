import { adminAuthRoutes } from '../http/admin/auth.ts';
import { vendorAuthRoutes } from '../http/vendor/auth.ts';
import { defineModule } from './module.ts';

/** Sign-in, tokens and one's own password, for admins and vendor team members (SPEC.md part 5). */
export const authModule = defineModule({
  name: 'auth',
  tag: 'Auth',
  description: 'Admin and vendor sign-in, token refresh, sign-out and password change.',
  dependsOn: ['users'],
  routes: { admin: [adminAuthRoutes], vendor: [vendorAuthRoutes] },
});
