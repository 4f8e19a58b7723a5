import { scanTree } from './scanTree.ts';
import type { CodeQualityRule } from './rules.ts';

/**
 * A scan runs in a child process (scanWorker.ts): dependency-cruiser reads hundreds of files and
 * would hold the service's event loop for seconds. The parent sends the tree and the rules; the
 * child answers with progress messages, then its findings or its error, and exits.
 */
process.once('message', (input: { root: string; rules: CodeQualityRule[] }) => {
  scanTree(input.root, input.rules, (message) => process.send!({ kind: 'progress', message }))
    .then((scan) => process.send!({ kind: 'done', scan }, () => process.exit(0)))
    .catch((err: Error) => process.send!({ kind: 'failed', error: err.message ?? String(err) }, () => process.exit(1)));
});
