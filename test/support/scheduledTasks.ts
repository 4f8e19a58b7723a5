import { scheduledTasks } from '../../src/modules/index.ts';
import type { TestApp } from './app.ts';
import { quiet } from './tenantData.ts';

export const DAY = 86_400_000;

/**
 * Runs one of the modules' scheduled tasks now, as a tick would, and waits until the read models
 * have its changes: a task is no request, so nothing else waits for them.
 */
export async function runScheduledTask(app: TestApp, name: string): Promise<void> {
  const task = scheduledTasks.find((t) => t.name === name);
  if (!task) throw new Error(`no scheduled task ${name}`);
  await task.run(app.services);
  await quiet(app);
}
