import { reservation } from '../../commands/reservations/reservation.ts';
import { user } from '../../commands/users/user.ts';
import { userList } from '../../projections/users/userList.ts';
import { adminUserRoutes } from '../http/admin/users.ts';
import { sql } from '../runtime/database.ts';
import { ensureFirstAdmin } from '../bootstrap.ts';
import { createUser } from '../../commands/users/handlers.ts';
import { defineModule } from './module.ts';
import { userFigures } from '../../queries/users/userFigures.ts';
import { userPageRoutes, usersBackOffice } from '../pages/users/userPages.ts';

/** Another area's way to a user: the id of a login (e-mail or username). */
export { findUserIdByLogin } from '../../queries/users/getUser.ts';
/** The user list's row, as the areas that name a user read it (messaging names a message's author). */
export type { UserListRow } from '../../projections/users/userList.ts';

/**
 * Platform users (admins and vendor accounts). The reservation streams that make e-mails,
 * usernames, vendor codes and domains unique live here: users were their first claimants.
 */
export const usersModule = defineModule({
  name: 'users',
  tag: 'Users',
  description: 'Admin management of platform users.',
  core: true,
  features: ['Platform user management', 'User search'],
  // The user page's history tab.
  dependsOn: ['history'],
  dashboardFigures: (services) => userFigures(services.db.knex),
  routes: { admin: [adminUserRoutes] },
  pages: [userPageRoutes],
  backOffice: usersBackOffice,
  consumers: [userList],
  aggregates: [user, reservation],
  // The first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no active admin exists yet (src/bootstrap.ts).
  async setUp(services) {
    await ensureFirstAdmin(services, async (s, admin) => {
      const { done } = await createUser(
        { store: s.store, db: s.db.knex, clock: s.clock },
        { ...admin, role: 'admin' },
        { userId: 'system:bootstrap', correlationId: 'bootstrap-first-admin' },
      );
      await s.settle(done);
    });
    return [];
  },
  scheduledTasks: [
    {
      // Login failure counters outlive their 15-minute window only as dead rows.
      name: 'purgeLoginThrottle',
      cron: '17 * * * *',
      async run(services) {
        await sql(services.db.knex, "DELETE FROM auth_throttle WHERE window_start < now() - interval '1 day'");
      },
    },
  ],
});

/** Opening an account for another area's flow (the signup's owner account, a company's owner, a team member). */
export { createUser } from '../../commands/users/handlers.ts';
/** A user's write-side state, as the areas that check a user (companies, team, messaging, sign-in) load it. */
export { user } from '../../commands/users/user.ts';
/** A signed-in user's change of their own password (the admin and vendor sign-in routes). */
export { changeUserPassword } from '../../commands/users/handlers.ts';
/** The checks another area adds before an admin deletes a user (companies refuses a company's owner). */
export { deletionGuards } from '../http/admin/users.ts';

/** What an admin's delete of a company would leave behind for a user (the companies' own counters add theirs). */
export { relatedCounters } from '../../queries/users/getUser.ts';
