/**
 * Platform modules (SPEC.md part 2 "Platform module", 4.1 /modules): each platform, named by its
 * code, has a set of enabled modules. A module never mentioned in a platform's stream has the
 * installation's default: on. Streams are `platform_modules-<platform code>`.
 */

/** Why a module is on: an admin asked for it, or a module that is on needs it. */
export type EnabledBy = 'explicit' | 'dependency';

/**
 * A module was switched on for a platform, or the reason it is on changed: enabled by an admin
 * (`explicit`), or pulled in because `required_by` needs it (`dependency`).
 */
export type PlatformModuleEnabled = {
  type: 'PlatformModuleEnabled';
  data: { platform: string; module: string; enabled_by: EnabledBy; required_by: string | null; at: string };
};

/**
 * A module was switched off for a platform: by an admin (`explicit`), or because it was only
 * pulled in and no module that is on needs it any more (`no_longer_needed`). Its data stays.
 */
export type PlatformModuleDisabled = {
  type: 'PlatformModuleDisabled';
  data: { platform: string; module: string; reason: 'explicit' | 'no_longer_needed'; at: string };
};

export type PlatformModuleEvent = PlatformModuleEnabled | PlatformModuleDisabled;
export const PLATFORM_MODULE_EVENT_TYPES = ['PlatformModuleEnabled', 'PlatformModuleDisabled'] as const;
