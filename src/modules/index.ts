import { registerAggregates } from '../runtime/aggregates.ts';
import type { Consumer } from '../runtime/consumer.ts';
import type { ScheduledTask } from '../runtime/scheduler.ts';
import { authModule } from './auth.ts';
import { billingModule } from './billing.ts';
import { cartsModule } from './carts.ts';
import { catalogueModule } from './catalogue.ts';
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
import type { Module } from './module.ts';
import { ordersModule } from './orders.ts';
import { settingsModule } from './settings.ts';
import { teamModule } from './team.ts';
import { themesModule } from './themes.ts';
import { usersModule } from './users.ts';
import { vendorsModule } from './vendors.ts';

/**
 * Every business area of the service, in mounting order: within an API area, routes are tried
 * in this order. Start-up, the OpenAPI document and the architecture check read this list.
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
  contentPagesModule,
  storefrontModule,
  // Before subscriptions: billing's admin routes under /subscriptions/billing/... must be tried before /subscriptions/{vendor_id}.
  billingModule,
  subscriptionsModule,
];

/** Every projection and process manager of the modules; the runner starts them all. */
export const consumers: readonly Consumer[] = modules.flatMap((m) => m.consumers ?? []);

/** Every scheduled task of the modules. */
export const scheduledTasks: readonly ScheduledTask[] = modules.flatMap((m) => m.scheduledTasks ?? []);

// History tools and process managers find the aggregates by stream prefix (src/runtime/aggregates.ts).
registerAggregates(modules.flatMap((m) => m.aggregates ?? []));
