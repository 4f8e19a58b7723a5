import type { Decider } from '../../src/core/decider.ts';
import { dependenciesOf, directDependents, type Catalogue, type CatalogueEntry } from './catalogue.ts';
import { CoreModuleException, ModuleDependencyMissingException, ModuleNotFoundException, ModuleRequiredException } from './errors.ts';
import type { EnabledBy, PlatformModuleEvent } from './events.ts';

/** What every platform-modules command carries: the platform, the catalogue it decides against, the time. */
export type PlatformModulesBase = { platform: string; catalogue: Catalogue; at: string };
type Base = PlatformModulesBase;
export type PlatformModulesCommand =
  | { type: 'EnableModule'; data: Base & { module: string } }
  | { type: 'DisableModule'; data: Base & { module: string } }
  | { type: 'ReplaceModules'; data: Base & { modules: string[] } }
  | { type: 'EnableAllModules'; data: Base }
  | { type: 'DisableOptionalModules'; data: Base };

/** Why a module is on, or that it is off. */
export type ModuleStatus = { on: true; by: EnabledBy | 'core' } | { on: false };

/** The modules a platform's stream mentions; any other module has the installation's default (on). */
export interface PlatformModulesState {
  mentioned: Record<string, { on: boolean; by: EnabledBy }>;
}

export function moduleStatus(state: PlatformModulesState, entry: CatalogueEntry): ModuleStatus {
  if (entry.core) return { on: true, by: 'core' };
  const known = state.mentioned[entry.name];
  if (!known) return { on: true, by: 'explicit' };
  return known.on ? { on: true, by: known.by } : { on: false };
}

/** What a decision wants of each optional module: on (and why, and for whom), or off (and why). */
type Target = Map<string, { on: true; by: EnabledBy; requiredBy: string | null } | { on: false; reason: 'explicit' | 'no_longer_needed' }>;

/**
 * One stream per platform, `platform_modules-<code>`: its enabled modules (SPEC.md 4.1
 * /modules/platforms/{id}). Enabling pulls in what a module needs; disabling is refused for a
 * core module and while a module that is on depends on it, and releases the modules that were
 * only pulled in for it.
 */
export const platformModules: Decider<PlatformModulesState, PlatformModulesCommand, PlatformModuleEvent> = {
  aggregate: 'platform_modules',
  initialState: () => ({ mentioned: {} }),
  evolve: (state, event) => ({
    mentioned: {
      ...state.mentioned,
      [event.data.module]: event.type === 'PlatformModuleEnabled' ? { on: true, by: event.data.enabled_by } : { on: false, by: 'explicit' },
    },
  }),
  decide(command, state) {
    const { catalogue } = command.data;
    const target: Target = new Map();
    const isOn = (name: string) => {
      const wanted = target.get(name);
      if (wanted) return wanted.on;
      return moduleStatus(state, entry(catalogue, name)).on;
    };
    switch (command.type) {
      case 'EnableModule': {
        const wanted = entry(catalogue, command.data.module);
        if (!wanted.core) target.set(wanted.name, { on: true, by: 'explicit', requiredBy: null });
        for (const dep of dependenciesOf(catalogue, wanted.name)) {
          if (!isOn(dep.module)) target.set(dep.module, { on: true, by: 'dependency', requiredBy: dep.requiredBy });
        }
        break;
      }
      case 'DisableModule': {
        const unwanted = entry(catalogue, command.data.module);
        if (unwanted.core)
          throw new CoreModuleException(`${unwanted.name} is a core module: it is on for every platform`, { module: unwanted.name });
        if (!isOn(unwanted.name)) return [];
        const needing = directDependents(catalogue, unwanted.name).filter(isOn);
        if (needing.length > 0) {
          throw new ModuleRequiredException(
            `${unwanted.name} cannot be disabled while ${needing.join(', ')} ${needing.length === 1 ? 'depends' : 'depend'} on it`,
            { module: unwanted.name, required_by: needing },
          );
        }
        target.set(unwanted.name, { on: false, reason: 'explicit' });
        release(catalogue, state, target, isOn);
        break;
      }
      case 'ReplaceModules': {
        const listed = new Set(command.data.modules.map((name) => entry(catalogue, name).name));
        for (const name of listed) {
          const missing = entry(catalogue, name).dependsOn.filter((d) => !listed.has(d) && !entry(catalogue, d).core);
          if (missing.length > 0) {
            throw new ModuleDependencyMissingException(`${name} needs ${missing.join(', ')}, which the set leaves out`, {
              module: name,
              missing,
            });
          }
        }
        for (const m of catalogue) {
          if (!m.core)
            target.set(m.name, listed.has(m.name) ? { on: true, by: 'explicit', requiredBy: null } : { on: false, reason: 'explicit' });
        }
        break;
      }
      case 'EnableAllModules':
        for (const m of catalogue) if (!m.core && !isOn(m.name)) target.set(m.name, { on: true, by: 'explicit', requiredBy: null });
        break;
      case 'DisableOptionalModules':
        for (const m of catalogue) if (!m.core) target.set(m.name, { on: false, reason: 'explicit' });
        break;
    }
    return changes(command.data, state, target);
  },
};

function entry(catalogue: Catalogue, name: string): CatalogueEntry {
  const found = catalogue.find((m) => m.name === name);
  if (!found) throw new ModuleNotFoundException(`No module is named ${name}`, { module: name });
  return found;
}

/** Switches off, in turn, every module that was only pulled in and that no module still on needs. */
function release(catalogue: Catalogue, state: PlatformModulesState, target: Target, isOn: (name: string) => boolean): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const m of catalogue) {
      if (m.core || !isOn(m.name)) continue;
      const status = target.get(m.name) ?? moduleStatus(state, m);
      if (!('by' in status) || status.by !== 'dependency') continue;
      if (directDependents(catalogue, m.name).some(isOn)) continue;
      target.set(m.name, { on: false, reason: 'no_longer_needed' });
      changed = true;
    }
  }
}

/** The events that take the platform from its state to the target: pulled-in modules first, released ones last. */
function changes(base: Base, state: PlatformModulesState, target: Target): PlatformModuleEvent[] {
  const { platform, catalogue, at } = base;
  const enabled: PlatformModuleEvent[] = [];
  const disabled: PlatformModuleEvent[] = [];
  for (const [module, wanted] of target) {
    const now = moduleStatus(state, entry(catalogue, module));
    if (wanted.on) {
      if (now.on && now.by === wanted.by) continue;
      enabled.push({
        type: 'PlatformModuleEnabled',
        data: { platform, module, enabled_by: wanted.by, required_by: wanted.requiredBy, at },
      });
    } else if (now.on) {
      disabled.push({ type: 'PlatformModuleDisabled', data: { platform, module, reason: wanted.reason, at } });
    }
  }
  return [...enabled.reverse(), ...disabled];
}
