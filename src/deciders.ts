import type { Decider } from './core/decider.ts';
import { reservation } from '../commands/reservations/reservation.ts';
import { user } from '../commands/users/index.ts';
import { vendorProduct } from '../commands/catalogue/index.ts';
import { stock } from '../commands/inventory/index.ts';
import { marketplaceImport } from '../commands/marketplace-imports/index.ts';
import { media } from '../commands/media/index.ts';
import { order } from '../commands/orders/index.ts';
import { extmarketCredentials } from '../commands/extmarket/credentials.ts';
import { extmarketSyncJob } from '../commands/extmarket/syncJob.ts';
import { invoiceBook } from '../commands/invoices/invoiceBook.ts';
import { invoiceSettings } from '../commands/invoices/invoiceSettings.ts';
import { company } from '../commands/companies/index.ts';
import { vendor } from '../commands/vendors/index.ts';
import { team } from '../commands/team/index.ts';
import { vendorTheme } from '../commands/themes/index.ts';
import { platformSettings } from '../commands/settings/index.ts';

/**
 * Every aggregate by its stream prefix (`user-7` → user), so history tools can rebuild the state
 * of any stream at any point (npm run replay, the order history endpoint).
 */
export const deciders: Record<string, Decider<any, any, any>> = {
  [user.aggregate]: user,
  [reservation.aggregate]: reservation,
  [vendorProduct.aggregate]: vendorProduct,
  [stock.aggregate]: stock,
  [marketplaceImport.aggregate]: marketplaceImport,
  [media.aggregate]: media,
  [order.aggregate]: order,
  [extmarketCredentials.aggregate]: extmarketCredentials,
  [extmarketSyncJob.aggregate]: extmarketSyncJob,
  [invoiceBook.aggregate]: invoiceBook,
  [invoiceSettings.aggregate]: invoiceSettings,
  [company.aggregate]: company,
  [vendor.aggregate]: vendor,
  [team.aggregate]: team,
  [vendorTheme.aggregate]: vendorTheme,
  [platformSettings.aggregate]: platformSettings,
};

export function deciderOf(stream: string): Decider<any, any, any> | null {
  const prefix = stream.slice(0, stream.indexOf('-'));
  return deciders[prefix] ?? null;
}
