import { createUser } from '../modules/users.ts';
import { MIN_ADMIN_PASSWORD } from '../bootstrap.ts';
import type { Services } from '../runtime/services.ts';
import { cliServices, fail, helpWanted, parseArgs } from './context.ts';

const USAGE = `npm run admin:create -- --email <email> --password <password> [--username <name>]\n  Creates an admin (the password needs at least ${MIN_ADMIN_PASSWORD} characters).`;
helpWanted(USAGE);

/**
 * npm run admin:create -- --email a@b.c --password '…' [--username name]
 * With the embedded database (no DATABASE_URL) the service must be stopped: PGlite belongs to one process.
 */
const { flags } = parseArgs(process.argv.slice(2));
if (!flags.email || !flags.password || flags.email === 'true' || flags.password === 'true') {
  fail('usage: npm run admin:create -- --email <email> --password <password> [--username <name>]');
}
if (flags.password.length < MIN_ADMIN_PASSWORD) fail(`the password must have at least ${MIN_ADMIN_PASSWORD} characters`);

let services: Services;
try {
  services = await cliServices('an admin creates another with POST /api/v1/admin/users');
} catch (err) {
  fail(`could not open the database: ${(err as Error).message}`);
}
try {
  const username = flags.username ?? (flags.email.split('@')[0].replace(/[^A-Za-z0-9_.-]/g, '') || 'admin');
  const { id } = await createUser(
    { store: services.store, db: services.db.knex, clock: services.clock },
    { email: flags.email, username, password: flags.password, role: 'admin' },
    { userId: 'system:cli', correlationId: `cli-admin-create-${Date.now()}` },
  );
  const projection = services.runner.consumers.find((c) => c.name === 'user_list')!;
  await services.runner.catchUp(projection);
  console.log(
    `admin ${flags.email} created (user ${id}, username ${username}); start the service (npm start) and sign in with POST /api/v1/admin/auth/login`,
  );
} catch (err) {
  fail(`could not create the admin: ${(err as Error).message}`);
} finally {
  await services.close();
}
