import type { EventStore, InlineRows, RecordedEvent } from '../eventstore/port.ts';
import type { Consumer } from './consumer.ts';
import type { FoldEvent, RowKey } from './rowFold.ts';
import { isRowProjection, RowSet, type RowProjection } from './rowProjection.ts';
import { inlineUpsert } from './rowStatements.ts';

/**
 * Inline projections: the read model a caller reads right after a command, written by the
 * statement that appends the command's events, so the answer and the next read need not wait for
 * the projection to pass the append.
 *
 * Only a read model whose every row is one aggregate's (RowFold.inline) can be written so: its rows
 * (a user's row, an order's items) are folded from that aggregate's stream alone, which the
 * command has just loaded (or holds in the aggregate cache) and whose version its append checks.
 * The same projection still runs behind, on the feed: it rebuilds the table, projects what a
 * store without inline rows appends (EventStoreDB), and skips what a row already holds (the row's
 * stream version).
 *
 * A decision that deletes a row is not written inline: the projection deletes it in its turn, and
 * the command waits for it as any other (a row deleted here could come back for a moment when the
 * projection, still behind, folds the event that created it).
 */

const byAggregate = new Map<string, RowProjection<object>[]>();

/** Whether the consumer is a projection whose fold declares its read model inline (RowFold.inline). */
export function isInlineProjection(c: Consumer): c is RowProjection<object> & { fold: { inline: object } } {
  return c.kind === 'projection' && isRowProjection(c) && Boolean(c.fold.inline);
}

/** Records the inline projections among a service's consumers (at start-up). */
export function registerInlineProjections(consumers: readonly Consumer[]): void {
  for (const c of consumers) {
    if (!isInlineProjection(c)) continue;
    const list = byAggregate.get(c.fold.inline.aggregate) ?? [];
    if (!list.some((p) => p.name === c.name)) list.push(c);
    byAggregate.set(c.fold.inline.aggregate, list);
  }
}

/** The aggregate's inline read models where `store` writes them with its appends (none on a store without inline rows). */
export function inlineProjectionsOf(store: Pick<EventStore, 'inlineRows'>, aggregate: string): readonly RowProjection<object>[] {
  return store.inlineRows ? (byAggregate.get(aggregate) ?? []) : [];
}

/** The rows of each inline read model of one stream, as its events leave them, by projection name. */
export type StreamRows = ReadonlyMap<string, ReadonlyMap<RowKey, object>>;

/**
 * The rows of `projections` folded from the events of `stream`, from nothing (a fresh load). An
 * insert-only table's rows are not held: the table keeps what it stored first, so a command need
 * not know them (an order's shipments only grow).
 */
export function foldStream(projections: readonly RowProjection<object>[], stream: string, events: readonly RecordedEvent[]): StreamRows {
  const out = new Map<string, ReadonlyMap<RowKey, object>>();
  for (const p of projections) {
    if (p.fold.insertOnly) {
      out.set(p.name, new Map());
      continue;
    }
    const rows = new RowSet<object>(p.fold, false);
    for (const e of events) if (reads(p, e)) rows.fold(ownEvent(p, stream, e));
    out.set(p.name, new Map(rows.rows));
  }
  return out;
}

/** An event being appended, as a fold may read it: it has no position in the feed yet. */
export function pendingEvent(id: string, type: string, data: unknown, version: number): FoldEvent {
  return {
    id,
    type,
    data,
    version,
    get position(): never {
      throw new Error(`an inline projection's fold read the feed position of ${type}, which its append has not given yet`);
    },
  };
}

/**
 * The rows the new events leave, and the InlineRows that write them with the append; null when
 * the decision deletes a row (the projection deletes it in its turn). `before` is not changed:
 * the rows the events read or change (the fold's keys) are copied before they are folded, the
 * others are shared with it.
 */
export function inlineWrite(
  projections: readonly RowProjection<object>[],
  stream: string,
  before: StreamRows,
  events: readonly FoldEvent[],
): { rows: StreamRows; writes: InlineRows[] } | null {
  const rows = new Map<string, ReadonlyMap<RowKey, object>>();
  const writes: InlineRows[] = [];
  for (const p of projections) {
    const set = new RowSet<object>(p.fold, false);
    const own = events.filter((e) => reads(p, e)).map((e) => ownEvent(p, stream, e));
    const prior = p.fold.insertOnly ? new Map<RowKey, object>() : (before.get(p.name) ?? new Map<RowKey, object>());
    for (const e of own)
      for (const key of p.fold.keys(e)) {
        const row = prior.get(key);
        if (row && !set.rows.has(key)) set.seed(key, structuredClone(row));
      }
    for (const e of own) set.fold(e);
    const touched = [...set.rows];
    const changes = set.takeChanges();
    if (changes.deletes.length > 0) return null;
    rows.set(p.name, p.fold.insertOnly ? prior : new Map([...prior, ...touched]));
    const fold = p.fold;
    for (const json of changes.upserts)
      writes.push({ table: fold.table, json, upsert: (param, guard) => inlineUpsert(fold, param, guard) });
  }
  return { rows, writes };
}

/** Whether the projection reads events of this type (an aggregate's stream holds others too). */
function reads(p: RowProjection, event: FoldEvent): boolean {
  return p.eventTypes.includes(event.type);
}

/** `event`, once checked to touch only rows of its own stream (what RowFold.inline promises). */
function ownEvent<E extends FoldEvent>(p: RowProjection, stream: string, event: E): E {
  const { aggregate, owner } = p.fold.inline!;
  const owners = owner ? [owner(event)] : p.fold.keys(event);
  if (owners.some((k) => `${aggregate}-${k}` !== stream))
    throw new Error(`${p.name} is declared inline, but ${event.type} of ${stream} touches rows of ${aggregate} ${owners.join(', ')}`);
  return event;
}
