import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Fetches a URL a vendor gave (the onboarding's CSV feeds) without letting it reach inside the
 * platform's network (server-side request forgery): https only in production; the host name is
 * resolved once, every address it resolves to must be public (no private, loopback, link-local,
 * shared, multicast or reserved range, nor their IPv6 forms: mapped, NAT64, 6to4, ULA, link-local),
 * and the connection goes to that very address, so a second resolution (DNS rebinding) cannot
 * swap it. Redirects are followed by hand, each target checked the same way. The answer is
 * bounded in bytes and the whole exchange in time.
 */
export interface GuardedFetchOptions {
  /** Plain http allowed (never in production). */
  allowHttp: boolean;
  /** `host:port` pairs exempt from the address rule (a developer's local feed; never honoured in production). */
  allowedHosts?: readonly string[];
  production: boolean;
  /** Host name → addresses; default the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

export class UrlRefusedError extends Error {
  constructor(
    readonly reason: 'scheme' | 'credentials' | 'address' | 'resolution' | 'redirects' | 'too_large' | 'timeout' | 'status' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'UrlRefusedError';
  }
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['100::', 64],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16, compatible ::a.b.c.d). */
function embeddedIpv4(address: string): string | null {
  const words = expandIpv6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && (words[5] === 0xffff || words[5] === 0) && !(words[5] === 0 && words[6] === 0)) return v4(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return null;
}

function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const p = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((p[0] << 8) | p[1]).toString(16)}:${((p[2] << 8) | p[3]).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((x) => parseInt(x, 16)) : []);
  const h = part(head);
  const t = part(tail);
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const words = [...h, ...new Array<number>(Math.max(0, fill)).fill(0), ...t];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}

/** Whether an address is one the platform never connects to on a vendor's behalf. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4 !== null && blocked.check(v4, 'ipv4')) return true;
  return blocked.check(address.split('%')[0], 'ipv6');
}

const systemResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Checks a URL and resolves its host: the address to connect to, or a refusal. */
async function checkedTarget(raw: string, o: GuardedFetchOptions): Promise<{ url: URL; address: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefusedError('scheme', 'is not an absolute URL');
  }
  const httpOk = o.allowHttp && !o.production;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && httpOk)) {
    throw new UrlRefusedError('scheme', httpOk ? 'must use http or https' : 'must use https');
  }
  if (url.username || url.password) throw new UrlRefusedError('credentials', 'must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const exempt = !o.production && (o.allowedHosts ?? []).includes(`${host}:${port}`);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (o.resolve ?? systemResolve)(host);
    } catch {
      throw new UrlRefusedError('resolution', `the host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new UrlRefusedError('resolution', `the host ${host} has no address`);
  // Every address must be public: a name answering one public and one private address is refused outright.
  if (!exempt && addresses.some(isForbiddenAddress)) {
    throw new UrlRefusedError(
      'address',
      `the host ${host} resolves to an address inside a private, loopback, link-local or reserved network`,
    );
  }
  return { url, address: addresses[0] };
}

function get(url: URL, address: string, signal: AbortSignal): Promise<IncomingMessage> {
  const https = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(
      {
        host: address,
        port: url.port || (https ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        signal,
        // The certificate is checked against the name, while the socket goes to the address checked above.
        servername: https && !isIP(url.hostname) ? url.hostname : undefined,
        headers: { host: url.host, accept: 'text/csv, text/plain, */*', 'user-agent': 'commerce-back-office/onboarding' },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body of the URL as text (following checked redirects), or a UrlRefusedError saying why not. */
export async function guardedFetchText(raw: string, o: GuardedFetchOptions): Promise<{ text: string; url: string }> {
  const maxBytes = o.maxBytes ?? 5 * 1024 * 1024;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const signal = AbortSignal.timeout(timeoutMs);
  let target = raw;
  for (let hop = 0; ; hop++) {
    const { url, address } = await checkedTarget(target, o);
    let res: IncomingMessage;
    try {
      res = await get(url, address, signal);
    } catch (err) {
      if (signal.aborted) throw new UrlRefusedError('timeout', `did not answer within ${Math.round(timeoutMs / 1000)} s`);
      throw new UrlRefusedError('unreachable', `could not be fetched (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= (o.maxRedirects ?? 3)) throw new UrlRefusedError('redirects', 'redirects too many times');
      target = new URL(res.headers.location, url).toString();
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new UrlRefusedError('status', `answered HTTP ${status}`);
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      throw new UrlRefusedError('too_large', `is larger than ${maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          res.destroy();
          throw new UrlRefusedError('too_large', `is larger than ${maxBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if (err instanceof UrlRefusedError) throw err;
      if (signal.aborted) throw new UrlRefusedError('timeout', `did not answer within ${Math.round(timeoutMs / 1000)} s`);
      throw new UrlRefusedError('unreachable', 'the answer broke off');
    }
    return { text: Buffer.concat(chunks).toString('utf8'), url: url.toString() };
  }
}
