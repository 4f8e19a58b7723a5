import type { Decider } from '../core/decider.ts';

/**
 * Every aggregate by its stream prefix (`user-7` → user), filled from the module list
 * (src/modules/index.ts). Process managers and history tools look deciders up here by name, so
 * that they need not import commands/ (only an area's events are its public contract).
 */
export const aggregates: Record<string, Decider<any, any, any>> = {};

export function registerAggregates(deciders: readonly Decider<any, any, any>[]): void {
  for (const d of deciders) {
    const known = aggregates[d.aggregate];
    if (known && known !== d) throw new Error(`Two aggregates claim the stream prefix ${d.aggregate}`);
    aggregates[d.aggregate] = d;
  }
}

/** The decider of a stream (`order-12` → order), or null for a prefix no module declares. */
export function deciderOf(stream: string): Decider<any, any, any> | null {
  // The longest declared prefix wins: `billing-account-7` is a billing-account stream.
  const names = Object.keys(aggregates).filter((name) => stream.startsWith(`${name}-`));
  return names.length === 0 ? null : aggregates[names.reduce((a, b) => (b.length > a.length ? b : a))];
}
