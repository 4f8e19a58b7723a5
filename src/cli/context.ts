import { loadConfig } from '../config.ts';
import { consumers } from '../modules/index.ts';
import { createLogger } from '../runtime/logger.ts';
import { createServices, type Services } from '../runtime/services.ts';

/** Services for a CLI command: same configuration as the server, consumers not started. */
export async function cliServices(): Promise<Services> {
  const config = loadConfig();
  return createServices(config, createLogger(process.env.LOG_LEVEL ?? 'warn', undefined), { consumers, startConsumers: false });
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
