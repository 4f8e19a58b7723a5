import type { Context } from 'koa';
import { dateTimeFormat, numberFormat } from '../../core/intlFormats.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { csrfInput } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { icon, type IconName } from './icons.ts';
import { bt } from './texts.ts';

/**
 * The pieces back-office pages are made of, so that every page of every area looks and behaves the
 * same: cards, figures, tables with sorting and pages, filters, status pills, forms and buttons
 * that post with the form token, tabs, progress and a time line. Each returns escaped markup.
 */

export type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'accent' | 'neutral';

/** A status in words, coloured by its tone. */
export const pill = (text: string, tone: Tone = 'neutral'): Html =>
  html`<span class="pill ${tone === 'neutral' ? '' : tone}">${text}</span>`;

export function card(
  title: string | Html | null,
  body: Html,
  options: { actions?: Html; footer?: Html; flush?: boolean; id?: string; refreshMs?: number } = {},
): Html {
  const id = options.id ? html` id="${options.id}"` : '';
  const refresh = options.refreshMs ? html` data-refresh="${options.refreshMs}"` : '';
  return html`<section class="card"${id}${refresh}>${title !== null ? html`<header><h2>${title}</h2>${options.actions ?? ''}</header>` : ''}
<div class="body${options.flush ? ' flush' : ''}">${body}</div>${options.footer ? html`<footer>${options.footer}</footer>` : ''}</section>`;
}

export interface Tile {
  label: string;
  value: string | number;
  hint?: string | Html;
  href?: string;
  tone?: 'warn' | 'bad';
}

export const tiles = (items: Tile[]): Html =>
  html`<div class="tiles">${items.map((t) => {
    const inner = html`<div class="label">${t.label}</div><div class="value">${t.value}</div>${t.hint ? html`<div class="hint">${t.hint}</div>` : ''}`;
    return t.href
      ? html`<a class="tile ${t.tone ?? ''}" href="${t.href}">${inner}</a>`
      : html`<div class="tile ${t.tone ?? ''}">${inner}</div>`;
  })}</div>`;

export const facts = (rows: [string, Html | string | number | null | undefined][]): Html =>
  html`<dl class="facts">${rows.map(([term, value]) => html`<dt>${term}</dt><dd>${value ?? html`<span class="muted">—</span>`}</dd>`)}</dl>`;

export const emptyState = (text: string, action?: Html, iconName: IconName = 'list'): Html =>
  html`<div class="empty">${icon(iconName)}<p>${text}</p>${action ?? ''}</div>`;

/** The query of the current page with some parameters replaced (undefined or '' removes one). */
export function withQuery(ctx: Context, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(ctx.query)) {
    if (typeof v === 'string') params.set(k, v);
  }
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === '') params.delete(k);
    else params.set(k, String(v));
  }
  const q = params.toString();
  return q ? `${ctx.path}?${q}` : ctx.path;
}

export interface Column<R> {
  label: string;
  cell(row: R): Html | string | number | null;
  /** The value of the list's `sort` parameter this column sorts by. */
  sort?: string;
  num?: boolean;
  /** Hidden on a phone. */
  narrowHide?: boolean;
}

