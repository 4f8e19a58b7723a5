import { PLATFORM_MODULE_EVENT_TYPES, type PlatformModuleEvent } from '../../commands/platform-modules/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

interface Row {
  key: string;
  platform: string;
  module: string;
  is_on: boolean;
  enabled_by: string | null;
  required_by: string | null;
  reason: string | null;
  changed_at: string;
}

const keyOf = (e: PlatformModuleEvent) => `${e.data.platform}:${e.data.module}`;

/** platform_module_states: per platform, each module its stream mentions, on or off and why. */
export const platformModuleStates = rowProjection<Row>({
  name: 'platform_module_states',
  eventTypes: PLATFORM_MODULE_EVENT_TYPES,
  fold: {
    table: 'platform_module_states',
    key: 'key',
    keyType: 'text',
    columns: ['platform', 'module', 'is_on', 'enabled_by', 'required_by', 'reason', 'changed_at'],
    keys: (event) => [keyOf(domainEvent<PlatformModuleEvent>(event))],
    apply(rows, raw) {
      const e = domainEvent<PlatformModuleEvent>(raw);
      const { platform, module, at } = e.data;
      rows.set(
        keyOf(e),
        e.type === 'PlatformModuleEnabled'
          ? {
              key: keyOf(e),
              platform,
              module,
              is_on: true,
              enabled_by: e.data.enabled_by,
              required_by: e.data.required_by,
              reason: null,
              changed_at: at,
            }
          : { key: keyOf(e), platform, module, is_on: false, enabled_by: null, required_by: null, reason: e.data.reason, changed_at: at },
      );
    },
  },
});
