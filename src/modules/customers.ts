import { customer } from '../../commands/customers/customerDecider.ts';
import { customerList } from '../../projections/customers/customerList.ts';
import { customerSessions } from '../../projections/customers/customerSessions.ts';
import { adminCustomerRoutes } from '../http/admin/customers.ts';
import { shopAddressRoutes } from '../http/shop/addresses.ts';
import { shopCustomerAuthRoutes } from '../http/shop/customerAuth.ts';
import { shopProfileRoutes } from '../http/shop/profile.ts';
import { vendorCustomerRoutes } from '../http/vendor/customers.ts';
import { defineModule } from './module.ts';
import { customerFigures } from '../../queries/customers/customerFigures.ts';
import { customerPageRoutes, customersNavigation } from '../pages/customers/customerPages.ts';

/**
 * Shop customers: accounts scoped to one vendor, their sessions and reset links, profiles, saved
 * addresses and order statistics; the vendor's and the admin's customer lists.
 */
export const customersModule = defineModule({
  name: 'customers',
  tag: 'Customers',
  description: 'Shop customers: registration, sign-in, profile, saved addresses, order statistics; customer lists for vendors and admins.',
  features: ['Customer registration and sign-in', 'Profiles and address books', 'Order statistics'],
  dashboardFigures: (services) => customerFigures(services.db.knex),
  dependsOn: ['vendors', 'users'],
  routes: {
    shop: [shopCustomerAuthRoutes, shopProfileRoutes, shopAddressRoutes],
    vendor: [vendorCustomerRoutes],
    admin: [adminCustomerRoutes],
  },
  consumers: [customerList, customerSessions],
  aggregates: [customer],
  pages: [customerPageRoutes],
  backOffice: { navigation: customersNavigation },
});

/** A customer's write-side state, as messaging checks a conversation's customer. */
export { customer, loadCustomer } from '../../commands/customers/customerDecider.ts';

/** A customer as the shop shows them to themselves (the storefront's account, address book and checkout). */
export { getCustomer } from '../../queries/customers/getCustomer.ts';

/** The vendor's customers, searched, for the messaging pages' recipient picker. */
export { listCustomers } from '../../queries/customers/listCustomers.ts';

/** A shop customer's account, session, profile and address book, as the storefront's pages change them. */
export {
  addAddress,
  changeAddress,
  changeProfile,
  endSession,
  findCustomerByEmail,
  registerCustomer,
  removeAddress,
  setDefaultAddress,
  startSession,
  type CustomerDeps,
} from '../../commands/customers/handlers.ts';
/** An address form's fields as the shop API reads them, for the storefront's address book. */
export { addressFields } from '../http/shop/addresses.ts';
/** A forgotten password's reset link and its use, as the storefront's password pages ask for them. */
export { resetCustomerPasswordWithToken, sendCustomerResetLink } from '../http/shop/customerAuth.ts';
/** The request bodies of a customer's own account (signing up, the profile, addresses, the password), for the storefront's forms. */
export { AddressInput, CustomerRegister, ForgotPassword, ProfileUpdate, ResetPassword } from '../http/schemas/customers.ts';

/** The customer list's row, as the areas that find a customer by e-mail read it (messaging's team form). */
export type { CustomerListRow } from '../../projections/customers/customerList.ts';
