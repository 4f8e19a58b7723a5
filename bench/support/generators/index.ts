/**
 * Event generators for the benchmarks: each one appends, through the real event store, realistic
 * histories that read models consume, one file per area (users, orders, catalogue, marketplace
 * imports). The rebuild scenario (bench/scenarios/rebuild.ts) rebuilds every entry of
 * `rebuildTargets` over the history it names.
 */
export type { Counts, History } from './history.ts';
export { rebuildTargets, targetAmount, type RebuildTarget } from './rebuildTargets.ts';
export { appendUsers, createBenchAdmin, userHistory } from './users.ts';
export { person } from './vocabulary.ts';
