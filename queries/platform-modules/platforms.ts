import type { Config } from '../../src/config.ts';

/**
 * The platforms of this deployment (docs/platform-operations.md "Platform modules"): its own
 * platform (PLATFORM_CODE), and a platform per code PLATFORM_HOSTS names. A request belongs to
 * the platform its host is listed for, and to the own platform otherwise.
 */
export interface Platform {
  code: string;
  isOwn: boolean;
  hosts: string[];
}

export function platformsOf(config: Pick<Config, 'platforms'>): Platform[] {
  const { own, byHost } = config.platforms;
  const codes = [own, ...new Set(Object.values(byHost))].filter((c, i, all) => all.indexOf(c) === i);
  return codes.map((code) => ({ code, isOwn: code === own, hosts: Object.keys(byHost).filter((h) => byHost[h] === code) }));
}

export function platformForHost(config: Pick<Config, 'platforms'>, hostname: string): string {
  return config.platforms.byHost[hostname.toLowerCase()] ?? config.platforms.own;
}