/** A table of rows; sortable columns link to the same page sorted by them (a second click reverses). */
export function dataTable<R>(
  ctx: Context,
  language: LanguageCode,
  columns: Column<R>[],
  rows: R[],
  options: { empty?: Html; caption?: string } = {},
): Html {
  if (rows.length === 0)
    return options.empty ?? emptyState(bt(language, Object.keys(ctx.query).some((k) => k !== 'page') ? 'no_match' : 'no_results'));
  const current = typeof ctx.query.sort === 'string' ? ctx.query.sort : '';
  const head = columns.map((c) => {
    const cls = [c.num ? 'num' : '', c.narrowHide ? 'hide-narrow' : ''].filter(Boolean).join(' ');
    if (!c.sort) return html`<th scope="col" class="${cls}">${c.label}</th>`;
    const active = current === c.sort || current === `-${c.sort}`;
    const next = current === c.sort ? `-${c.sort}` : c.sort;
    const sortState = active ? html` aria-sort="${current.startsWith('-') ? 'descending' : 'ascending'}"` : '';
    const arrow = active ? (current.startsWith('-') ? ' ↓' : ' ↑') : '';
    return html`<th scope="col" class="${cls}"${sortState}><a href="${withQuery(ctx, { sort: next, page: undefined })}" title="${bt(language, 'sort_by', { column: c.label })}"${sortState}>${c.label}${arrow}</a></th>`;
  });
  const body = rows.map(
    (r) =>
      html`<tr>${columns.map((c) => {
        const cls = [c.num ? 'num' : '', c.narrowHide ? 'hide-narrow' : ''].filter(Boolean).join(' ');
        return html`<td class="${cls}">${c.cell(r)}</td>`;
      })}</tr>`,
  );
  return html`<div class="table-wrap"><table class="data">${options.caption ? html`<caption class="visually-hidden">${options.caption}</caption>` : ''}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

export interface PageInfo {
  page: number;
  limit: number;
  total: number;
  total_exact?: boolean;
}

/** "1–20 of 345" and the previous / next links of a list. */
export function pager(ctx: Context, language: LanguageCode, p: PageInfo): Html {
  if (p.total === 0) return html``;
  const pages = Math.max(1, Math.ceil(p.total / p.limit));
  const from = (p.page - 1) * p.limit + 1;
  const to = Math.min(p.total, p.page * p.limit);
  const counted = bt(language, p.total_exact === false ? 'showing_about' : 'showing', {
    from,
    to,
    total: numberFormat(language).format(p.total),
  });
  const prev =
    p.page > 1
      ? html`<a class="button small" rel="prev" href="${withQuery(ctx, { page: p.page - 1 })}">${bt(language, 'previous')}</a>`
      : html`<span class="button small" aria-disabled="true">${bt(language, 'previous')}</span>`;
  const next =
    p.page < pages
      ? html`<a class="button small" rel="next" href="${withQuery(ctx, { page: p.page + 1 })}">${bt(language, 'next')}</a>`
      : html`<span class="button small" aria-disabled="true">${bt(language, 'next')}</span>`;
  return html`<div class="pager"><span>${counted}</span><nav aria-label="${bt(language, 'page_of', { page: p.page, pages })}">${prev}${next}</nav></div>`;
}

export type FilterField =
  | { name: string; label: string; type: 'text' | 'search' | 'date' | 'datetime-local' | 'number'; placeholder?: string; grow?: boolean }
  | { name: string; label: string; type: 'select'; options: [value: string, label: string][] };

/** A list's filters: a GET form of the same page (pages reset to the first), with a reset link. */
export function filters(ctx: Context, language: LanguageCode, fields: FilterField[]): Html {
  const value = (name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : '');
  const keep = typeof ctx.query.sort === 'string' ? html`<input type="hidden" name="sort" value="${ctx.query.sort}">` : '';
  return html`<form class="filters" method="get" action="${ctx.path}" role="search">${keep}${fields.map((f) => {
    const id = `f-${f.name}`;
    if (f.type === 'select') {
      return html`<div class="field"><label for="${id}">${f.label}</label><select id="${id}" name="${f.name}"><option value="">${bt(language, 'all')}</option>${f.options.map(
        ([v, l]) => html`<option value="${v}"${value(f.name) === v ? html` selected` : ''}>${l}</option>`,
      )}</select></div>`;
    }
    return html`<div class="field${f.grow ? ' grow' : ''}"><label for="${id}">${f.label}</label><input id="${id}" type="${f.type}" name="${f.name}" value="${value(f.name)}"${f.placeholder ? html` placeholder="${f.placeholder}"` : ''}></div>`;
  })}<div class="form-actions"><button type="submit" class="primary">${icon('search')}${bt(language, 'filter')}</button><a class="button ghost" href="${ctx.path}">${bt(language, 'reset')}</a></div></form>`;
}

export interface InputOptions {
  label: string;
  name: string;
  type?: string;
  value?: string | number | null;
  required?: boolean;
  hint?: string;
  problem?: string | null;
  placeholder?: string;
  attrs?: Html;
  span2?: boolean;
}

function fieldShell(language: LanguageCode, o: InputOptions, control: Html): Html {
  const tag = o.required ? '' : html` <span class="tag">(${bt(language, 'optional')})</span>`;
  return html`<div class="field${o.span2 ? ' span-2' : ''}"><label for="i-${o.name}">${o.label}${tag}</label>${control}${o.hint ? html`<div class="hint" id="h-${o.name}">${o.hint}</div>` : ''}${o.problem ? html`<div class="problem" id="p-${o.name}">${o.problem}</div>` : ''}</div>`;
}

const describedBy = (o: InputOptions) => {
  const ids = [o.hint ? `h-${o.name}` : '', o.problem ? `p-${o.name}` : ''].filter(Boolean).join(' ');
  return ids ? html` aria-describedby="${ids}"` : '';
};

export const input = (language: LanguageCode, o: InputOptions): Html =>
  fieldShell(
    language,
    o,
    html`<input id="i-${o.name}" name="${o.name}" type="${o.type ?? 'text'}" value="${o.value ?? ''}"${o.required ? html` required` : ''}${o.placeholder ? html` placeholder="${o.placeholder}"` : ''}${o.problem ? html` aria-invalid="true"` : ''}${describedBy(o)}${o.attrs ?? ''}>`,
  );

export const textarea = (language: LanguageCode, o: InputOptions): Html =>
  fieldShell(
    language,
    o,
    html`<textarea id="i-${o.name}" name="${o.name}"${o.required ? html` required` : ''}${o.problem ? html` aria-invalid="true"` : ''}${describedBy(o)}${o.attrs ?? ''}>${o.value ?? ''}</textarea>`,
  );

export const select = (language: LanguageCode, o: InputOptions & { options: [value: string, label: string][] }): Html =>
  fieldShell(
    language,
    o,
    html`<select id="i-${o.name}" name="${o.name}"${o.required ? html` required` : ''}${describedBy(o)}${o.attrs ?? ''}>${o.options.map(
      ([v, l]) => html`<option value="${v}"${String(o.value ?? '') === v ? html` selected` : ''}>${l}</option>`,
    )}</select>`,
  );

export const checkbox = (o: { label: string; name: string; checked?: boolean; value?: string }): Html =>
  html`<div class="field"><label class="check"><input type="checkbox" name="${o.name}" value="${o.value ?? 'on'}"${o.checked ? html` checked` : ''}> ${o.label}</label></div>`;

/** A form that posts to the same commands as the API, with the form token. */
export function postForm(
  ctx: Context,
  action: string,
  content: Html,
  options: { confirm?: string; multipart?: boolean; className?: string; id?: string } = {},
): Html {
  return html`<form method="post" action="${action}"${options.multipart ? html` enctype="multipart/form-data"` : ''}${options.confirm ? html` data-confirm="${options.confirm}"` : ''}${options.className ? html` class="${options.className}"` : ''}${options.id ? html` id="${options.id}"` : ''}>${csrfInput(ctx)}${content}</form>`;
}

/** One button that posts (an action on a record), optionally with hidden fields and a confirmation. */
export function postButton(
  ctx: Context,
  action: string,
  label: string,
  options: { tone?: 'primary' | 'danger' | 'small' | 'ghost'; confirm?: string; fields?: Record<string, string | number> } = {},
): Html {
  const hidden = Object.entries(options.fields ?? {}).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
  return postForm(ctx, action, html`${hidden}<button type="submit" class="${options.tone ?? ''}">${label}</button>`, {
    confirm: options.confirm,
    className: 'inline',
  });
}

export const linkButton = (
  href: string,
  label: string,
  tone: 'primary' | 'danger' | 'small' | 'ghost' | '' = '',
  iconName?: IconName,
): Html => html`<a class="button ${tone}" href="${href}">${iconName ? icon(iconName) : ''}${label}</a>`;

export const tabs = (items: { href: string; label: string; current?: boolean }[]): Html =>
  html`<nav class="tabs">${items.map((t) => html`<a href="${t.href}"${t.current ? html` aria-current="page"` : ''}>${t.label}</a>`)}</nav>`;

/**
 * A progress bar; while the work runs, `refreshMs` lets the page's script fetch the page again
 * and replace this element (it needs a stable `id`), until the finished version stops asking.
 */
export function progressBar(options: {
  id: string;
  percent: number | null;
  label: string;
  detail?: string;
  state?: 'running' | 'done' | 'failed';
  refreshMs?: number;
}): Html {
  const state = options.state ?? 'running';
  const pct = options.percent === null ? null : Math.max(0, Math.min(100, Math.round(options.percent)));
  const refresh = state === 'running' && options.refreshMs ? html` data-refresh="${options.refreshMs}"` : '';
  const cls = state === 'running' ? (pct === null ? 'indeterminate' : '') : state;
  return html`<div id="${options.id}"${refresh}><div class="progress ${cls}" role="progressbar" aria-label="${options.label}" aria-valuemin="0" aria-valuemax="100"${pct === null ? '' : html` aria-valuenow="${pct}"`}><span style="width:${pct ?? 30}%"></span></div>
<div class="progress-label"><span>${options.label}</span><span>${options.detail ?? (pct === null ? '' : `${pct} %`)}</span></div></div>`;
}

export interface TimelineItem {
  when: string;
  title: Html | string;
  detail?: Html | string;
}

export const timeline = (items: TimelineItem[]): Html =>
  html`<ol class="timeline">${items.map((i) => html`<li><div class="when">${i.when}</div><div><strong>${i.title}</strong></div>${i.detail ? html`<div>${i.detail}</div>` : ''}</li>`)}</ol>`;

/** A date and time in the viewer's language (UTC, as the service keeps them). */
export function formatDateTime(value: string | Date | null | undefined, language: LanguageCode): string {
  if (!value) return '—';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return dateTimeFormat(language === 'lb' ? 'de-LU' : language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(d);
}

export function formatDate(value: string | Date | null | undefined, language: LanguageCode): string {
  if (!value) return '—';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return dateTimeFormat(language === 'lb' ? 'de-LU' : language, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** An amount of cents in a currency, in the viewer's language. */
export function formatMoney(cents: number | string | null | undefined, currency: string, language: LanguageCode): string {
  if (cents === null || cents === undefined || cents === '') return '—';
  return numberFormat(language === 'lb' ? 'de-LU' : language, { style: 'currency', currency }).format(Number(cents) / 100);
}

export const formatNumber = (n: number | string, language: LanguageCode): string =>
  numberFormat(language === 'lb' ? 'de-LU' : language).format(Number(n));
