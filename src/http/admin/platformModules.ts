import type Router from '@koa/router';
import type { Context } from 'koa';
import { Type } from '@sinclair/typebox';
import type { PlatformModulesBase, PlatformModulesCommand } from '../../../commands/platform-modules/platformModules.ts';
import { changePlatformModules } from '../../../commands/platform-modules/handlers.ts';
import {
  CoreModuleException,
  ModuleDependencyMissingException,
  ModuleNotFoundException,
  ModuleRequiredException,
  PlatformNotFoundException,
} from '../../../commands/platform-modules/errors.ts';
import type { PlatformModuleEvent } from '../../../commands/platform-modules/events.ts';
import { getPlatformModules } from '../../../queries/platform-modules/getPlatformModules.ts';
import { platformsOf, type Platform } from '../../../queries/platform-modules/platforms.ts';
import { moduleCatalogue } from '../../modules/registry.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import {
  ModuleListResponse,
  ModuleRequest,
  ModuleSetRequest,
  PlatformCodeParams,
  PlatformListResponse,
  PlatformModulesResponse,
} from '../schemas/platformModules.ts';
import { PageQuery } from '../validation.ts';

const ListQuery = Type.Object(PageQuery, { $id: 'ModuleListQuery' });

/**
 * Platform modules (SPEC.md 4.1 /modules…): the catalogue of the service's modules, and per
 * platform the set that is on. A module switched off answers as absent on its platform (its routes
 * and pages) and runs no scheduled task; its data stays, and enabling it brings it all back.
 */
export function adminPlatformModuleRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;
  const catalogue = () => moduleCatalogue();
  const platformOf = (code: string): Platform => {
    const found = platformsOf(services.config).find((p) => p.code === code);
    if (!found) throw new PlatformNotFoundException(`No platform has the code ${code}`, { platform: code });
    return found;
  };
  const view = (platform: Platform) => getPlatformModules(knex, platform, catalogue());

  api.get(
    '/modules',
    {
      summary: 'The module catalogue: every module, core or optional, with its features and the modules it depends on',
      query: ListQuery,
      responses: { 200: ModuleListResponse },
    },
    (ctx, { query }) => {
      const page = query.page ?? 1;
      const limit = query.limit ?? 20;
      const all = catalogue().map((m, _, list) => ({
        name: m.name,
        title: m.title,
        description: m.description,
        core: m.core,
        features: m.features,
        depends_on: m.dependsOn,
        required_by: list.filter((x) => x.dependsOn.includes(m.name)).map((x) => x.name),
        api_areas: m.apiAreas,
        pages: m.pages,
        scheduled_tasks: m.scheduledTasks,
      }));
      ctx.body = { items: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
    },
  );

  api.get(
    '/modules/platforms',
    {
      summary: 'The platforms of this deployment, with how many modules each has on and off',
      query: ListQuery,
      responses: { 200: PlatformListResponse },
    },
    async (ctx, { query }) => {
      const page = query.page ?? 1;
      const limit = query.limit ?? 20;
      const all = await Promise.all(
        platformsOf(services.config).map(async (p) => {
          const v = await view(p);
          return { code: p.code, is_own: p.isOwn, hosts: p.hosts, enabled: v.enabled.length, disabled: v.disabled.length };
        }),
      );
      ctx.body = { items: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
    },
  );

  api.get(
    '/modules/platforms/:id',
    {
      summary: "A platform's modules: which are on, enabled explicitly or pulled in as a dependency, and which are off",
      params: PlatformCodeParams,
      responses: { 200: PlatformModulesResponse },
      errors: [PlatformNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await view(platformOf(params.id));
    },
  );

  /** Runs a decision on the platform, waits until the read model and the switch have it, answers the new set. */
  async function change(ctx: Context, code: string, command: (base: PlatformModulesBase) => PlatformModulesCommand) {
    const platform = platformOf(code);
    const base = {
      platform: platform.code,
      catalogue: catalogue().map((m) => ({ name: m.name, core: m.core, dependsOn: m.dependsOn })),
      at: services.clock.now().toISOString(),
    };
    const handled = await changePlatformModules(services.store, command(base), commandContext(ctx, adminCaller(ctx).id));
    // The read model and this instance's memory view (the switch) both have the change.
    await services.settle([handled]);
    ctx.body = { ...(await view(platform)), changes: handled.events.map(changeOf) };
  }

  const commandErrors = [PlatformNotFoundException, ModuleNotFoundException];
  api.put(
    '/modules/platforms/:id',
    {
      summary: "Replace a platform's set of optional modules (refused when a listed module misses one it depends on); core modules stay on",
      params: PlatformCodeParams,
      body: ModuleSetRequest,
      responses: { 200: PlatformModulesResponse },
      errors: [...commandErrors, ModuleDependencyMissingException],
    },
    (ctx, { params, body }) => change(ctx, params.id, (b) => ({ type: 'ReplaceModules', data: { ...b, modules: body.modules } })),
  );

  api.post(
    '/modules/platforms/:id/enable',
    {
      summary: 'Enable a module, and every module it needs that is off (recorded as pulled in for it)',
      params: PlatformCodeParams,
      body: ModuleRequest,
      responses: { 200: PlatformModulesResponse },
      errors: commandErrors,
    },
    (ctx, { params, body }) => change(ctx, params.id, (b) => ({ type: 'EnableModule', data: { ...b, module: body.module } })),
  );

  api.post(
    '/modules/platforms/:id/disable',
    {
      summary:
        'Disable a module (refused for a core module, and while a module that is on depends on it); releases what was only pulled in for it',
      params: PlatformCodeParams,
      body: ModuleRequest,
      responses: { 200: PlatformModulesResponse },
      errors: [...commandErrors, CoreModuleException, ModuleRequiredException],
    },
    (ctx, { params, body }) => change(ctx, params.id, (b) => ({ type: 'DisableModule', data: { ...b, module: body.module } })),
  );

  api.post(
    '/modules/platforms/:id/enable-all',
    {
      summary: 'Enable every module',
      params: PlatformCodeParams,
      responses: { 200: PlatformModulesResponse },
      errors: [PlatformNotFoundException],
    },
    (ctx, { params }) => change(ctx, params.id, (b) => ({ type: 'EnableAllModules', data: b })),
  );

  api.post(
    '/modules/platforms/:id/disable-optional',
    {
      summary: 'Disable every optional module: only the core modules stay on',
      params: PlatformCodeParams,
      responses: { 200: PlatformModulesResponse },
      errors: [PlatformNotFoundException],
    },
    (ctx, { params }) => change(ctx, params.id, (b) => ({ type: 'DisableOptionalModules', data: b })),
  );

  return api.router;
}

function changeOf(e: PlatformModuleEvent) {
  return e.type === 'PlatformModuleEnabled'
    ? { module: e.data.module, enabled: true, enabled_by: e.data.enabled_by, required_by: e.data.required_by, reason: null }
    : { module: e.data.module, enabled: false, enabled_by: null, required_by: null, reason: e.data.reason };
}
