/**
 * The unit price a cart line charges (SPEC.md part 2 "Cart item": price_at_add is captured when
 * the item is added; a later change is shown, never applied silently):
 * - a drop passes to the customer at once: charged = the current price;
 * - a rise is not charged until the customer accepts it: charged = the agreed price (the price at
 *   add, or a price accepted since), and the line is flagged `price_increased`.
 * Both come to the lower of the current and the agreed price.
 */
export interface LinePrice {
  unit_price_cents: number;
  price_increased: boolean;
  price_decreased: boolean;
}

export function linePrice(agreedCents: number, currentCents: number): LinePrice {
  return {
    unit_price_cents: Math.min(agreedCents, currentCents),
    price_increased: currentCents > agreedCents,
    price_decreased: currentCents < agreedCents,
  };
}
