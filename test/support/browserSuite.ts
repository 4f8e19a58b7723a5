/**
 * The browser suite (pages driven in headless Debian chromium) runs once per CI run: `.ci/run`
 * sets BROWSER_SUITE=off for the second pass of the suite (on the PostgreSQL server), so browser
 * tests run on PGlite only. Anywhere else they run.
 */
export const browserSuiteOn = process.env.BROWSER_SUITE !== 'off';

/** `describe` for a browser suite: skipped (and said so) where the browser suite is off. */
export const describeInBrowser: Mocha.SuiteFunction | Mocha.PendingSuiteFunction = browserSuiteOn ? describe : describe.skip;
