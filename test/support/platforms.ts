import { request } from 'node:http';
import type { Reply, TestApp } from './app.ts';

/**
 * A call with a Host header of our choosing (fetch always sends the URL's host): how a request
 * reaches another platform of the deployment (PLATFORM_HOSTS).
 */
export function callWithHost(app: TestApp, host: string, method: string, path: string, token?: string): Promise<Reply> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: any = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body, headers: new Headers(res.headers as Record<string, string>) });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Switches modules for a platform through the API; throws on anything but 200. */
export async function switchModules(
  app: TestApp,
  platform: string,
  action: 'enable' | 'disable' | 'enable-all' | 'disable-optional',
  module?: string,
) {
  const res = await app.call('POST', `/api/v1/admin/modules/platforms/${platform}/${action}`, {
    token: await app.adminToken(),
    body: module ? { module } : undefined,
  });
  if (res.status !== 200) throw new Error(`${action} ${module ?? ''} on ${platform}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
