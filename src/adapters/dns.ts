import { Resolver } from 'node:dns/promises';

/**
 * Custom domain verification: the vendor publishes the domain's token in a TXT record
 * at `<prefix>.<domain>`. `servers` (DNS_SERVERS, host[:port] list) points the lookup at given
 * resolvers; absent, the system's resolvers answer.
 */
export function txtVerifier(servers: string[] | undefined, prefix: string) {
  return async function verifyTxt(domain: string, token: string): Promise<{ ok: boolean; reason: string | null }> {
    const resolver = new Resolver({ timeout: 3000, tries: 2 });
    if (servers && servers.length > 0) resolver.setServers(servers);
    const name = `${prefix}.${domain}`;
    try {
      const records = await resolver.resolveTxt(name);
      if (records.some((chunks) => chunks.join('') === token)) return { ok: true, reason: null };
      return { ok: false, reason: `The TXT record at ${name} does not hold the verification token` };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'ERROR';
      return {
        ok: false,
        reason: code === 'ENOTFOUND' || code === 'ENODATA' ? `No TXT record at ${name}` : `DNS lookup of ${name} failed (${code})`,
      };
    }
  };
}
