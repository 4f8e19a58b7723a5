/**
 * Loaded into a service under measurement (`node --import ./bench/support/queryCounter.mjs`, see
 * bench/commandProfile.ts COUNT=1): counts the statements every pg client sends, by prepared
 * statement name (or the first 40 characters of the text; a stream read by the kind of its stream), and writes the counts of each 5 s to
 * stderr as one line `COUNTS [[name, count], …]`. Plain JavaScript: it loads before tsx does.
 */
import pg from 'pg';

const counts = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(config, values, callback) {
  let name = typeof config === 'string' ? config.slice(0, 40) : (config?.name ?? config?.text?.slice(0, 40));
  // A stream's read is counted per kind of stream (the id up to its first '-'), which tells the commands apart.
  const args = Array.isArray(values) ? values : config?.values;
  if (name === 'es_read_stream' && typeof args?.[0] === 'string') name += ` ${args[0].split('-')[0]}`;
  counts.set(name, (counts.get(name) ?? 0) + 1);
  return query.call(this, config, values, callback);
};

let previous = new Map();
setInterval(() => {
  const window = [...counts]
    .map(([k, v]) => [k, v - (previous.get(k) ?? 0)])
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1]);
  previous = new Map(counts);
  process.stderr.write(`COUNTS ${JSON.stringify(window)}\n`);
}, 5000).unref();
