/**
 * Loaded into a service under measurement (`node --import ./bench/support/queryCounter.mjs`, see
 * bench/commandProfile.ts COUNT=1): counts the statements every pg client sends, by prepared
 * statement name (or the first 40 characters of the text; a stream read by the kind of its stream), and writes the counts of each 5 s to
 * stderr as one line `COUNTS [[name, count], …]`, and the rows their answers held as `ROWS [[name, rows], …]`
 * (a statement that returns a growing stream shows there). Plain JavaScript: it loads before tsx does.
 */
import pg from 'pg';

const counts = new Map();
const rows = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(config, values, callback) {
  let name = typeof config === 'string' ? config.slice(0, 40) : (config?.name ?? config?.text?.slice(0, 40));
  // A stream's read is counted per kind of stream (the id up to its first '-'), which tells the commands apart.
  const args = Array.isArray(values) ? values : config?.values;
  if (name === 'es_read_stream' && typeof args?.[0] === 'string') name += ` ${args[0].split('-')[0]}`;
  counts.set(name, (counts.get(name) ?? 0) + 1);
  const answer = query.call(this, config, values, callback);
  const tally = (r) => rows.set(name, (rows.get(name) ?? 0) + (r?.rowCount ?? r?.rows?.length ?? 0));
  if (answer && typeof answer.then === 'function') answer.then(tally, () => {});
  else if (answer && typeof answer.on === 'function') answer.on('end', tally);
  return answer;
};

const since = (now, before) =>
  [...now]
    .map(([k, v]) => [k, v - (before.get(k) ?? 0)])
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1]);
let previous = new Map();
let previousRows = new Map();
setInterval(() => {
  process.stderr.write(`COUNTS ${JSON.stringify(since(counts, previous))}\n`);
  process.stderr.write(`ROWS ${JSON.stringify(since(rows, previousRows))}\n`);
  previous = new Map(counts);
  previousRows = new Map(rows);
}, 5000).unref();
