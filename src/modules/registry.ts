import { defaultTheme } from '../core/themePresets.ts';
import type { EventStore } from '../eventstore/port.ts';
import type { ShopFrame } from '../pages/shopFrame.ts';
import { registerAdapters } from '../runtime/adapters.ts';
import type { ScheduledTask } from '../runtime/scheduler.ts';
import type { Services } from '../runtime/services.ts';
import type { AskedPlan, CustomerOrderLine, Module, PlanReader, Plans, ProductHold, RequestedPlan, ShopTheme } from './module.ts';
import type { PlanAddOn } from '../core/addOnCatalogue.ts';
import type { Page, PageRequest } from '../core/pagination.ts';
import { DEFAULT_SELLER_COUNTRY } from '../core/vat/rates.ts';
import { DEFAULT_SELLER_VAT_PROFILE, isDistanceSale, type SellerVatProfile } from '../core/vat/sellerVatProfile.ts';
import type { InvoiceSettingsView } from '../http/schemas/invoices.ts';
import type { ReferenceRates } from '../core/vat/localCurrency.ts';
import { ExchangeRateUnavailableException } from '../core/errors.ts';
import type { Knex } from 'knex';

/**
 * The registered module list (src/modules/index.ts sets it once) and what is asked of it: the
 * module that provides a hook, every module's steps and holds, the catalogue of modules. The
 * declaration's shape is in module.ts.
 */
let registered: readonly Module[] = [];

/**
 * The module list of src/modules/index.ts, for the areas that describe the modules (the
 * platform-modules catalogue, the admin dashboard, platform health): they cannot import the list
 * itself, which imports them. Set once by src/modules/index.ts.
 */
export function registeredModules(): readonly Module[] {
  return registered;
}

/** The hooks one module provides for every area (the platform's switch, the admin and vendor access, the shop's vendor, the feature gate, the shop's frame). */
type SingleHook = 'moduleSwitch' | 'adminAccess' | 'vendorAccess' | 'shopVendor' | 'featureGate' | 'shopFrame';

/** The hook the first module that provides it builds for these services; undefined when none does. */
export function provided<K extends SingleHook>(
  services: Services,
  hook: K,
  list: readonly Module[] = registered,
): ReturnType<NonNullable<Module[K]>> | undefined {
  const build = list.find((m) => m[hook])?.[hook] as ((s: Services) => ReturnType<NonNullable<Module[K]>>) | undefined;
  return build?.(services);
}

export function registerModules(list: readonly Module[]): void {
  registered = list;
  registerAdapters(list.flatMap((m) => (m.adapters ? [m.adapters] : [])));
}

/** What the platform-modules catalogue says of a module. */
export interface ModuleInfo {
  name: string;
  /** Its display name: the OpenAPI tag. */
  title: string;
  description: string;
  core: boolean;
  features: string[];
  dependsOn: string[];
  /** The API areas it has routes in, whether it serves pages, its scheduled tasks. */
  apiAreas: string[];
  pages: boolean;
  scheduledTasks: string[];
}

/** Declared core, or needed (directly or not) by a module declared core. */
export function isCoreModule(name: string): boolean {
  const needed = new Set<string>();
  const visit = (n: string) => {
    if (needed.has(n)) return;
    needed.add(n);
    for (const d of registered.find((m) => m.name === n)?.dependsOn ?? []) visit(d);
  };
  for (const m of registered) if (m.core) visit(m.name);
  return needed.has(name);
}

/** The registered modules as the catalogue lists them, in the list's order. */
export function moduleCatalogue(): ModuleInfo[] {
  return registered.map((m) => ({
    name: m.name,
    title: m.tag,
    description: m.description,
    core: isCoreModule(m.name),
    features: m.features ?? [],
    dependsOn: [...(m.dependsOn ?? [])],
    apiAreas: Object.entries(m.routes ?? {})
      .filter(([, f]) => (f?.length ?? 0) > 0)
      .map(([area]) => area),
    pages: (m.pages?.length ?? 0) > 0,
    scheduledTasks: (m.scheduledTasks ?? []).map((t) => t.name),
  }));
}

/** Starts every module's per-instance work and waits until it is ready to serve; `stop` ends it all. */
export async function startBackground(services: Services, list: readonly Module[]): Promise<{ stop(): Promise<void> }> {
  const running = list.flatMap((m) => (m.background ?? []).map((start) => start(services)));
  await Promise.all(running.flatMap((b) => (b.ready ? [b.ready] : [])));
  return {
    async stop() {
      await Promise.all(running.map((b) => b.stop()));
    },
  };
}

/** The scheduler's switch: a task runs while its module is on for at least one platform. */
export function taskSwitch(services: Services, list: readonly Module[]): (task: ScheduledTask) => boolean {
  const moduleSwitch = provided(services, 'moduleSwitch', list);
  return (task) => !moduleSwitch || !task.module || moduleSwitch.isOnAnywhere(task.module);
}

