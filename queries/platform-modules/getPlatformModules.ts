import type { Knex } from 'knex';
import type { ModuleInfo } from '../../src/modules/registry.ts';
import type { PlatformModuleStateRow } from '../../projections/platform-modules/platformModuleStates.ts';

export interface PlatformModuleView {
  name: string;
  title: string;
  core: boolean;
  enabled: boolean;
  /** Why it is on: core, enabled by an admin (or at installation), or pulled in by a module that needs it; null when off. */
  enabled_by: 'core' | 'explicit' | 'dependency' | null;
  /** The module it was pulled in for. */
  required_by: string | null;
  depends_on: string[];
  /** The modules that depend on it and are on: while there is one, it cannot be disabled. */
  needed_by: string[];
  /** When an admin last changed it; null when it has the installation's default. */
  changed_at: string | null;
}

export interface PlatformModulesView {
  platform: string;
  is_own: boolean;
  hosts: string[];
  modules: PlatformModuleView[];
  enabled: string[];
  explicit: string[];
  pulled_in: string[];
  disabled: string[];
}

/** A platform's modules: the catalogue, with what the platform's stream says of each (the installation's default otherwise). */
export async function getPlatformModules(
  knex: Knex,
  platform: { code: string; isOwn: boolean; hosts: string[] },
  catalogue: readonly ModuleInfo[],
): Promise<PlatformModulesView> {
  const rows = await knex<PlatformModuleStateRow>('platform_module_states').where({ platform: platform.code }).select('*');
  const byModule = new Map(rows.map((r) => [r.module, r]));
  const first = catalogue.map((m): PlatformModuleView => {
    const row = m.core ? undefined : byModule.get(m.name);
    const enabled = m.core || !row || row.is_on === true;
    return {
      name: m.name,
      title: m.title,
      core: m.core,
      enabled,
      enabled_by: m.core ? 'core' : !enabled ? null : (row?.enabled_by ?? 'explicit'),
      required_by: enabled ? (row?.required_by ?? null) : null,
      depends_on: m.dependsOn,
      needed_by: [],
      changed_at: row ? row.changed_at.toISOString() : null,
    };
  });
  const on = new Set(first.filter((m) => m.enabled).map((m) => m.name));
  for (const m of first) m.needed_by = catalogue.filter((x) => on.has(x.name) && x.dependsOn.includes(m.name)).map((x) => x.name);
  return {
    platform: platform.code,
    is_own: platform.isOwn,
    hosts: platform.hosts,
    modules: first,
    enabled: first.filter((m) => m.enabled).map((m) => m.name),
    explicit: first.filter((m) => m.enabled_by === 'explicit').map((m) => m.name),
    pulled_in: first.filter((m) => m.enabled_by === 'dependency').map((m) => m.name),
    disabled: first.filter((m) => !m.enabled).map((m) => m.name),
  };
}
