import { appendFileSync, mkdirSync } from 'node:fs';
import { BOOT_TIMEOUT_MS, bootAll, drifts, stopAll } from './rootBoot.ts';

process.env.NODE_ENV = 'test';

/**
 * Root hooks: the shared app and database start before the first test, under their own time
 * limit (test/support/rootBoot.ts); the response check after each test; they close once, after
 * every file has run.
 */
export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(BOOT_TIMEOUT_MS);
    const began = Date.now();
    const started = await bootAll();
    if (started.length && process.env.TEST_BOOT_REPORT !== '0') {
      process.stdout.write(
        `  (started ${started.join(' and ')} in ${((Date.now() - began) / 1000).toFixed(1)} s, limit TEST_APP_BOOT_TIMEOUT_MS=${BOOT_TIMEOUT_MS})\n`,
      );
    }
  },
  /** An answer that does not match its documented schema fails the test that produced it. */
  afterEach(this: Mocha.Context) {
    const found = drifts.splice(0);
    if (found.length === 0) return;
    mkdirSync('.tmp', { recursive: true });
    appendFileSync('.tmp/drifts.log', found.map((d) => `${this.currentTest?.fullTitle()} :: ${d}\n`).join(''));
    (this.test as any).error(new Error(`The service answered what its OpenAPI document does not describe:\n${found.join('\n')}`));
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(BOOT_TIMEOUT_MS);
    await stopAll();
  },
};
