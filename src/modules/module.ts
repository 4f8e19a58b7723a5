import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { Decider } from '../core/decider.ts';
import type { EventStore, Position } from '../eventstore/port.ts';
import type { ApiArea } from '../http/api.ts';
import type { NotFoundPage } from '../http/notFoundPage.ts';
import type { AdminAccess } from '../http/adminAccess.ts';
import type { VendorAccessCheck } from '../http/vendorAuth.ts';
import type { ShopVendorLookup } from '../http/vendorContext.ts';
import type { Consumer } from '../runtime/consumer.ts';
import type { MemoryView } from '../runtime/memoryView.ts';
import type { ScheduledTask } from '../runtime/scheduler.ts';
import type { Services } from '../runtime/services.ts';
import type { PlatformFigures } from '../core/platformFigures.ts';
import type { BackOfficeContribution } from '../pages/backOffice/registry.ts';
import type { AdapterFactory } from '../runtime/adapters.ts';
import type { ShopFrame } from '../pages/shopFrame.ts';
import type { SellerVatProfile } from '../core/vat/sellerVatProfile.ts';
import type { InvoiceSettingsView } from '../http/schemas/invoices.ts';
import type { ReferenceRates } from '../core/vat/localCurrency.ts';
import type { Page, PageRequest } from '../core/pagination.ts';
import type {
  ShopTheme,
  AskedPlan,
  RequestedPlan,
  ProductHold,
  VendorGate,
  FeatureGate,
  BackgroundTaskRow,
  BackgroundTaskRetry,
  BackgroundTaskCancel,
  HealthFigures,
  BackgroundJobCount,
  Background,
  ModuleSwitch,
  CustomerOrderLine,
  PlanReader,
  PlanLimits,
  PlanTier,
  Plans,
  PlanAddOns,
} from './hookTypes.ts';

export type {
  ShopTheme,
  AskedPlan,
  RequestedPlan,
  ProductHold,
  VendorGate,
  FeatureGate,
  BackgroundTaskRow,
  BackgroundTaskRetry,
  BackgroundTaskCancel,
  HealthFigures,
  BackgroundJobCount,
  Background,
  ModuleSwitch,
  CustomerOrderLine,
  PlanReader,
  PlanLimits,
  PlanTier,
  Plans,
  PlanAddOns,
};

/** A router of one business area in one API area (or of its pages), built per app. */
export type RouteFactory = (services: Services) => Router;

/**
 * A business area, declared once (ARCHITECTURE.md "Modules"): its routes per API area, its
 * consumers (projections and process managers), its aggregates, its scheduled tasks, its pages
 * and its OpenAPI tag. Start-up, the OpenAPI document and the architecture check read the list
 * in src/modules/index.ts; the platform-modules feature of SPEC.md will switch these same
 * modules on and off, respecting `dependsOn`.
 */
