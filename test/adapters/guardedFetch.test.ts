import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedFetchText, isForbiddenAddress, UrlRefusedError, type GuardedFetchOptions } from '../../src/adapters/guardedFetch.ts';

/** The onboarding's CSV URLs are fetched by the service: none may reach inside the platform's network (SSRF). */
describe('guarded fetch of vendor-given URLs (SSRF protection)', () => {
  let server: Server;
  let other: Server;
  let feed: string;
  let hits: string[];
  const listen = async (s: Server) => {
    s.listen(0, '127.0.0.1');
    await new Promise((r) => s.once('listening', r));
    return (s.address() as AddressInfo).port;
  };
  let port: number;
  let otherPort: number;

  before(async () => {
    hits = [];
    server = createServer((req, res) => {
      hits.push(req.url!);
      if (req.url === '/feed.csv') return res.writeHead(200, { 'content-type': 'text/csv' }).end('sku,title\nA,Apple\n');
      if (req.url?.startsWith('/redirect?to=')) return res.writeHead(302, { location: decodeURIComponent(req.url.slice(13)) }).end();
      if (req.url === '/big') {
        res.writeHead(200);
        res.write('x'.repeat(2048));
        return res.end('y'.repeat(2048));
      }
      if (req.url === '/slow') return; // never answers
      res.writeHead(404).end();
    });
    other = createServer((req, res) => {
      hits.push(`other:${req.url}`);
      res.end('internal secret');
    });
    port = await listen(server);
    otherPort = await listen(other);
    feed = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    server.closeAllConnections();
    other.closeAllConnections();
    await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => other.close(r))]);
  });
  beforeEach(() => {
    hits.length = 0;
  });

  /** Development settings with the local feed server exempted by host and port, as IMPORT_URL_ALLOWED_HOSTS does. */
  const dev = (over: Partial<GuardedFetchOptions> = {}): GuardedFetchOptions => ({
    allowHttp: true,
    production: false,
    allowedHosts: [`127.0.0.1:${port}`],
    timeoutMs: 2000,
    ...over,
  });
  async function refusal(url: string, options: GuardedFetchOptions): Promise<UrlRefusedError> {
    try {
      await guardedFetchText(url, options);
    } catch (err) {
      expect(err).to.be.instanceOf(UrlRefusedError);
      return err as UrlRefusedError;
    }
    throw new Error(`${url} was fetched`);
  }

  it('fetches an allowed feed', async () => {
    const got = await guardedFetchText(`${feed}/feed.csv`, dev());
    expect(got.text).to.equal('sku,title\nA,Apple\n');
  });

  it('takes https only in production (and no exemption list there)', async () => {
    expect((await refusal(`${feed}/feed.csv`, dev({ production: true }))).message).to.equal('must use https');
    expect((await refusal('ftp://example.com/a.csv', dev())).reason).to.equal('scheme');
    expect((await refusal('https://user:pw@feeds.example/a.csv', dev())).reason).to.equal('credentials');
  });

  it('refuses loopback, private, shared and link-local IPv4 addresses', async () => {
    for (const host of [
      `127.0.0.1:${otherPort}`,
      '127.1.2.3',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
    ]) {
      expect((await refusal(`http://${host}/x.csv`, dev())).reason, host).to.equal('address');
    }
    expect(hits).to.deep.equal([]);
  });

  it('refuses their IPv6 equivalents: loopback, unique-local, link-local, mapped, NAT64 and 6to4 forms', async () => {
    for (const host of [
      '[::1]',
      '[fe80::1]',
      '[fd12:3456::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::ffff:a9fe:a9fe]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:7f00:1::]',
      '[::]',
    ]) {
      expect((await refusal(`http://${host}/x.csv`, dev())).reason, host).to.equal('address');
    }
    expect(isForbiddenAddress('2a00:1450:4001:80b::200e')).to.equal(false);
    expect(isForbiddenAddress('93.184.216.34')).to.equal(false);
  });

  it('checks the addresses a name resolves to: one private address among public ones is enough to refuse', async () => {
    const resolve = async (host: string) => (host === 'feeds.example' ? ['93.184.216.34', '10.1.2.3'] : ['127.0.0.1']);
    expect((await refusal('http://feeds.example/a.csv', dev({ resolve }))).reason).to.equal('address');
    expect((await refusal(`http://localhost:${otherPort}/a.csv`, dev({ resolve }))).reason).to.equal('address');
  });

  it('resolves once and connects to the address it checked, so a rebinding name cannot swap in a private one', async () => {
    let lookups = 0;
    // First answer public (a documentation address nothing listens on), every later one loopback.
    const resolve = async () => (lookups++ === 0 ? ['203.0.113.7'] : ['127.0.0.1']);
    const err = await refusal(`http://rebind.example:${otherPort}/secret`, dev({ resolve, timeoutMs: 800 }));
    expect(['timeout', 'unreachable']).to.include(err.reason);
    expect(lookups).to.equal(1);
    expect(hits).to.deep.equal([]);
  });

  it('checks every redirect target the same way', async () => {
    for (const target of [
      `http://127.0.0.1:${otherPort}/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${otherPort}/`,
      'http://10.0.0.1/',
    ]) {
      expect((await refusal(`${feed}/redirect?to=${encodeURIComponent(target)}`, dev())).reason, target).to.equal('address');
    }
    expect(hits.filter((h) => h.startsWith('other:'))).to.deep.equal([]);
    const followed = await guardedFetchText(`${feed}/redirect?to=${encodeURIComponent('/feed.csv')}`, dev());
    expect(followed.text).to.contain('Apple');
  });

  it('bounds the number of redirects, the size of the answer and the time it takes', async () => {
    const loop = `${feed}/redirect?to=${encodeURIComponent(`/redirect?to=${encodeURIComponent(`/redirect?to=${encodeURIComponent('/feed.csv')}`)}`)}`;
    expect((await refusal(loop, dev({ maxRedirects: 1 }))).reason).to.equal('redirects');
    expect((await refusal(`${feed}/big`, dev({ maxBytes: 3000 }))).reason).to.equal('too_large');
    const started = Date.now();
    expect((await refusal(`${feed}/slow`, dev({ timeoutMs: 300 }))).reason).to.equal('timeout');
    expect(Date.now() - started).to.be.below(2000);
  });
});
