import { team } from '../../commands/team/team.ts';
import { vendorTeamInvitations } from '../../projections/team/vendorTeamInvitations.ts';
import { vendorAccessView } from '../../projections/team/vendorAccessView.ts';
import { vendorTeamMembers } from '../../projections/team/vendorTeamMembers.ts';
import { vendorTeamRoutes } from '../http/vendor/team.ts';
import { teamBackOffice, teamPageRoutes } from '../pages/team/teamPages.ts';
import { defineModule } from './module.ts';
import { VENDOR_ACCESS_VIEW, vendorAccessOf, type AccessFacts } from '../../queries/team/vendorAccess.ts';
import { OWNER_ROLE, permissionsOf } from '../../commands/team/permissions.ts';

export const teamModule = defineModule({
  name: 'team',
  tag: 'Team',
  description: "A vendor's team members, roles, permissions and invitations.",
  core: true,
  features: ['Team members and roles', 'Permissions', 'Invitations'],
  // The vendor guard's access view reads the users, the companies (owners) and the vendors.
  dependsOn: ['vendors', 'companies', 'users'],
  routes: { vendor: [vendorTeamRoutes] },
  consumers: [vendorTeamMembers, vendorTeamInvitations],
  aggregates: [team],
  memoryViews: [vendorAccessView],
  pages: [teamPageRoutes],
  backOffice: teamBackOffice,
  // The access view holds every user with their role and status: the admin guard reads them there too.
  adminAccess: (services) => (userId) => {
    const user = services.views.get<AccessFacts>(VENDOR_ACCESS_VIEW).users.get(userId);
    return user ? { is_active: user.is_active, role: user.role } : null;
  },
  // The vendor guard's facts: the caller's account, the vendor, the role and what it grants.
  vendorAccess: (services) => (vendorId, userId) => {
    const access = vendorAccessOf(services.views.get<AccessFacts>(VENDOR_ACCESS_VIEW), vendorId, userId);
    return {
      user: access.user,
      vendor: access.vendor,
      role: access.role,
      permissions: access.role ? permissionsOf(access.role, access.permissions) : [],
      isOwner: access.role === OWNER_ROLE,
    };
  },
});

/** Who is signed in, for the back offices' frame: a user's name and language, a vendor's name and dashboard language, from memory. */
export { accountOf, vendorFrameOf, VENDOR_ACCESS_VIEW, type AccessFacts } from '../../queries/team/vendorAccess.ts';

/** The vendors a signed-in user may work in, and what the live streams re-check on every frame. */
export { listAccessibleVendors, vendorAccessOf } from '../../queries/team/vendorAccess.ts';
