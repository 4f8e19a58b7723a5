import { registerAggregates } from '../runtime/aggregates.ts';
import type { Consumer } from '../runtime/consumer.ts';
import type { MemoryView } from '../runtime/memoryView.ts';
import type { ScheduledTask } from '../runtime/scheduler.ts';
import { adminDashboardModule } from './adminDashboard.ts';
import { appLogsModule } from './appLogs.ts';
import { authModule } from './auth.ts';
import { billingModule } from './billing.ts';
import { cartsModule } from './carts.ts';
import { catalogueModule } from './catalogue.ts';
import { codeQualityModule } from './codeQuality.ts';
import { companiesModule } from './companies.ts';
import { contentPagesModule } from './contentPages.ts';
import { storefrontModule } from './storefront.ts';
import { subscriptionsModule } from './subscriptions.ts';
import { customersModule } from './customers.ts';
import { docsModule } from './docs.ts';
import { exchangeRatesModule } from './exchangeRates.ts';
import { extmarketModule } from './extmarket.ts';
import { healthModule } from './health.ts';
import { historyModule } from './history.ts';
import { inventoryModule } from './inventory.ts';
import { invoicesModule } from './invoices.ts';
import { languageModule } from './language.ts';
import { marketplaceImportsModule } from './marketplaceImports.ts';
import { mediaModule } from './media.ts';
import { messagingModule } from './messaging.ts';
import { type Module } from './module.ts';
import { registerModules } from './registry.ts';
import { notificationsModule } from './notifications.ts';
import { onboardingModule } from './onboarding.ts';
import { signupModule } from './signup.ts';
import { ordersModule } from './orders.ts';
import { platformHealthModule } from './platformHealth.ts';
import { platformModulesModule } from './platformModules.ts';
import { settingsModule } from './settings.ts';
import { teamModule } from './team.ts';
import { taskMonitorModule } from './taskMonitor.ts';
import { testRunsModule } from './testRuns.ts';
import { themesModule } from './themes.ts';
import { usersModule } from './users.ts';
import { vendorDashboardModule } from './vendorDashboard.ts';
import { vendorsModule } from './vendors.ts';

/**
 * Every business area of the service. Start-up, the OpenAPI document and the architecture check
 * read this list; its order is that of the back office's navigation and of the document's tags,
 * never which route answers a request (src/http/routePrecedence.ts decides that from the paths).
 */
export const modules: readonly Module[] = [
  docsModule,
  healthModule,
  authModule,
  usersModule,
  historyModule,
  ordersModule,
  extmarketModule,
  exchangeRatesModule,
  invoicesModule,
  companiesModule,
  vendorsModule,
  teamModule,
  themesModule,
  settingsModule,
  marketplaceImportsModule,
  catalogueModule,
  inventoryModule,
  cartsModule,
  mediaModule,
  customersModule,
  languageModule,
  messagingModule,
  notificationsModule,
  platformModulesModule,
  appLogsModule,
  codeQualityModule,
  testRunsModule,
  taskMonitorModule,
  platformHealthModule,
  adminDashboardModule,
  contentPagesModule,
  storefrontModule,
  billingModule,
  subscriptionsModule,
  onboardingModule,
  vendorDashboardModule,
  signupModule,
];

registerModules(modules);

/** Every projection and process manager of the modules; the runner starts them all. */
export const consumers: readonly Consumer[] = modules.flatMap((m) => m.consumers ?? []);

/** Every memory view of the modules; each instance loads them at start (src/runtime/memoryViews.ts). */
export const memoryViews: readonly MemoryView<any>[] = modules.flatMap((m) => m.memoryViews ?? []);

/** Every scheduled task of the modules, with the module it belongs to (a module switched off runs none). */
export const scheduledTasks: readonly ScheduledTask[] = modules.flatMap((m) =>
  (m.scheduledTasks ?? []).map((t) => ({ ...t, module: m.name })),
);

// History tools and process managers find the aggregates by stream prefix (src/runtime/aggregates.ts).
registerAggregates(modules.flatMap((m) => m.aggregates ?? []));
