import { adminEventRoutes } from '../http/admin/events.ts';
import { defineModule } from './module.ts';

/** The auditors' view: any stream's events and its state at any point. */
export const historyModule = defineModule({
  name: 'history',
  tag: 'Event history',
  description: 'Events of a stream and its state replayed at a point in time.',
  routes: { admin: [adminEventRoutes] },
});
