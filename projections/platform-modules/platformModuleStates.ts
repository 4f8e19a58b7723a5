import { PLATFORM_MODULE_EVENT_TYPES, type PlatformModuleEvent } from '../../commands/platform-modules/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const PlatformModuleStateRow = readModel('platform_module_states', {
  /** `<platform code>:<module>` */
  key: column.text(),
  platform: column.text(),
  module: column.text(),
  is_on: column.bool(),
  /** Why it is on (an admin, or a module that needs it); null when off. */
  enabled_by: column.nullable(column.oneOf(['explicit', 'dependency'])),
  /** The module it was pulled in for. */
  required_by: column.nullable(column.text()),
  /** Why it is off; null when on. */
  reason: column.nullable(column.oneOf(['explicit', 'no_longer_needed'])),
  changed_at: column.time(),
});
export type PlatformModuleStateRow = RowOf<typeof PlatformModuleStateRow>;

const keyOf = (e: PlatformModuleEvent) => `${e.data.platform}:${e.data.module}`;

/** platform_module_states: per platform, each module its stream mentions, on or off and why. */
export const platformModuleStates = rowProjection<JsonRow<PlatformModuleStateRow>>({
  name: 'platform_module_states',
  eventTypes: PLATFORM_MODULE_EVENT_TYPES,
  readModel: PlatformModuleStateRow,
  fold: {
    key: 'key',
    keyType: 'text',
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
