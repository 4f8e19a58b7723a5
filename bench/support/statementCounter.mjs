/**
 * Loaded into a service under measurement (`node --import <this file> --import tsx src/main.ts`,
 * see bench/support/statementCounts.ts): counts the statements every node-postgres client sends,
 * by prepared statement name (or the first 60 characters of the text), apart for
 *  - `request`: sent while an HTTP request is being handled (its async context: the guard, the
 *    command, the append, the read-back; deterministic for one request after another),
 *  - `background`: everything else (the consumers' batches, the tail, the NOTIFY coalescing).
 * `GET /__bench/statements` answers the counts since the last `POST /__bench/statements` (which
 * resets them) without reaching the service; requests to it are not counted. Plain JavaScript: it
 * loads before tsx does. Never loaded by the service itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import pg from 'pg';

const inRequest = new AsyncLocalStorage();
let counts = fresh();

function fresh() {
  return { requests: 0, request: new Map(), background: new Map() };
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(config, values, callback) {
  const name = typeof config === 'string' ? config.slice(0, 60) : (config?.name ?? config?.text?.slice(0, 60) ?? '?');
  const into = inRequest.getStore() ? counts.request : counts.background;
  into.set(name, (into.get(name) ?? 0) + 1);
  return query.call(this, config, values, callback);
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitting(event, req, res) {
  if (event !== 'request') return emit.apply(this, arguments);
  if (req.url === '/__bench/statements') {
    if (req.method === 'POST') counts = fresh();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        requests: counts.requests,
        request: Object.fromEntries(counts.request),
        background: Object.fromEntries(counts.background),
      }),
    );
    return true;
  }
  counts.requests++;
  const args = arguments;
  return inRequest.run(true, () => emit.apply(this, args));
};
