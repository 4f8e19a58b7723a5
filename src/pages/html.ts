/**
 * The one template approach of the server-rendered pages (ARCHITECTURE.md "HTTP"): tagged
 * template literals that escape every interpolated value unless it is itself a rendered
 * fragment. There is no way to insert a raw string by accident: `raw()` is the explicit door,
 * for trusted markup only.
 *
 *   html`<p>${user.name}</p>`                   → name escaped
 *   html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`   → fragments kept, arrays joined
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ESCAPES[c]);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Trusted markup only (for example a stylesheet bundled with the service). */
export const raw = (markup: string): Html => new Html(markup);

/** A full HTML document with the page's language and title. */
export function page(options: { lang: string; title: string; body: Html; head?: Html }): string {
  return `<!doctype html>\n${
    html`<html lang="${options.lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${options.title}</title>${options.head ?? ''}</head>
<body>${options.body}</body></html>`.value
  }`;
}
