import { html, raw, type Html } from '../html.ts';

/**
 * Charts drawn on the server as SVG (no chart library, no script): a page shows them without
 * JavaScript, prints them, and a screen reader gets the table of values beside each one.
 */
export interface Series {
  label: string;
  values: number[];
  /** How a value reads on the axis and in the table (money, counts). */
  format?: (v: number) => string;
}

const W = 720;
const H = 240;
const PAD = { left: 56, right: 16, top: 14, bottom: 30 };

/** A round upper bound of the axis: four equal steps of 1, 2, 2.5 or 5 times a power of ten. */
function niceMax(max: number): number {
  if (max <= 0) return 4;
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((s) => s * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  return step * 4;
}

const num = (v: number) => (Math.round(v * 10) / 10).toString();

function axes(labels: string[], max: number, format: (v: number) => string): string {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  let out = '';
  for (let i = 0; i <= 4; i++) {
    const y = PAD.top + plotH - (plotH * i) / 4;
    out += `<line class="grid-line" x1="${PAD.left}" x2="${W - PAD.right}" y1="${num(y)}" y2="${num(y)}"/>`;
    out += `<text class="axis" x="${PAD.left - 8}" y="${num(y + 4)}" text-anchor="end">${escapeText(format((max * i) / 4))}</text>`;
  }
  const every = Math.max(1, Math.ceil(labels.length / 8));
  labels.forEach((label, i) => {
    // Every `every`-th label and the last one, but not a regular one so close to the last that the two would overlap.
    const last = labels.length - 1;
    if (i !== last && (i % every !== 0 || last - i < every / 2)) return;
    const x = PAD.left + (labels.length === 1 ? plotW / 2 : (plotW * i) / (labels.length - 1));
    out += `<text class="axis" x="${num(x)}" y="${H - 8}" text-anchor="middle">${escapeText(label)}</text>`;
  });
  return out;
}

const escapeText = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The values as a table for assistive technology (the chart itself is `aria-hidden`). */
function valuesTable(title: string, labels: string[], series: Series[]): Html {
  return html`<table class="visually-hidden"><caption>${title}</caption><thead><tr><th></th>${series.map((s) => html`<th>${s.label}</th>`)}</tr></thead>
<tbody>${labels.map((l, i) => html`<tr><th>${l}</th>${series.map((s) => html`<td>${(s.format ?? String)(s.values[i] ?? 0)}</td>`)}</tr>`)}</tbody></table>`;
}

/**
 * One or two series over the same labels (days): the first as a line over a shaded area on the
 * left axis; a second one, on its own scale, as a dashed line (its values are in the table and
 * the legend names it).
 */
export function lineChart(title: string, labels: string[], series: Series[]): Html {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const first = series[0];
  if (!first) return html``;
  const max = niceMax(Math.max(0, ...first.values));
  const x = (i: number) => PAD.left + (labels.length <= 1 ? plotW / 2 : (plotW * i) / (labels.length - 1));
  const line = (values: number[], m: number) =>
    values.map((v, i) => `${i === 0 ? 'M' : 'L'}${num(x(i))},${num(PAD.top + plotH - (plotH * v) / m)}`).join(' ');
  let svg = axes(labels, max, first.format ?? String);
  if (labels.length > 0) {
    svg += `<path class="area" d="${line(first.values, max)} L${num(x(labels.length - 1))},${PAD.top + plotH} L${num(x(0))},${PAD.top + plotH} Z"/>`;
    svg += `<path class="line" d="${line(first.values, max)}"/>`;
    const second = series[1];
    if (second)
      svg += `<path class="line second" stroke-dasharray="5 4" d="${line(second.values, niceMax(Math.max(0, ...second.values)))}"/>`;
  }
  return html`<figure class="chart-figure" style="margin:0"><svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-hidden="true" preserveAspectRatio="none">${raw(svg)}</svg>
<figcaption class="legend">${series.map((s, i) => html`<span><i class="${i === 1 ? 'second' : ''}"></i>${s.label}</span>`)}</figcaption>${valuesTable(title, labels, series)}</figure>`;
}

/**
 * Counts per category (orders per status, per channel, subscriptions per tier) as horizontal bars
 * in an HTML table: the category names and values are text at the page's own size, however narrow
 * the card (an SVG scaled into a third of the page drew them at 4 px), the bars are CSS, and the
 * table is what a screen reader reads. Categories stay in the caller's order.
 */
export function barChart(title: string, labels: string[], series: Series): Html {
  const max = Math.max(0, ...series.values);
  const format = series.format ?? String;
  return html`<figure class="chart bar-list" style="margin:0"><table><caption class="visually-hidden">${title} (${series.label})</caption><tbody>
${labels.map((label, i) => {
  const v = series.values[i] ?? 0;
  const width = max > 0 ? Math.round((1000 * v) / max) / 10 : 0;
  return html`<tr><th scope="row">${label}</th><td class="bar-cell"><span class="bar${v === 0 ? ' zero' : ''}" style="width:${String(width)}%"></span></td><td class="num">${format(v)}</td></tr>`;
})}</tbody></table></figure>`;
}
