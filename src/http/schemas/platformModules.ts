import { Type } from '@sinclair/typebox';
import { Nullable, Page, Timestamp } from '../responses.ts';

const ModuleName = Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$', description: 'A module name from GET /modules' });

export const PlatformCodeParams = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-z0-9-]{1,31}$', description: "The platform's code (PLATFORM_CODE, or one PLATFORM_HOSTS names)" }),
  },
  { $id: 'PlatformCodeParams' },
);

export const ModuleRequest = Type.Object({ module: ModuleName }, { $id: 'PlatformModuleRequest', additionalProperties: false });

export const ModuleSetRequest = Type.Object(
  {
    modules: Type.Array(ModuleName, {
      maxItems: 200,
      uniqueItems: true,
      description: 'Every optional module to keep on (core modules are on whether listed or not)',
    }),
  },
  { $id: 'PlatformModuleSetRequest', additionalProperties: false },
);

export const ModuleInfo = Type.Object(
  {
    name: Type.String(),
    title: Type.String(),
    description: Type.String(),
    core: Type.Boolean({ description: 'On for every platform; cannot be disabled' }),
    features: Type.Array(Type.String()),
    depends_on: Type.Array(Type.String()),
    required_by: Type.Array(Type.String({ description: 'Modules that depend on this one' })),
    api_areas: Type.Array(Type.String()),
    pages: Type.Boolean(),
    scheduled_tasks: Type.Array(Type.String()),
  },
  { $id: 'ModuleInfo' },
);

export const ModuleListResponse = Type.Object(Page(ModuleInfo).properties, { $id: 'ModuleListResponse' });

export const PlatformModule = Type.Object(
  {
    name: Type.String(),
    title: Type.String(),
    core: Type.Boolean(),
    enabled: Type.Boolean(),
    enabled_by: Nullable(Type.Union([Type.Literal('core'), Type.Literal('explicit'), Type.Literal('dependency')])),
    required_by: Nullable(Type.String({ description: 'The module it was pulled in for' })),
    depends_on: Type.Array(Type.String()),
    needed_by: Type.Array(Type.String({ description: 'Modules that are on and depend on it' })),
    changed_at: Nullable(Timestamp),
  },
  { $id: 'PlatformModule' },
);

export const ModuleChange = Type.Object(
  {
    module: Type.String(),
    enabled: Type.Boolean(),
    enabled_by: Nullable(Type.String()),
    required_by: Nullable(Type.String()),
    reason: Nullable(Type.String()),
  },
  { $id: 'PlatformModuleChange' },
);

export const PlatformModulesResponse = Type.Object(
  {
    platform: Type.String(),
    is_own: Type.Boolean({ description: "The deployment's own platform (PLATFORM_CODE): requests of any other host belong to it" }),
    hosts: Type.Array(Type.String()),
    modules: Type.Array(PlatformModule),
    enabled: Type.Array(Type.String()),
    explicit: Type.Array(Type.String({ description: 'Enabled by an admin (or at installation)' })),
    pulled_in: Type.Array(Type.String({ description: 'Enabled because a module that is on needs them' })),
    disabled: Type.Array(Type.String()),
    changes: Type.Optional(Type.Array(ModuleChange, { description: 'What the command changed (commands only)' })),
  },
  { $id: 'PlatformModulesResponse' },
);

export const PlatformSummary = Type.Object(
  {
    code: Type.String(),
    is_own: Type.Boolean(),
    hosts: Type.Array(Type.String()),
    enabled: Type.Integer({ minimum: 0 }),
    disabled: Type.Integer({ minimum: 0 }),
  },
  { $id: 'PlatformSummary' },
);

export const PlatformListResponse = Type.Object(Page(PlatformSummary).properties, { $id: 'PlatformListResponse' });
