/**
 * Deep pages of a long list without skipping: a list remembers where some of its deep rows were
 * (an anchor: the row's place, its sort key and the list's last move when it was read), and a
 * later page past an anchor seeks to the anchor's key and skips only the rows between. Page 2,000
 * of 4,000 skips 25 rows that way instead of 50,000.
 *
 * An anchor holds only while the list has not moved since it was read; the query that uses it
 * checks that in its own statement and falls back to skipping when the list moved, so a page is
 * always the rows at its place at the time of the request. What is kept here is a hint: losing
 * it (another instance, a restart, eviction) only costs the skip.
 *
 * Kept per database handle (a test process opens several databases), a bounded number of lists
 * and of anchors per list, the oldest dropped first.
 */

/** Where a list last moved: a feed position (src/eventstore/port.ts Position), as decimal strings. */
export interface ListMove {
  a: string;
  b: string;
}

export interface Anchor {
  /** The row's place in the list (0 is the first row). */
  place: number;
  /** The row's sort key, as the query reads and binds it back (lossless text). */
  key: readonly string[];
  /** The list's last move when the row was read there. */
  moved: ListMove;
}

export interface ListAnchorOptions {
  /** Pages that start before this place skip their rows (cheap there); deeper ones use and leave anchors. */
  deepFrom: number;
  /** Anchors kept per list. */
  perList: number;
  /** Lists kept per database. */
  lists: number;
}

const DEFAULTS: ListAnchorOptions = { deepFrom: 1000, perList: 64, lists: 256 };

export class ListAnchors {
  private readonly byList = new Map<string, Anchor[]>();
  /** Pages served from an anchor, and pages that found theirs outdated (for tests and the curious). */
  readonly counts = { sought: 0, outdated: 0 };

  constructor(readonly options: ListAnchorOptions = DEFAULTS) {}

  /** Whether a page starting at `place` is deep enough to use and leave anchors. */
  deep(place: number): boolean {
    return place >= this.options.deepFrom;
  }

  /** The anchor closest before `place` in `list` (the page then seeks past it), if any. */
  before(list: string, place: number): Anchor | undefined {
    if (!this.deep(place)) return undefined;
    let best: Anchor | undefined;
    for (const anchor of this.byList.get(list) ?? []) {
      if (anchor.place < place && (!best || anchor.place > best.place)) best = anchor;
    }
    return best;
  }

  /**
   * What a deep page read: `anchor` is its last row; `outdated` says the anchor it was given no
   * longer held (the list moved), so every anchor of the list is forgotten before it is kept.
   */
  remember(list: string, anchor: Anchor, outdated: boolean): void {
    if (outdated) this.counts.outdated++;
    // Anchors read before the list's last move are outdated together: keep only those of the newest move.
    const kept = (this.byList.get(list) ?? []).filter((a) => a.place !== anchor.place && sameMove(a.moved, anchor.moved));
    kept.push(anchor);
    if (kept.length > this.options.perList) kept.shift();
    this.byList.delete(list);
    this.byList.set(list, kept);
    if (this.byList.size > this.options.lists) this.byList.delete(this.byList.keys().next().value as string);
  }
}

const sameMove = (x: ListMove, y: ListMove) => x.a === y.a && x.b === y.b;

const byDatabase = new WeakMap<object, ListAnchors>();

/** The anchors of the lists read through `database` (a knex instance): one set per database. */
export function listAnchors(database: object, options?: Partial<ListAnchorOptions>): ListAnchors {
  let anchors = byDatabase.get(database);
  if (!anchors || options) {
    anchors = new ListAnchors({ ...DEFAULTS, ...options });
    byDatabase.set(database, anchors);
  }
  return anchors;
}
