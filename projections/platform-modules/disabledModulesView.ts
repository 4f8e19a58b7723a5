import type { Knex } from 'knex';
import { PLATFORM_MODULE_EVENT_TYPES, type PlatformModuleEvent } from '../../commands/platform-modules/events.ts';
import { defineMemoryView } from '../../src/runtime/memoryView.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import type { PlatformModuleStateRow } from './platformModuleStates.ts';

/** Per platform code, the modules switched off on it. */
export type DisabledModules = Map<string, Set<string>>;

/**
 * The modules that are off, per platform, in every instance's memory (src/runtime/memoryViews.ts):
 * the module switch reads it on every request, so it costs no statement. Loaded from
 * platform_module_states, kept current from the platform-modules events.
 */
export const disabledModulesView = defineMemoryView<DisabledModules>({
  name: 'disabled_modules',
  eventTypes: PLATFORM_MODULE_EVENT_TYPES,
  sources: ['platform_module_states'],
  async load(trx: Knex.Transaction) {
    const state: DisabledModules = new Map();
    for (const r of await trx<PlatformModuleStateRow>('platform_module_states').where({ is_on: false }).select('platform', 'module')) {
      offOf(state, r.platform).add(r.module);
    }
    return state;
  },
  apply(state, raw) {
    const e = domainEvent<PlatformModuleEvent>(raw);
    if (e.type === 'PlatformModuleDisabled') offOf(state, e.data.platform).add(e.data.module);
    else offOf(state, e.data.platform).delete(e.data.module);
    return state;
  },
});

function offOf(state: DisabledModules, platform: string): Set<string> {
  let off = state.get(platform);
  if (!off) state.set(platform, (off = new Set()));
  return off;
}
