import { storefrontAccountRoutes } from '../pages/storefront/account.ts';
import { storefrontAssetRoutes } from '../pages/storefront/assets.ts';
import { storefrontAddressBookRoutes } from '../pages/storefront/addressBook.ts';
import { storefrontCartRoutes } from '../pages/storefront/cart.ts';
import { storefrontCheckoutRoutes } from '../pages/storefront/checkout.ts';
import { storefrontCatalogueRoutes } from '../pages/storefront/catalogue.ts';
import { storefrontContentRoutes } from '../pages/storefront/content.ts';
import { storefrontFrame } from '../pages/storefront/frame.ts';
import { storefrontLanguageRoutes } from '../pages/storefront/language.ts';
import { shopNotFoundPage } from '../pages/storefront/notFound.ts';
import { storefrontPasswordRoutes } from '../pages/storefront/password.ts';
import { storefrontProductRoutes } from '../pages/storefront/product.ts';
import { defineModule } from './module.ts';

/**
 * The server-rendered storefront (docs/storefront.md): the shop's pages in HTML for a browser,
 * reached in the same three forms as the shop API. The content pages' catch-all comes last so it
 * never shadows a real route.
 */
export const storefrontModule = defineModule({
  name: 'storefront',
  tag: 'Storefront pages',
  description:
    'The server-rendered shop: catalogue, product, cart, checkout and order confirmation, sign-in, registration, forgot and reset password, account with profile and address book, language switch, landing and content pages (HTML, forms that work without JavaScript; a small script adds to the cart in place and keeps the header counter).',
  features: ['Server-rendered shop', 'Checkout', 'Customer account pages'],
  dependsOn: ['catalogue', 'carts', 'customers', 'orders', 'content-pages', 'vendors'],
  notFoundPage: shopNotFoundPage,
  // The frame messaging draws the customer's messages page in, and that serves a vendor host's root for the home page.
  shopFrame: storefrontFrame,
  pages: [
    storefrontAssetRoutes,
    storefrontCatalogueRoutes,
    storefrontProductRoutes,
    storefrontCartRoutes,
    storefrontLanguageRoutes,
    storefrontAccountRoutes,
    storefrontAddressBookRoutes,
    storefrontPasswordRoutes,
    storefrontCheckoutRoutes,
    storefrontContentRoutes,
  ],
});
