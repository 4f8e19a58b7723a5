import { sql } from './runtime/database.ts';
import { ordersScheduledTasks } from './ordersScheduledTasks.ts';
import type { ScheduledTask } from './runtime/scheduler.ts';

/** Every scheduled task of the service (SPEC.md part 6 item 5 adds the billing ones). */
export const scheduledTasks: readonly ScheduledTask[] = [
  {
    // Login failure counters outlive their 15-minute window only as dead rows.
    name: 'purgeLoginThrottle',
    cron: '17 * * * *',
    async run(services) {
      await sql(services.db.knex, "DELETE FROM auth_throttle WHERE window_start < now() - interval '1 day'");
    },
  },
  ...ordersScheduledTasks,
];
