/**
 * What the suite shares (the test app, the test database) is started once, in the root
 * `beforeAll` hook (test/support/hooks.ts), under a time limit of its own: starting PGlite and the
 * service takes seconds on an idle machine and a minute on a loaded one, and a test that happened
 * to be the first to ask for it failed on its 20-second limit for that reason alone.
 * A support module registers its start when a test file loads it; nothing loaded, nothing started.
 */
const boots = new Map<string, () => Promise<unknown>>();
const stops: (() => Promise<void>)[] = [];

export function bootInRootHook(name: string, start: () => Promise<unknown>): void {
  if (!boots.has(name)) boots.set(name, start);
}

/** Runs once every file has run; the last registered closes first (the app before the database it uses). */
export function closeInRootHook(stop: () => Promise<void>): void {
  stops.unshift(stop);
}

/**
 * Answers that drifted from their route's documentation (src/http/responseConformance.ts) since
 * the last test ended; the root hooks fail the test that produced them.
 */
export const drifts: string[] = [];

/** TEST_APP_BOOT_TIMEOUT_MS, default ten minutes: the bound of the shared start, not of any test. */
export const BOOT_TIMEOUT_MS = Number(process.env.TEST_APP_BOOT_TIMEOUT_MS) || 600_000;

export async function bootAll(): Promise<string[]> {
  for (const start of boots.values()) await start();
  return [...boots.keys()];
}

export async function stopAll(): Promise<void> {
  for (const stop of stops) await stop();
}