/** Runs every registered module's start-up steps, in the list's order, each step's events applied to the read models before the next. */
export async function runSetUp(services: Services, modules: readonly Module[] = registered): Promise<void> {
  for (const m of modules) for (const step of m.setUp ? [m.setUp] : []) await services.settle(await step(services));
}

/** The plan decided for a new vendor by the module that keeps the plans; refuses when no module does. */
export async function decideNewVendorPlan(services: Services, asked: AskedPlan): Promise<RequestedPlan> {
  const keeper = registered.find((m) => m.newVendorPlan);
  if (!keeper) throw new Error("no module keeps the vendors' plans");
  return keeper.newVendorPlan!(services, asked);
}

/** The plans, from the module that keeps them; throws when no module does (no vendor can be limited or gated then). */
export function plansKept(): Plans {
  const keeper = registered.find((m) => m.plans);
  if (!keeper) throw new Error("no module keeps the vendors' plans");
  return keeper.plans!;
}

/** The add-ons a vendor holds, from the module that sells them; none when no module does. */
export async function planAddOnsOf(reader: PlanReader, vendorId: number): Promise<PlanAddOn[]> {
  const keeper = registered.find((m) => m.planAddOns);
  return keeper ? keeper.planAddOns!(reader, vendorId) : [];
}

/** The theme of a vendor's shop, from the module that keeps the themes; the platform default when no module does. */
export async function vendorShopTheme(services: Services, vendorId: number): Promise<ShopTheme> {
  const keeper = registered.find((m) => m.shopTheme);
  if (!keeper) return { vendor_id: vendorId, is_default: true, theme: defaultTheme(), updated_at: null };
  return keeper.shopTheme!(services, vendorId);
}

/** The member state a vendor ships from, from the module that keeps it; Luxembourg, the platform's own, when no module does. */
export async function sellerStateOf(services: Services, vendorId: number): Promise<string> {
  const keeper = registered.find((m) => m.sellerState);
  return keeper ? keeper.sellerState!(services, vendorId) : DEFAULT_SELLER_COUNTRY;
}

/** The seller's VAT profile, from the module that keeps it; a Luxembourg seller without cross-border sales when no module does. */
export async function sellerVatProfileOf(knex: Knex, vendorId: number, at: Date): Promise<SellerVatProfile> {
  const keeper = registered.find((m) => m.sellerVatProfile);
  return keeper ? keeper.sellerVatProfile!(knex, vendorId, at) : { ...DEFAULT_SELLER_VAT_PROFILE };
}

/**
 * The seller's VAT profile as one sale to `destination` needs it. Only a distance sale depends on
 * the seller's yearly cross-border sales and OSS opt-in (isDistanceSale); a domestic sale or an
 * export is decided on the two countries alone, so it gets the seller's country from memory and
 * reads nothing else.
 */
export async function sellerVatProfileFor(services: Services, vendorId: number, at: Date, destination: string): Promise<SellerVatProfile> {
  const country = await sellerStateOf(services, vendorId);
  if (!isDistanceSale(country, destination)) return { ...DEFAULT_SELLER_VAT_PROFILE, seller_country_iso: country };
  return sellerVatProfileOf(services.db.knex, vendorId, at);
}

/** A vendor's invoice settings, from the module that keeps them; not configured when no module does. */
export async function invoiceSettingsOf(knex: Knex, vendorId: number): Promise<InvoiceSettingsView> {
  const keeper = registered.find((m) => m.invoiceSettings);
  return keeper ? keeper.invoiceSettings!(knex, vendorId) : { vendor_id: vendorId, configured: false };
}

/** The ECB rates before a tax point, from the module that records them; none to be had when no module does. */
export async function referenceRatesBefore(store: EventStore, taxPoint: string, currencies: string[]): Promise<ReferenceRates> {
  const keeper = registered.find((m) => m.referenceRatesBefore);
  if (keeper) return keeper.referenceRatesBefore!(store, taxPoint, currencies);
  throw new ExchangeRateUnavailableException(`No module records the ECB reference rates for ${currencies.join(', ')}`, {
    currencies,
    tax_point: taxPoint.slice(0, 10),
  });
}

/** A page of a customer's shop orders, from the module that keeps the orders; null when no module does. */
export async function customerOrdersOf(
  knex: Knex,
  vendorId: number,
  customerId: number,
  page: PageRequest,
): Promise<Page<CustomerOrderLine> | null> {
  const keeper = registered.find((m) => m.customerOrders);
  return keeper ? keeper.customerOrders!(knex, vendorId, customerId, page) : null;
}

/** The shop's page frame, from the module that provides it; undefined when no module does (then no area adds a shop page). */
export function shopFrameOf(services: Services): ShopFrame | undefined {
  return provided(services, 'shopFrame');
}

/** What every registered module keeps of a product, summed. */
export async function productHolds(store: EventStore, productId: number): Promise<ProductHold> {
  const holds = await Promise.all(registered.flatMap((m) => (m.productHold ? [m.productHold(store, productId)] : [])));
  return holds.reduce((sum, h) => ({ places: sum.places + h.places, units: sum.units + h.units }), { places: 0, units: 0 });
}
