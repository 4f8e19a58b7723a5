import type { Clock } from '../../src/core/clock.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import type { TestCategory, TestRunKind } from './events.ts';
import { testRun, type TestRunCommand } from './testRun.ts';

export interface TestRunDeps { store: EventStore; db: Executor; clock: Clock }

export async function requestTestRun(
  deps: TestRunDeps, input: { kind: TestRunKind; category: TestCategory | null; collection: string | null }, requestedBy: number | string, ctx: CommandContext,
): Promise<{ run_id: number; done: Handled<unknown, any> }> {
  const runId = await nextId(deps.db, testRun.aggregate);
  const done = await handleCommand(deps.store, testRun, runId, {
    type: 'RequestTestRun', data: { run_id: runId, ...input, requested_by: requestedBy, at: deps.clock.now().toISOString() },
  }, ctx);
  return { run_id: runId, done };
}

export function runTestRunCommand(store: EventStore, runId: number, command: TestRunCommand, ctx: CommandContext): Promise<Handled<unknown, any>> {
  return handleCommand(store, testRun, runId, command, ctx);
}
