import { loadConfig } from '../config.ts';
import { consumers } from '../modules/index.ts';
import { createLogger } from '../runtime/logger.ts';
import { createServices, type Services } from '../runtime/services.ts';

/**
 * Services for a CLI command: same configuration as the server, consumers not started. The
 * embedded database belongs to one process: while the service holds it, the command ends in one
 * line that says what to do instead (`whileServiceRuns`: the admin route that does the same).
 */
export async function cliServices(whileServiceRuns?: string): Promise<Services> {
  const config = loadConfig();
  try {
    return await createServices(config, createLogger(process.env.LOG_LEVEL ?? 'warn', undefined), { consumers, startConsumers: false });
  } catch (err) {
    const message = (err as Error).message;
    const held = message.match(/^The embedded database in (.*) is in use by process (\d+)/);
    if (held) {
      fail(
        `The embedded database in ${held[1]} is held by the running service (process ${held[2]}). ` +
          `${whileServiceRuns ? `While it runs: ${whileServiceRuns}; or stop it` : 'Stop it'} and run this again (with DATABASE_URL, commands run beside the service).`,
      );
    }
    fail(`could not open the database: ${message}`);
  }
}

/** `--help` or `-h` among the arguments: prints the command's usage and exits 0, before anything is opened. */
export function helpWanted(usage: string): void {
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    console.log(usage);
    process.exit(0);
  }
}

/** `--name value` pairs and the positional words of argv. */
export function parseArgs(argv: string[]): { flags: Record<string, string>; words: string[] } {
  const flags: Record<string, string> = {};
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [k, v] = a.slice(2).split('=', 2);
      flags[k] = v ?? (argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[++i] : 'true');
    } else words.push(a);
  }
  return { flags, words };
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}
