import { createUser } from '../../commands/users/handlers.ts';
import { cliServices, fail, parseArgs } from './context.ts';

/** npm run admin:create -- --email a@b.c --password '…' [--username name] */
const { flags } = parseArgs(process.argv.slice(2));
if (!flags.email || !flags.password) fail('usage: admin:create --email <email> --password <password> [--username <name>]');
if (flags.password.length < 10) fail('the password must have at least 10 characters');

const services = await cliServices();
try {
  const username = flags.username ?? flags.email.split('@')[0].replace(/[^A-Za-z0-9_.-]/g, '');
  const { id } = await createUser({ store: services.store, db: services.db.knex },
    { email: flags.email, username, password: flags.password, role: 'admin' },
    { userId: 'system:cli', correlationId: `cli-admin-create-${Date.now()}` });
  const projection = services.runner.consumers.find((c) => c.name === 'user_list')!;
  await services.runner.catchUp(projection);
  console.log(`admin ${flags.email} created (user ${id})`);
} catch (err) {
  fail(`could not create the admin: ${(err as Error).message}`);
} finally {
  await services.close();
}
