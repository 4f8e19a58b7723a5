import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext } from '../../src/runtime/commandHandler.ts';
import { platformModules, type PlatformModulesCommand } from './platformModules.ts';

/** Runs a decision on the platform's stream (`platform_modules-<code>`). */
export function changePlatformModules(store: EventStore, command: PlatformModulesCommand, ctx: CommandContext) {
  return handleCommand(store, platformModules, command.data.platform, command, ctx);
}