export interface Module {
  /** The area's kebab-case name, the same as its folders under commands/, projections/, queries/. */
  name: string;
  /** The OpenAPI tag of its routes. */
  tag: string;
  description: string;
  /** Modules this one cannot work without. */
  dependsOn?: string[];
  /** Mounted under /api/v1/<area> in the order given; `health` at the root. */
  routes?: Partial<Record<ApiArea, RouteFactory[]>>;
  consumers?: Consumer[];
  /**
   * The clients of outside services the area owns (billing's Stripe), built once per process from
   * the configuration by createServices (src/runtime/adapters.ts) and held on the services.
   */
  adapters?: AdapterFactory;
  /**
   * State each instance holds in memory, loaded from the area's read models at start and kept
   * current from the event feed (src/runtime/memoryViews.ts); read with `services.views.get(view)`.
   */
  memoryViews?: MemoryView<any>[];
  aggregates?: Decider<any, any, any>[];
  scheduledTasks?: ScheduledTask[];
  /** Server-rendered pages, mounted at the root after the API. */
  pages?: RouteFactory[];
  /** The "not found" page a browser gets, in the area's style, for the paths it serves (answers whether it did). */
  notFoundPage?: (services: Services) => NotFoundPage;
  /** What the area adds to the vendor and admin back offices: navigation entries, header counts, the viewer (src/pages/backOffice/registry.ts). */
  backOffice?: BackOfficeContribution;
  /**
   * Platform modules (docs/platform-operations.md): a core module is on for every platform and
   * cannot be switched off; any other module is optional. What a core module depends on is core
   * too (isCoreModule): it must be on wherever the core module is.
   */
  core?: boolean;
  /** What the module offers, in a few words each: what the platform-modules catalogue lists. */
  features?: string[];
  /**
   * The admin dashboard's figures this area counts from its own read models (GET
   * /api/v1/admin/dashboard): each area answers for its own part, so the dashboard reads no other
   * area's tables and a module switched off shows no figures.
   */
  dashboardFigures?: (services: Services) => Promise<Partial<PlatformFigures>>;
  /**
   * The area's background work, for the task monitor (docs/platform-operations.md "Task
   * monitor"): a query selecting, per job, the columns of BackgroundTaskRow.
   */
  backgroundTasks?: (knex: Knex) => Knex.QueryBuilder;
  /**
   * The retry of the area's failed background work (the task monitor's retry, once per task):
   * which of its task types it can start again, and starting a new job like the failed one.
   */
  backgroundTaskRetry?: BackgroundTaskRetry;
  /**
   * The cancel of the area's waiting or running background work (the task monitor's cancel),
   * for the task types whose work stops cleanly part-way: which types, and cancelling one.
   */
  backgroundTaskCancel?: BackgroundTaskCancel;
  /** What the area adds to platform health: its background work queued and running, the storage it uses. */
  healthFigures?: (services: Services) => Promise<HealthFigures>;
  /**
   * Work every instance runs for itself while it is up (a scheduled task runs once across
   * instances instead): flushing its metrics window, its log batch, keeping an in-memory view.
   * Started after the consumers by src/main.ts and the test app, stopped before the services close.
   */
  background?: ((services: Services) => Background)[];
  /**
   * The platform-modules area's switch (one module provides it): whether a module is on for the
   * platform a request is attributed to, answered from memory. src/http/app.ts consults it where
   * it mounts a module's routes and pages, the scheduler before a module's task.
   */
  moduleSwitch?: (services: Services) => ModuleSwitch;
  /**
   * A check of the vendor API that runs after the caller's guard on the vendor routes of every
   * other module but those it exempts (the onboarding's gate): it throws a domain exception to
   * refuse, and answers from memory (no statement per request).
   */
  vendorGate?: (services: Services) => VendorGate;
  /**
   * The plans' feature check (one module provides it: the one that keeps the plans). A vendor
   * route may name a plan feature (RouteDecl.feature); src/http/app.ts, where it mounts the route,
   * asks this gate what to say of the feature in the API document, and has the route check it on
   * every request after the caller's guard. It answers from memory (no statement per request).
   */
  featureGate?: (services: Services) => FeatureGate;
  /**
   * The plans (one module provides them: the one that keeps the plans): the catalogue, the orders
   * and the team count a vendor's limits with them, messaging checks a message's features, and
   * none imports the plans' area, which builds on them all. Read from memory where the reader has
   * the instance's views.
   */
  plans?: Plans;
  /**
   * The add-ons a vendor holds, as the area that sells them answers it: the plans count them in
   * the vendor's limits and features without importing that area, which builds on the plans.
   */
  planAddOns?: PlanAddOns;
  /**
   * What the area keeps of a vendor product (the inventory's units in stock), read from the event
   * store: the catalogue asks every module before it deletes a product or makes it digital, so it
   * imports no area that depends on it.
   */
  productHold?: (store: EventStore, productId: number) => Promise<ProductHold>;
  /**
   * What the area records once when an instance starts, before it serves (seeds, the platform's
   * upgrades): src/service.ts and the test app run every module's steps in the list's order and
   * wait for the read models. Each step must be idempotent and safe on two instances at once.
   */
  setUp?: (services: Services) => Promise<{ position?: Position; eventTypes: string[] }[]>;
  /**
   * The plan an admin picks for a vendor being created (VendorCreate.plan): the area that keeps
   * the plans checks the tier and fills in what was left out, so that VendorCreated carries the
   * plan decided; the vendors area imports no area that depends on it. Throws a domain exception
   * to refuse.
   */
  newVendorPlan?: (services: Services, asked: AskedPlan) => Promise<RequestedPlan>;
  /**
   * The admin API's guard asks the area that keeps the users' access whether a caller is still an
   * active admin (src/http/auth.ts), answered from memory: null when the account no longer exists.
   */
  adminAccess?: (services: Services) => AdminAccess;
  /**
   * The vendor API's guard asks the area that keeps the vendors' access (members, roles, owners)
   * what a caller may do for a vendor (src/http/vendorAuth.ts), answered from memory.
   */
  vendorAccess?: (services: Services) => VendorAccessCheck;
  /**
   * The shop's vendor, as the area that keeps the vendors finds it by the code, subdomain or
   * custom domain a request names (src/http/vendorContext.ts): null for none that is active.
   */
  shopVendor?: (services: Services) => ShopVendorLookup;
  /**
   * The theme a vendor's shop is drawn in, as the area that keeps the themes answers it: the shop
   * API's own vendor carries it, the storefront draws its pages in it, the vendor's settings show
   * it, and none of them imports the area that keeps the themes, which is chosen per vendor and so
   * depends on vendors.
   */
  shopTheme?: (services: Services, vendorId: number) => Promise<ShopTheme>;
  /**
   * The member state a vendor ships from (its invoice settings' country, Luxembourg until set), as
   * the area that keeps the invoice settings answers it: the catalogue checks a product's VAT rate
   * against that state's rates without importing the invoices area, which sells its products
   * through the orders and so depends on it.
   */
  sellerState?: (services: Services, vendorId: number) => Promise<string>;
  /**
   * The seller's VAT profile (its state, OSS opt-in, cross-border sales), as the area that keeps
   * the invoice settings answers it: the shop's checkout and the extmarket sync decide an order's
   * VAT with it without importing the invoices area, which depends on the orders.
   */
  sellerVatProfile?: (knex: Knex, vendorId: number, at: Date) => Promise<SellerVatProfile>;
  /**
   * A vendor's invoice settings as the area that keeps them answers them: the vendor's settings
   * show them beside the rest without importing the invoices area, which may be switched off.
   */
  invoiceSettings?: (knex: Knex, vendorId: number) => Promise<InvoiceSettingsView>;
  /**
   * The ECB rates of the latest day published before a tax point with a rate for every currency
   * asked (Art. 91(2)), as the area that records the rates answers them: an invoice states its VAT
   * in a local currency with them without importing that area, which is switched on and off alone.
   */
  referenceRatesBefore?: (store: EventStore, taxPoint: string, currencies: string[]) => Promise<ReferenceRates>;
  /**
   * A page of one customer's shop orders within a vendor, newest first, as the area that keeps the
   * orders answers it: the customer's page lists them without importing the orders area, which
   * builds on the customers (an order counts in its customer's statistics).
   */
  customerOrders?: (knex: Knex, vendorId: number, customerId: number, page: PageRequest) => Promise<Page<CustomerOrderLine>>;
  /**
   * The server-rendered shop's frame (one module provides it: the storefront): how an area adds a
   * page to the shop (the customer's messages), routed, laid out and signed in as the shop's own
   * pages, while the page stays the area's (its tag, its switch) and neither imports the other.
   */
  shopFrame?: (services: Services) => ShopFrame;
}

export const defineModule = (module: Module): Module => module;
