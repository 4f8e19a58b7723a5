import { platformModules } from '../../commands/platform-modules/platformModules.ts';
import { platformModuleStates } from '../../projections/platform-modules/platformModuleStates.ts';
import { disabledModulesView } from '../../projections/platform-modules/disabledModulesView.ts';
import { platformForHost, platformsOf } from '../../queries/platform-modules/platforms.ts';
import { adminPlatformModuleRoutes } from '../http/admin/platformModules.ts';
import { platformModulesBackOffice, platformModulesPageRoutes } from '../pages/platform-modules/modulesPage.ts';
import { defineModule } from './module.ts';

/**
 * Platform modules (SPEC.md part 2 "Platform module", 4.1 /modules…): the catalogue is this
 * module list; each platform (docs/platform-operations.md) has its set of enabled modules. The
 * switch answers from an in-memory view every instance keeps current from the feed.
 */
export const platformModulesModule = defineModule({
  name: 'platform-modules',
  tag: 'Platform modules',
  description:
    "The catalogue of the service's modules (core or optional, their features and dependencies) and, per platform, the modules that are on: a module switched off answers as absent and runs no task, its data intact.",
  core: true,
  features: [
    'Module catalogue with dependencies',
    'Per-platform enabled modules',
    'Dependency resolution on enable and disable',
    'Modules switched off answer as absent',
  ],
  routes: { admin: [adminPlatformModuleRoutes] },
  pages: [platformModulesPageRoutes],
  backOffice: platformModulesBackOffice,
  consumers: [platformModuleStates],
  aggregates: [platformModules],
  memoryViews: [disabledModulesView],
  moduleSwitch(services) {
    const codes = platformsOf(services.config).map((p) => p.code);
    const off = (platform: string, module: string) => services.views.get(disabledModulesView).get(platform)?.has(module) === true;
    return {
      isOnForHost: (module, hostname) => !off(platformForHost(services.config, hostname), module),
      isOnAnywhere: (module) => codes.some((code) => !off(code, module)),
    };
  },
});
