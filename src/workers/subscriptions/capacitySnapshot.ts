import { takeCapacitySnapshot } from '../../../commands/subscriptions/handlers/capacitySnapshot.ts';
import { measureCapacity } from '../../../queries/subscriptions/capacity.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';

/**
 * Measures the platform and records the day's capacity snapshot (the daily task, and admin
 * POST /snapshot). The events table is counted only where the event store lives in the database.
 */
export async function captureCapacitySnapshot(services: Services, trigger: 'manual' | 'scheduled', ctx: CommandContext) {
  const now = services.clock.now();
  const metrics = await measureCapacity(services.db.knex, now, services.store.kind !== 'eventstoredb');
  return takeCapacitySnapshot(services.store, now, metrics, trigger, ctx);
}
