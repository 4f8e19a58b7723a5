import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { LanguageCode } from '../../core/i18n.ts';
import { redactSecrets } from '../../core/redact.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import { deciderOf } from '../../runtime/aggregates.ts';
import { replay, type HistoryStep } from '../../runtime/history.ts';
import type { Services } from '../../runtime/services.ts';
import { card, formatDateTime, linkButton, pill } from '../backOffice/components.ts';
import { html, type Html } from '../html.ts';
import { ht } from './texts.ts';

/**
 * The auditor's view of one record, for any record page of either back office (an order, a stock
 * bin, a product, a vendor, a subscription, a content page, a violation…): the record's events in
 * order with who did it, when, and what changed (the fields of the state that the event moved),
 * and "as of" a chosen time, the record rendered as it was then. It reads the stream and folds it
 * with the area's own decider (src/runtime/history.ts, the same machinery as the history API and
 * `npm run replay`): no second history.
 *
 * The caller has already decided the viewer may see the record (its tenant): the panel shows the
 * stream it is given.
 */
export interface HistoryOptions {
  /** Renders the record's state (as of a time); default: its fields as a list. */
  renderState?: (state: unknown) => Html;
  /** The newest events shown; older ones are paged (`history_page`). */
  pageSize?: number;
  /** Where the record's history downloads as JSON Lines (the admins' export for an outside auditor); no link without it. */
  exportHref?: string;
}

/** `?as_of=` of the record page, as a time (an ISO time or the browser's datetime-local value, UTC). */
export function asOfOf(ctx: Context): Date | null {
  const raw = typeof ctx.query.as_of === 'string' ? ctx.query.as_of.trim() : '';
  if (!raw || raw.length > 40) return null;
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Names of the people who acted: user ids of the events' metadata, looked up once. */
async function actorNames(knex: Knex, events: RecordedEvent[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      events
        .map((e) => e.metadata.user_id)
        .filter((id): id is number => typeof id === 'number' || /^\d+$/.test(String(id)))
        .map(Number),
    ),
  ];
  const rows = ids.length === 0 ? [] : await knex('user_list').whereIn('id', ids).select('id', 'username', 'first_name', 'last_name');
  const names = new Map<string, string>();
  for (const r of rows) names.set(String(r.id), [r.first_name, r.last_name].filter(Boolean).join(' ').trim() || r.username);
  return names;
}

function who(e: RecordedEvent, names: Map<string, string>, language: LanguageCode): string {
  const id = e.metadata.user_id;
  if (id === null || id === undefined) return ht(language, 'system');
  const known = names.get(String(id));
  if (known) return known;
  // A process manager or a scheduled task acts as `system:<name>`.
  return String(id).startsWith('system:') ? `${ht(language, 'system')} (${String(id).slice(7)})` : `${ht(language, 'user')} ${id}`;
}

/** An event type in words: `OrderItemConfirmed` → "Order item confirmed". */
export const eventInWords = (type: string): string => {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A value in one short line; a large collection by its size (it is not written out to be cut at 140 characters). */
const short = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  const size = sizeOf(value);
  if (size > 20) return Array.isArray(value) ? `[… ${size} items]` : `{… ${size} entries}`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 140 ? `${text.slice(0, 137)}…` : text;
};

const sizeOf = (value: unknown): number =>
  value && typeof value === 'object' ? (Array.isArray(value) ? value.length : Object.keys(value).length) : 0;

/** A field of a state in one short line, its secrets redacted (only what is shown is redacted). */
const field = (key: string, value: unknown): string => short(sizeOf(value) > 20 ? value : redactSecrets({ [key]: value })[key]);

/**
 * What an event moved in the state: the values that differ, by their path in it (`status`,
 * `items[1].status`, `pushes.d.d5aaf11a-…`). A decider's evolve keeps what an event did not touch
 * (the same object), so the walk only goes down where references differ, and never writes
 * either state out: a change deep in a large collection is one line, not the collection twice.
 */
