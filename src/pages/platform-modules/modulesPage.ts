import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { PlatformNotFoundException } from '../../../commands/platform-modules/errors.ts';
import { changePlatformModules } from '../../../commands/platform-modules/handlers.ts';
import type { PlatformModulesBase, PlatformModulesCommand } from '../../../commands/platform-modules/platformModules.ts';
import { getPlatformModules, type PlatformModuleView } from '../../../queries/platform-modules/getPlatformModules.ts';
import { platformsOf, type Platform } from '../../../queries/platform-modules/platforms.ts';
import { Api } from '../../http/api.ts';
import { moduleCatalogue } from '../../modules/registry.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, pill, postButton } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { html } from '../html.ts';
import { mt } from './texts.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';

const CodeParams = Type.Object({ code: Type.String({ pattern: '^[a-z][a-z0-9-]{1,31}$' }) });
const ModuleParams = Type.Object({
  code: Type.String({ pattern: '^[a-z][a-z0-9-]{1,31}$' }),
  module: Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' }),
});

export const platformModulesBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'modules',
      href: '/admin/platforms',
      section: 'platform',
      icon: 'puzzle',
      order: 10,
      label: { en: 'Modules', fr: 'Modules', de: 'Module', lb: 'Moduler' },
    },
  ],
};

function platformOf(services: Services, code: string): Platform {
  const found = platformsOf(services.config).find((p) => p.code === code);
  if (!found) throw new PlatformNotFoundException(`No platform has the code ${code}`);
  return found;
}

function why(viewer: Viewer, m: PlatformModuleView) {
  const l = viewer.language;
  if (!m.enabled) return html`<span class="muted">—</span>`;
  if (m.enabled_by === 'core') return mt(l, 'by_core');
  if (m.enabled_by === 'dependency') return mt(l, 'by_dependency', { module: m.required_by ?? '' });
  return mt(l, 'by_explicit');
}

function toggle(ctx: Context, viewer: Viewer, platform: string, m: PlatformModuleView) {
  const l = viewer.language;
  if (m.core) return pill(mt(l, 'core'), 'info');
  const action = `/admin/platforms/${platform}/modules/${m.name}/${m.enabled ? 'disable' : 'enable'}`;
  return postButton(ctx, action, mt(l, m.enabled ? 'disable' : 'enable'), {
    tone: m.enabled ? 'ghost' : 'primary',
    confirm: m.enabled ? mt(l, 'confirm_disable', { module: m.title, platform }) : undefined,
  });
}

/**
 * The platform-modules pages: /admin/platforms lists the deployment's platforms,
 * /admin/platforms/{code}/modules shows each module with its dependencies and switches it through
 * the same commands as the API (enable pulls in what it needs; disable is refused in the domain's
 * own words while a module needs it).
 */
