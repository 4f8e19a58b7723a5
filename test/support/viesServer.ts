import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local VIES REST double on 127.0.0.1: POST {countryCode, vatNumber} answers valid for the
 * numbers given, with a consultation number when a requester is named, as VIES does.
 */
export async function startViesServer(valid: Record<string, { name: string; address: string }>) {
  let n = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const q = JSON.parse(body || '{}');
      const number = `${q.countryCode}${q.vatNumber}`;
      const hit = valid[number];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          countryCode: q.countryCode,
          vatNumber: q.vatNumber,
          requestDate: new Date().toISOString(),
          valid: !!hit,
          requestIdentifier: q.requesterNumber ? `WAPIAAAAW${String(++n).padStart(8, '0')}` : '',
          name: hit?.name ?? '---',
          address: hit?.address ?? '---',
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/check-vat-number`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
