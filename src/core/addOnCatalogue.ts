/**
 * The add-ons a vendor can buy on top of its tier (SPEC.md part 2 "Add-ons are held as
 * VendorAddOn records"), as data. What an active add-on adds counts in the vendor's limits and
 * features at once (src/http/featureGate.ts vendorPlan), multiplied by the quantity bought.
 * Prices in euro cents per month and per unit; SPEC.md gives no numbers: these are ours.
 * Shared data: the plan reads it (limits, features, usage) and the billing area sells from it.
 */
export interface AddOnDefinition {
  code: string;
  name: string;
  description: string;
  price_monthly_cents: number;
  adds: { products?: number; orders_per_period?: number; team_members?: number; features?: string[] };
  /** A capability add-on is bought once (a feature is on or off); a capacity add-on by quantity. */
  max_quantity: number;
}

export const ADD_ON_CATALOGUE: readonly AddOnDefinition[] = [
  {
    code: 'extra_products_500',
    name: '500 extra products',
    description: 'Room for 500 more products in the catalogue',
    price_monthly_cents: 1500,
    adds: { products: 500 },
    max_quantity: 20,
  },
  {
    code: 'extra_orders_1000',
    name: '1,000 extra orders',
    description: '1,000 more shop orders per billing period',
    price_monthly_cents: 2500,
    adds: { orders_per_period: 1000 },
    max_quantity: 20,
  },
  {
    code: 'extra_seat',
    name: 'Extra team member',
    description: 'One more team member in the vendor',
    price_monthly_cents: 900,
    adds: { team_members: 1 },
    max_quantity: 50,
  },
  {
    code: 'custom_domain',
    name: 'Custom domain',
    description: "Serve the shop on the vendor's own domain without the Business tier",
    price_monthly_cents: 1900,
    adds: { features: ['custom_domain'] },
    max_quantity: 1,
  },
];

export const addOnByCode = (code: string): AddOnDefinition | undefined => ADD_ON_CATALOGUE.find((a) => a.code === code);

/** An add-on a vendor holds, as its plan counts it: what it is and how many. */
export interface PlanAddOn {
  id: string;
  add_on_code: string;
  quantity: number;
}
