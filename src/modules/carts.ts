import { cart } from '../../commands/carts/cart.ts';
import { shopCartRoutes } from '../http/shop/cart.ts';
import { defineModule } from './module.ts';

export const cartsModule = defineModule({
  name: 'carts',
  tag: 'Cart',
  description:
    "The shop's session cart: one per vendor and session id, prices held as the customer agreed to them, stock checked on every change.",
  features: ['Persistent session cart', 'Prices held as agreed', 'Stock checked on every change'],
  dependsOn: ['catalogue', 'inventory'],
  routes: { shop: [shopCartRoutes] },
  aggregates: [cart],
});

/** A session's cart and its changes, as the storefront's cart, checkout and page frame show and change it. */
export { checkoutLines, loadCart } from '../../commands/carts/checkout.ts';
export { acceptCartItemPrice, addToCart, changeCartItemQuantity, removeFromCart, type CartRef } from '../../commands/carts/handlers.ts';
/** A new shop session id, for the storefront's session cookie. */
export { newSessionId } from '../../commands/carts/sessionId.ts';
/** The cart as the shop shows it (its lines at today's prices, the VAT of the buyer's country), for the storefront's cart and checkout pages. */
export { cartView } from '../http/shop/cartView.ts';
