import { request } from 'node:http';
/**
 * The demo's client of the service's own HTTP API: JSON in and out, a multipart upload, and an
 * error naming the call when the answer is not the expected one (the demo stops at the first).
 */
export interface DemoClient {
  /** The call's JSON answer, typed by the caller with the fields it reads of the route's answer. */
  call<T = unknown>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<T>;
  upload<T = unknown>(
    path: string,
    token: string,
    fields: Record<string, string>,
    file: { name: string; data: Buffer; type: string },
  ): Promise<T>;
}

export function demoClient(baseUrl: string): DemoClient {
  const answer = <T>(what: string, res: { status: number; text: string }): T => {
    if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 400)}`);
    // The service's own API answers each route's declared schema (its tests check every answer
    // against it), so the answer has the fields its caller names.
    return (res.text ? JSON.parse(res.text) : null) as T;
  };
  return {
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const body = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
      return answer(`${method} ${path}`, await send(`${method} ${path}`, new URL(path, baseUrl), method, headers, body));
    },
    async upload(path, token, fields, file) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
      // The multipart body and its boundary, as fetch would send them.
      const encoded = new Response(form);
      const headers = { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! };
      return answer(
        `POST ${path}`,
        await send(`POST ${path}`, new URL(path, baseUrl), 'POST', headers, Buffer.from(await encoded.arrayBuffer())),
      );
    },
  };
}

/**
 * One request on a connection of its own (no keep-alive): on a busy machine one call can take
 * minutes, and a kept-alive connection idle that long may be closed by the service just as the
 * next request is sent on it. A request that could not be sent names itself and the reason.
 */
function send(
  what: string,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => reject(new Error(`${what}: the answer broke off (${err.message})`)));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`${what} could not be sent: ${err.code ?? ''} ${err.message}`.trim())),
    );
    req.end(body);
  });
}

/** Runs `work` over `items`, at most `width` at a time, in order of the items' results. */
export async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}
