import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { Services } from './runtime/services.ts';

/** The shortest admin password the service accepts (the same bound as POST /api/v1/admin/users). */
export const MIN_ADMIN_PASSWORD = 10;

/** How to get a first admin: what the start-up log line and the home page (GET /) say. */
export const HOW_TO_CREATE_ADMIN =
  "start the service with ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD='choose-10+-chars' npm start, " +
  "or run npm run admin:create -- --email admin@example.com --password 'choose-10+-chars' while it is stopped";

/** An active user with the admin role, in the user_list read model. */
export async function activeAdminExists(knex: Knex): Promise<boolean> {
  return (await knex('user_list').where({ role: 'admin', is_active: true }).first('id')) !== undefined;
}

/** Records a new admin account and waits until it is listed (the users area's command, given by its module). */
export type CreateAdmin = (services: Services, admin: { email: string; username: string; password: string }) => Promise<void>;

/**
 * The first admin: created on start from ADMIN_EMAIL / ADMIN_PASSWORD when no
 * active admin exists yet; without them, one log line says how to create one. Runs after the
 * user projection has caught up with the feed. The users area runs it among its start-up steps
 * (src/modules/users.ts setUp), with its own command to create the account.
 */
export async function ensureFirstAdmin(services: Services, createAdmin: CreateAdmin): Promise<void> {
  const admin = services.config.admin;
  const projection = services.runner.consumers.find((c) => c.name === 'user_list')!;
  await services.runner.catchUp(projection);
  if (await activeAdminExists(services.db.knex)) return;
  if (!admin) {
    services.logger.warn(`No admin exists yet. To create one, ${HOW_TO_CREATE_ADMIN}.`);
    return;
  }
  if (admin.password.length < MIN_ADMIN_PASSWORD) {
    services.logger.error(
      { email: admin.email },
      `No admin created: ADMIN_PASSWORD must have at least ${MIN_ADMIN_PASSWORD} characters. To create one, ${HOW_TO_CREATE_ADMIN}.`,
    );
    return;
  }
  const username = admin.username ?? (admin.email.split('@')[0].replace(/[^A-Za-z0-9_.-]/g, '') || 'admin');
  await createAdmin(services, { email: admin.email, username, password: admin.password });
  services.logger.info(
    { email: admin.email, username },
    `First admin ${admin.email} created (username ${username}); sign in with POST /api/v1/admin/auth/login`,
  );
}

// The start-up lines live apart from the first admin's creation: src/main.ts prints them before it loads the service.
export { baseUrl, describeDatabase, startupMessages } from './startupMessages.ts';