export function platformModulesPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  api.get(
    '/admin/platforms',
    {
      summary: 'Back-office page: the platforms of this deployment, with how many modules each has on',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const rows = await Promise.all(
        platformsOf(services.config).map(async (p) => ({ p, v: await getPlatformModules(knex, p, moduleCatalogue()) })),
      );
      await renderBackOffice(ctx, services, viewer, {
        title: mt(l, 'platforms'),
        nav: 'modules',
        body: card(
          null,
          dataTable(
            ctx,
            l,
            [
              {
                label: mt(l, 'platform'),
                cell: (r) =>
                  html`<a href="/admin/platforms/${r.p.code}/modules"><strong>${r.p.code}</strong></a>${r.p.isOwn ? html` <span class="muted">${mt(l, 'own')}</span>` : ''}`,
              },
              { label: mt(l, 'hosts'), cell: (r) => r.p.hosts.join(', ') || '—', narrowHide: true },
              { label: mt(l, 'state'), cell: (r) => mt(l, 'enabled_count', { on: r.v.enabled.length, off: r.v.disabled.length }) },
              { label: '', cell: (r) => html`<a class="button small" href="/admin/platforms/${r.p.code}/modules">${mt(l, 'open')}</a>` },
            ],
            rows,
          ),
          { flush: true },
        ),
      });
    },
  );

  api.get(
    '/admin/platforms/:code/modules',
    {
      summary: "Back-office page: a platform's modules, with their dependencies, switched on and off",
      params: CodeParams,
      responses: { 200: HTML, 303: SEE_OTHER },
      errors: [PlatformNotFoundException],
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const platform = platformOf(services, params.code);
      const catalogue = moduleCatalogue();
      const view = await getPlatformModules(knex, platform, catalogue);
      const features = new Map(catalogue.map((m) => [m.name, m.features]));
      const base = `/admin/platforms/${platform.code}/modules`;
      await renderBackOffice(ctx, services, viewer, {
        title: mt(l, 'title', { platform: platform.code }),
        nav: 'modules',
        crumbs: [{ label: mt(l, 'platforms'), href: '/admin/platforms' }],
        subtitle: `${platform.isOwn ? `${mt(l, 'own')} · ` : ''}${mt(l, 'enabled_count', { on: view.enabled.length, off: view.disabled.length })}`,
        actions: html`${postButton(ctx, `${base}/enable-all`, mt(l, 'enable_all'))}${postButton(
          ctx,
          `${base}/disable-optional`,
          mt(l, 'disable_optional'),
          {
            tone: 'ghost',
            confirm: mt(l, 'disable_optional'),
          },
        )}`,
        body: card(
          null,
          dataTable(
            ctx,
            l,
            [
              {
                label: mt(l, 'module'),
                cell: (m) =>
                  html`<div id="module-${m.name}"><strong>${m.title}</strong> <code class="muted">${m.name}</code></div><div class="muted">${(features.get(m.name) ?? []).join(' · ')}</div>`,
              },
              {
                label: mt(l, 'state'),
                cell: (m) =>
                  html`<span data-module-state="${m.name}">${pill(mt(l, m.enabled ? 'on' : 'off'), m.enabled ? 'ok' : 'neutral')}</span>`,
              },
              { label: mt(l, 'why'), cell: (m) => why(viewer, m), narrowHide: true },
              { label: mt(l, 'depends_on'), cell: (m) => m.depends_on.join(', ') || '—', narrowHide: true },
              { label: mt(l, 'needed_by'), cell: (m) => m.needed_by.join(', ') || '—', narrowHide: true },
              { label: '', cell: (m) => toggle(ctx, viewer, platform.code, m) },
            ],
            view.modules,
          ),
          { flush: true },
        ),
      });
    },
  );

  /** One switch of the platform through the API's command; the page comes back with the notice or the refusal's words. */
  async function change(
    ctx: Context,
    code: string,
    notice: (l: Viewer['language']) => string,
    command: (base: PlatformModulesBase) => PlatformModulesCommand,
  ) {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    const platform = platformOf(services, code);
    await act(ctx, `/admin/platforms/${platform.code}/modules`, async () => {
      const base = {
        platform: platform.code,
        at: services.clock.now().toISOString(),
        catalogue: moduleCatalogue().map((m) => ({ name: m.name, core: m.core, dependsOn: m.dependsOn })),
      };
      await services.settle([await changePlatformModules(services.store, command(base), viewer.context)]);
      return notice(viewer.language);
    });
  }

  const formDecl = (summary: string) => ({ summary, responses: { 303: SEE_OTHER, 403: HTML }, errors: [PlatformNotFoundException] });
  api.post(
    '/admin/platforms/:code/modules/enable-all',
    { ...formDecl('Back-office form: enable every module of the platform'), params: CodeParams },
    (ctx, { params }) =>
      change(
        ctx,
        params.code,
        (l) => mt(l, 'all_on'),
        (b) => ({ type: 'EnableAllModules', data: b }),
      ),
  );
  api.post(
    '/admin/platforms/:code/modules/disable-optional',
    { ...formDecl('Back-office form: leave only the core modules on'), params: CodeParams },
    (ctx, { params }) =>
      change(
        ctx,
        params.code,
        (l) => mt(l, 'only_core'),
        (b) => ({ type: 'DisableOptionalModules', data: b }),
      ),
  );
  api.post(
    '/admin/platforms/:code/modules/:module/enable',
    { ...formDecl('Back-office form: enable a module and what it needs'), params: ModuleParams },
    (ctx, { params }) =>
      change(
        ctx,
        params.code,
        (l) => mt(l, 'enabled_notice', { module: params.module }),
        (b) => ({ type: 'EnableModule', data: { ...b, module: params.module } }),
      ),
  );
  api.post(
    '/admin/platforms/:code/modules/:module/disable',
    { ...formDecl('Back-office form: disable a module (refused while it is needed)'), params: ModuleParams },
    (ctx, { params }) =>
      change(
        ctx,
        params.code,
        (l) => mt(l, 'disabled_notice', { module: params.module }),
        (b) => ({ type: 'DisableModule', data: { ...b, module: params.module } }),
      ),
  );

  return api.router;
}
