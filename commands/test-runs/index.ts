export { testRun } from './testRun.ts';
