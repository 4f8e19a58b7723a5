export { codeQualityScan } from './scan.ts';
export { violation } from './violation.ts';
export { codeQualityScanner } from './scanner.ts';