function changes(before: unknown, after: unknown): [string, unknown, unknown][] {
  const out: [string, unknown, unknown][] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    // Absent and null read the same ('—'): no change to show.
    if (a === b || (a == null && b == null) || out.length >= MAX_CHANGES) return;
    const arrays = Array.isArray(a) && Array.isArray(b);
    if (path !== '' && !arrays && !(isPlainObject(a) && isPlainObject(b)) && !singleEntry(a, b) && !singleEntry(b, a)) {
      out.push([path, a, b]);
      return;
    }
    const x = (a ?? {}) as Record<string, unknown>;
    const y = (b ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
      walk(x[key], y[key], arrays ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`);
    }
  };
  walk(before && typeof before === 'object' ? before : {}, after && typeof after === 'object' ? after : {}, '');
  return out;
}

const MAX_CHANGES = 12;
/** A keyed collection gaining its first entry (or losing its last): shown by that entry. */
const singleEntry = (absent: unknown, present: unknown): boolean =>
  absent === undefined && isPlainObject(present) && Object.keys(present).length <= 1;
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** The name a path ends with, which says whether its value is a secret (`…owner.password_hash`). */
const lastName = (path: string): string =>
  path
    .replace(/\[\d+\]$/, '')
    .split('.')
    .pop() ?? path;

/** A state as a list of its fields (nested values as compact JSON). */
export function stateFacts(state: unknown): Html {
  if (!state || typeof state !== 'object') return html`<p class="muted">${short(state)}</p>`;
  return html`<dl class="facts">${Object.entries(state as Record<string, unknown>).map(
    ([k, v]) => html`<dt>${k}</dt><dd>${v !== null && typeof v === 'object' ? html`<code>${short(v)}</code>` : short(v)}</dd>`,
  )}</dl>`;
}

/**
 * The history card of a record page: "as of" form, the state at that time when one is chosen, and
 * the events newest first with who, when and what changed. `id` anchors it (`#history`).
 */
export async function recordHistory(
  services: Services,
  ctx: Context,
  language: LanguageCode,
  stream: string,
  options: HistoryOptions = {},
): Promise<Html> {
  const events = await services.store.readStream(stream);
  const decider = deciderOf(stream);
  // Folded without redaction: only the states shown below are redacted.
  const steps = decider ? replay(decider, events, { redact: false }) : events.map((event) => ({ event, state: undefined }));
  const names = await actorNames(services.db.knex, events);
  const asOf = asOfOf(ctx);
  const render = options.renderState ?? stateFacts;

  let asOfView: Html | string = '';
  if (asOf) {
    const upTo = steps.filter((s) => new Date(s.event.recorded_at).getTime() <= asOf.getTime());
    const last = upTo[upTo.length - 1];
    asOfView = html`<div class="card" style="box-shadow:none"><header><h3>${ht(language, 'as_of_title', { time: formatDateTime(asOf, language) })}</h3>
${pill(ht(language, 'events_applied', { count: upTo.length, total: steps.length }), 'accent')}</header>
<div class="body">${last ? (decider ? render(redactSecrets(last.state)) : stateFacts(null)) : html`<p class="muted">${ht(language, 'not_yet')}</p>`}</div></div>`;
  }

  const size = options.pageSize ?? 50;
  const page = Math.max(1, Math.min(10_000, Number(ctx.query.history_page) || 1));
  // The page's steps, newest first, each with the state before it.
  const shown: (HistoryStep & { before: unknown })[] = [];
  for (let i = steps.length - 1 - (page - 1) * size; i >= 0 && shown.length < size; i--) {
    shown.push({ ...steps[i]!, before: i > 0 ? steps[i - 1]!.state : decider?.initialState() });
  }
  const value = asOf ? asOf.toISOString().slice(0, 19) : '';
  const items = shown.map((s) => {
    const moved = decider ? changes(s.before, s.state) : [];
    return html`<li><div class="when"><time datetime="${s.event.recorded_at}">${formatDateTime(s.event.recorded_at, language)}</time> · ${who(s.event, names, language)} · v${s.event.version}
 · <a href="?as_of=${encodeURIComponent(s.event.recorded_at)}#history">${ht(language, 'show_as_of')}</a></div>
<div><strong>${eventInWords(s.event.type)}</strong> <code class="muted">${s.event.type}</code></div>
${
  moved.length > 0
    ? html`<ul class="changes">${moved.map(([k, from, to]) => html`<li><code>${k}</code>: <span class="muted">${field(lastName(k), from)}</span> → ${field(lastName(k), to)}</li>`)}</ul>`
    : html`<div class="muted"><code>${short(redactSecrets(s.event.data))}</code></div>`
}</li>`;
  });
  const pages = Math.max(1, Math.ceil(steps.length / size));
  const nav =
    pages > 1
      ? html`<p class="muted">${ht(language, 'page', { page, pages })}
${page > 1 ? html` <a href="?history_page=${page - 1}#history">${ht(language, 'newer')}</a>` : ''}${page < pages ? html` <a href="?history_page=${page + 1}#history">${ht(language, 'older')}</a>` : ''}</p>`
      : '';

  const form = html`<form method="get" action="${ctx.path}#history" class="filters" style="border:0;padding:0 0 12px">
<input type="hidden" name="tab" value="history"><div class="field"><label for="as_of">${ht(language, 'as_of')}</label><input id="as_of" type="datetime-local" step="1" name="as_of" value="${value}"></div>
<div class="form-actions"><button type="submit">${ht(language, 'show')}</button>${asOf ? html`<a class="button ghost" href="${ctx.path}?tab=history#history">${ht(language, 'now')}</a>` : ''}</div></form>`;

  const exportLink = options.exportHref ? linkButton(options.exportHref, ht(language, 'export'), 'small', 'download') : undefined;
  return html`<div id="history">${card(
    ht(language, 'title', { count: steps.length }),
    html`${form}${asOfView}
${steps.length === 0 ? html`<p class="muted">${ht(language, 'empty')}</p>` : html`<ol class="timeline">${items}</ol>${nav}`}`,
    { actions: exportLink },
  )}</div>`;
}
