import { pathToFileURL } from 'node:url';

/**
 * The command line's one entry: `npm run cli` lists every command with what it does;
 * `npm run cli -- <command> [arguments]` runs one, `npm run cli -- <command> --help` says how.
 * Each command is also a script of its own (`npm run projections -- status`, …).
 */
export interface CliCommand {
  name: string;
  script: string;
  summary: string;
}

export const COMMANDS: CliCommand[] = [
  { name: 'demo', script: 'src/cli/demo.ts', summary: 'load a demo platform into an empty database, then start the service on it' },
  { name: 'admin:create', script: 'src/cli/adminCreate.ts', summary: 'create an admin (POST /api/v1/admin/users while the service runs)' },
  {
    name: 'projections',
    script: 'src/cli/projections.ts',
    summary: "status: each consumer's checkpoint and lag; rebuild <name|all>: replay the feed into a projection",
  },
  {
    name: 'replay',
    script: 'src/cli/replay.ts',
    summary: "a stream's history with the aggregate's state after each event, or its state at a time",
  },
  {
    name: 'exchange-rates',
    script: 'src/cli/exchangeRates.ts',
    summary: 'record the ECB reference rates of a file or URL (POST /api/v1/admin/exchange-rates while the service runs)',
  },
  {
    name: 'stripe-webhooks',
    script: 'src/cli/stripeWebhooks.ts',
    summary: 'handle a stored Stripe webhook event again, or every failed one',
  },
  { name: 'bench', script: 'bench/run.ts', summary: 'the benchmarks, on fresh databases of a PostgreSQL server (minutes to hours)' },
];

export function commandList(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: npm run cli -- <command> [arguments]   (each command takes --help)',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
  ].join('\n');
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const [name, ...rest] = process.argv.slice(2);
  const command = COMMANDS.find((c) => c.name === name || c.name.replace(':', '-') === name);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(commandList());
  } else if (!command) {
    process.stderr.write(`unknown command '${name}'\n${commandList()}\n`);
    process.exit(2);
  } else {
    // The command reads its arguments from process.argv as when run as a script of its own.
    process.argv = [process.argv[0], command.script, ...rest];
    await import(new URL(`../../${command.script}`, import.meta.url).href);
  }
}
