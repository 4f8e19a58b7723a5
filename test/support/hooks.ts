import { stopTestApp } from './app.ts';
import { closeTestDatabase } from './database.ts';

process.env.NODE_ENV = 'test';

/** Root hooks: the shared app and database close once, after every file has run. */
export const mochaHooks = {
  async afterAll() {
    await stopTestApp();
    await closeTestDatabase();
  },
};
