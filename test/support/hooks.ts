import { appendFileSync, mkdirSync } from 'node:fs';
import { stopTestApp, takeDrifts } from './app.ts';
import { closeTestDatabase } from './database.ts';

process.env.NODE_ENV = 'test';

/** Root hooks: the response check after each test; the shared app and database close once, after every file has run. */
export const mochaHooks = {
  /** An answer that does not match its documented schema fails the test that produced it. */
  afterEach(this: Mocha.Context) {
    const found = takeDrifts();
    if (found.length === 0) return;
    mkdirSync('.tmp', { recursive: true });
    appendFileSync('.tmp/drifts.log', found.map((d) => `${this.currentTest?.fullTitle()} :: ${d}\n`).join(''));
    (this.test as any).error(new Error(`The service answered what its OpenAPI document does not describe:\n${found.join('\n')}`));
  },
  async afterAll() {
    await stopTestApp();
    await closeTestDatabase();
  },
};
