import { createUser } from '../commands/users/handlers.ts';
import type { Services } from './runtime/services.ts';

/**
 * The first admin (issue 2 §5): created on start from ADMIN_EMAIL / ADMIN_PASSWORD when no
 * active admin exists yet. Runs after the user projection has caught up with the feed.
 */
export async function ensureFirstAdmin(services: Services): Promise<void> {
  const admin = services.config.admin;
  if (!admin) return;
  const projection = services.runner.consumers.find((c) => c.name === 'user_list')!;
  await services.runner.catchUp(projection);
  const existing = await services.db.knex('user_list').where({ role: 'admin', is_active: true }).first();
  if (existing) return;
  const username = admin.username ?? admin.email.split('@')[0].replace(/[^A-Za-z0-9_.-]/g, '') ?? 'admin';
  const { done } = await createUser({ store: services.store, db: services.db.knex },
    { email: admin.email, username, password: admin.password, role: 'admin' },
    { userId: 'system:bootstrap', correlationId: 'bootstrap-first-admin' });
  await services.settle(done);
  services.logger.info({ email: admin.email }, 'first admin created');
}
