import { expect } from 'chai';
import type { Catalogue } from '../../../commands/platform-modules/catalogue.ts';
import {
  CoreModuleException,
  ModuleDependencyMissingException,
  ModuleNotFoundException,
  ModuleRequiredException,
} from '../../../commands/platform-modules/errors.ts';
import type { PlatformModuleEvent } from '../../../commands/platform-modules/events.ts';
import { moduleStatus, platformModules } from '../../../commands/platform-modules/platformModules.ts';
import { given } from '../../support/decider.ts';

/** A small catalogue: storefront → orders → catalogue → vendors (core); invoices → orders; messaging alone. */
const catalogue: Catalogue = [
  { name: 'vendors', core: true, dependsOn: [] },
  { name: 'catalogue', core: false, dependsOn: ['vendors'] },
  { name: 'orders', core: false, dependsOn: ['catalogue'] },
  { name: 'invoices', core: false, dependsOn: ['orders'] },
  { name: 'storefront', core: false, dependsOn: ['orders', 'catalogue'] },
  { name: 'messaging', core: false, dependsOn: ['vendors'] },
];
const at = '2026-11-28T10:00:00.000Z';
const base = { platform: 'main', catalogue, at };
const enabled = (
  module: string,
  enabled_by: 'explicit' | 'dependency' = 'explicit',
  required_by: string | null = null,
): PlatformModuleEvent => ({ type: 'PlatformModuleEnabled', data: { platform: 'main', module, enabled_by, required_by, at } });
const disabled = (module: string, reason: 'explicit' | 'no_longer_needed' = 'explicit'): PlatformModuleEvent => ({
  type: 'PlatformModuleDisabled',
  data: { platform: 'main', module, reason, at },
});
/** Only the core module left: what "disable optional" leaves. */
const bare = [disabled('storefront'), disabled('invoices'), disabled('orders'), disabled('catalogue'), disabled('messaging')];

