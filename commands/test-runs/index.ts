export { testRun } from './testRun.ts';
export { testRunner } from './runner.ts';
