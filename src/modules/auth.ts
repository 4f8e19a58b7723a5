import { adminAuthRoutes } from '../http/admin/auth.ts';
import { vendorAuthRoutes } from '../http/vendor/auth.ts';
import { backOfficeAssetRoutes } from '../pages/backOffice/assets.ts';
import { signInPageRoutes } from '../pages/auth/signInPages.ts';
import { adminViewer, vendorViewer } from '../pages/auth/viewers.ts';
import { defineModule } from './module.ts';

/** Sign-in, tokens and one's own password, for admins and vendor team members (SPEC.md part 5). */
export const authModule = defineModule({
  name: 'auth',
  tag: 'Auth',
  description:
    "Admin and vendor sign-in, token refresh, sign-out and password change; the back offices' sign-in pages and who is signed in to them.",
  core: true,
  features: ['Admin and vendor sign-in', 'Token refresh and sign-out', 'Password change', 'Back-office sign-in pages'],
  dependsOn: ['users', 'vendors', 'team'],
  routes: { admin: [adminAuthRoutes], vendor: [vendorAuthRoutes] },
  pages: [backOfficeAssetRoutes, signInPageRoutes],
  backOffice: { viewers: { vendor: vendorViewer, admin: adminViewer } },
});

/** Signing a vendor's owner in on the pages' cookie (the signup's completion). */
export { setVendorSession } from '../pages/auth/session.ts';