describe('platform modules', () => {
  context('a platform nobody configured', () => {
    it('has every module on, core ones as core and the others as enabled at installation', () => {
      const { state } = given(platformModules, []);
      expect(catalogue.map((m) => moduleStatus(state, m))).to.deep.equal([
        { on: true, by: 'core' },
        ...Array(5).fill({ on: true, by: 'explicit' }),
      ]);
    });
  });

  describe('enable', () => {
    it('pulls in what the module needs, deepest first, each naming the module that needs it', () => {
      given(platformModules, bare)
        .when({ type: 'EnableModule', data: { ...base, module: 'invoices' } })
        .then([enabled('catalogue', 'dependency', 'orders'), enabled('orders', 'dependency', 'invoices'), enabled('invoices')]);
    });

    it('leaves a dependency that is on as it is, and turns a pulled-in module into an explicit one', () => {
      const history = [
        ...bare,
        enabled('catalogue', 'dependency', 'orders'),
        enabled('orders', 'dependency', 'invoices'),
        enabled('invoices'),
      ];
      given(platformModules, history)
        .when({ type: 'EnableModule', data: { ...base, module: 'storefront' } })
        .then([enabled('storefront')]);
      given(platformModules, history)
        .when({ type: 'EnableModule', data: { ...base, module: 'orders' } })
        .then([enabled('orders')]);
    });

    it('appends nothing for a module that is on already, or a core module', () => {
      given(platformModules, [])
        .when({ type: 'EnableModule', data: { ...base, module: 'orders' } })
        .then([]);
      given(platformModules, bare)
        .when({ type: 'EnableModule', data: { ...base, module: 'vendors' } })
        .then([]);
    });

    it('refuses a module the catalogue does not know', () => {
      given(platformModules, [])
        .when({ type: 'EnableModule', data: { ...base, module: 'teleport' } })
        .thenThrows(ModuleNotFoundException, /teleport/);
    });
  });

  describe('disable', () => {
    it('refuses while a module that is on depends on it, naming each one', () => {
      const err = given(platformModules, [])
        .when({ type: 'DisableModule', data: { ...base, module: 'orders' } })
        .thenThrows(ModuleRequiredException, /orders cannot be disabled while invoices, storefront depend on it/);
      expect(err.extra).to.deep.equal({ module: 'orders', required_by: ['invoices', 'storefront'] });
    });

    it('refuses a core module: it stays on', () => {
      given(platformModules, bare)
        .when({ type: 'DisableModule', data: { ...base, module: 'vendors' } })
        .thenThrows(CoreModuleException, /core module/);
    });

    it('switches the module off once nothing needs it', () => {
      given(platformModules, [disabled('storefront')])
        .when({ type: 'DisableModule', data: { ...base, module: 'invoices' } })
        .then([disabled('invoices')]);
    });

    it('releases the modules that were only pulled in for it, and keeps the ones enabled explicitly', () => {
      const pulled = [
        ...bare,
        enabled('catalogue', 'dependency', 'orders'),
        enabled('orders', 'dependency', 'invoices'),
        enabled('invoices'),
      ];
      given(platformModules, pulled)
        .when({ type: 'DisableModule', data: { ...base, module: 'invoices' } })
        .then([disabled('invoices'), disabled('orders', 'no_longer_needed'), disabled('catalogue', 'no_longer_needed')]);
      // catalogue was asked for by an admin: it stays when orders goes.
      const asked = [...bare, enabled('catalogue'), enabled('orders', 'dependency', 'invoices'), enabled('invoices')];
      given(platformModules, asked)
        .when({ type: 'DisableModule', data: { ...base, module: 'invoices' } })
        .then([disabled('invoices'), disabled('orders', 'no_longer_needed')]);
    });

    it('appends nothing for a module that is off', () => {
      given(platformModules, bare)
        .when({ type: 'DisableModule', data: { ...base, module: 'messaging' } })
        .then([]);
    });
  });

  describe('replace the set', () => {
    it('enables the listed modules explicitly and disables the others; core modules need not be listed', () => {
      given(platformModules, [])
        .when({ type: 'ReplaceModules', data: { ...base, modules: ['catalogue', 'orders'] } })
        .then([disabled('invoices'), disabled('storefront'), disabled('messaging')]);
      given(platformModules, bare)
        .when({ type: 'ReplaceModules', data: { ...base, modules: ['messaging', 'catalogue', 'vendors'] } })
        .then([enabled('messaging'), enabled('catalogue')]);
    });

    it('refuses a set that leaves out a module a listed one depends on, naming both', () => {
      const err = given(platformModules, [])
        .when({ type: 'ReplaceModules', data: { ...base, modules: ['invoices', 'catalogue'] } })
        .thenThrows(ModuleDependencyMissingException, /invoices needs orders/);
      expect(err.extra).to.deep.equal({ module: 'invoices', missing: ['orders'] });
    });

    it('refuses an unknown module', () => {
      given(platformModules, [])
        .when({ type: 'ReplaceModules', data: { ...base, modules: ['orders', 'nope'] } })
        .thenThrows(ModuleNotFoundException, /nope/);
    });
  });

  describe('enable all and disable optional', () => {
    it('enable-all switches on every module that is off, explicitly', () => {
      given(platformModules, [disabled('storefront'), disabled('messaging')])
        .when({ type: 'EnableAllModules', data: base })
        .then([enabled('messaging'), enabled('storefront')]);
    });

    it('disable-optional leaves only the core modules on', () => {
      const { state } = given(platformModules, bare);
      given(platformModules, [])
        .when({ type: 'DisableOptionalModules', data: base })
        .then([disabled('catalogue'), disabled('orders'), disabled('invoices'), disabled('storefront'), disabled('messaging')]);
      expect(catalogue.filter((m) => moduleStatus(state, m).on).map((m) => m.name)).to.deep.equal(['vendors']);
    });
  });
});
