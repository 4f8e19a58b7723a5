import { team } from '../../commands/team/index.ts';
import { vendorTeamInvitations } from '../../projections/team/vendorTeamInvitations.ts';
import { vendorTeamMembers } from '../../projections/team/vendorTeamMembers.ts';
import { vendorTeamRoutes } from '../http/vendor/team.ts';
import { defineModule } from './module.ts';

export const teamModule = defineModule({
  name: 'team',
  tag: 'Team',
  description: 'A vendor\'s team members, roles, permissions and invitations.',
  dependsOn: ['vendors'],
  routes: { vendor: [vendorTeamRoutes] },
  consumers: [vendorTeamMembers, vendorTeamInvitations],
  aggregates: [team],
});
