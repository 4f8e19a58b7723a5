import type { Context } from 'koa';
import { PAGE_TEMPLATES, type PageLanguage, type PageText } from '../../../commands/content-pages/events.ts';
import type { VendorPageRow } from '../../../queries/content-pages/listVendorPages.ts';
import { LANGUAGE_INFO, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import { renderMarkdown } from '../../core/markdown.ts';
import { ContentPageUpdate, VendorContentPageCreate } from '../../http/schemas/contentPages.ts';
import { validBody } from '../../http/validation.ts';
import {
  card,
  checkbox,
  dataTable,
  formatDate,
  formatDateTime,
  input,
  linkButton,
  pill,
  postForm,
  select,
  textarea,
  type Column,
} from '../backOffice/components.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { field } from '../forms.ts';
import { html, raw, type Html } from '../html.ts';
import { cpt, type ContentText } from './texts.ts';

/**
 * The content page editor of both back offices: one language version at a time (tabs for the
 * four), the page's settings (slug, template, navigation placement, position, main language),
 * saved as a draft or published; "Preview" renders the typed Markdown as the shop will (the
 * shop's own sanitising renderer) without saving. Also the list's table and the outdated-override
 * flag: an override older than the platform default it replaces.
 */
export interface Draft {
  slug: string;
  template: string;
  sort_order: number;
  default_language: PageLanguage;
  show_in_header: boolean;
  show_in_footer: boolean;
  show_in_legal: boolean;
  translations: Partial<Record<PageLanguage, PageText>>;
}

export const emptyDraft = (language: PageLanguage): Draft => ({
  slug: '',
  template: 'default',
  sort_order: 0,
  default_language: language,
  show_in_header: false,
  show_in_footer: false,
  show_in_legal: false,
  translations: {},
});

export const draftOf = (p: Draft): Draft => ({
  slug: p.slug,
  template: p.template,
  sort_order: p.sort_order,
  default_language: p.default_language,
  show_in_header: p.show_in_header,
  show_in_footer: p.show_in_footer,
  show_in_legal: p.show_in_legal,
  translations: p.translations ?? {},
});

/** The language version the editor shows: `?lang=` (or the posted `lang`), else the page's main language. */
export function editedLanguage(ctx: Context, fallback: PageLanguage): PageLanguage {
  const v = typeof ctx.query.lang === 'string' ? ctx.query.lang : field(ctx, 'lang');
  return (LANGUAGES as readonly string[]).includes(v) ? (v as PageLanguage) : fallback;
}

export const pageTitleOf = (
  p: { translations: Partial<Record<PageLanguage, PageText>>; default_language: PageLanguage; slug: string },
  l: LanguageCode,
): string => p.translations[l as PageLanguage]?.title ?? p.translations[p.default_language]?.title ?? p.slug;

/** What the author posted: the settings and the edited language's text, and which button was pressed. */
export function postedDraft(ctx: Context, base: Draft) {
  const language = editedLanguage(ctx, base.default_language);
  const order = Number(field(ctx, 'sort_order'));
  const draft: Draft = {
    slug: field(ctx, 'slug').trim(),
    template: field(ctx, 'template') || 'default',
    sort_order: Number.isInteger(order) ? order : 0,
    default_language: (LANGUAGES as readonly string[]).includes(field(ctx, 'default_language'))
      ? (field(ctx, 'default_language') as PageLanguage)
      : base.default_language,
    show_in_header: field(ctx, 'show_in_header') === 'on',
    show_in_footer: field(ctx, 'show_in_footer') === 'on',
    show_in_legal: field(ctx, 'show_in_legal') === 'on',
    translations: { ...base.translations, [language]: { title: field(ctx, 'title'), body: field(ctx, 'body') } },
  };
  const action = field(ctx, 'action');
  return {
    draft,
    language,
    remove: field(ctx, 'remove_language') === 'on',
    action: action === 'preview' ? 'preview' : action === 'publish' ? 'publish' : 'draft',
  } as const;
}

const settings = (d: Draft) => ({
  slug: d.slug,
  template: d.template,
  sort_order: d.sort_order,
  default_language: d.default_language,
  show_in_header: d.show_in_header,
  show_in_footer: d.show_in_footer,
  show_in_legal: d.show_in_legal,
});

/** A new page's body for the API's schema (the vendor's; the admin's adds vendor_id). */
export function createBody(posted: ReturnType<typeof postedDraft>) {
  const text = posted.draft.translations[posted.language]!;
  return validBody(VendorContentPageCreate, {
    ...settings(posted.draft),
    translations: { [posted.language]: text },
    is_published: posted.action === 'publish',
  });
}

/** A change's body for the API's schema: the settings, the edited language (or its removal), the published flag. */
export function updateBody(posted: ReturnType<typeof postedDraft>) {
  const text = posted.remove ? null : posted.draft.translations[posted.language]!;
  return validBody(ContentPageUpdate, {
    ...settings(posted.draft),
    translations: { [posted.language]: text },
    is_published: posted.action === 'publish',
  });
}

export interface EditorOptions {
  action: string;
  /** Where the language tabs link (the page's editor, or the new page's form). */
  href: string;
  draft: Draft;
  language: PageLanguage;
  /** An existing page's state (published or draft); null for a new page. */
  published: boolean | null;
  preview?: boolean;
  /** The platform default's text when this override is older than it. */
  outdated?: { at: string; text: PageText | null } | null;
  /** Extra hidden fields (the admin's vendor of a new vendor page, the default a new override copies). */
  hidden?: Record<string, string>;
}

export function editor(ctx: Context, viewer: Viewer, o: EditorOptions): Html {
  const l = viewer.language;
  const text = o.draft.translations[o.language] ?? { title: '', body: '' };
  const langTabs = html`<nav class="tabs" aria-label="${cpt(l, 'languages')}">${LANGUAGES.map((code) => {
    const has = Boolean(o.draft.translations[code as PageLanguage]);
    const q = o.href.includes('?') ? '&' : '?';
    return html`<a href="${o.href}${q}lang=${code}"${code === o.language ? html` aria-current="page"` : ''}>${LANGUAGE_INFO[code].native_name}${has ? '' : html` <span class="muted">(${cpt(l, 'missing_language')})</span>`}</a>`;
  })}</nav>`;
  const hidden = Object.entries(o.hidden ?? {}).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
  const canRemove = o.published !== null && o.language !== o.draft.default_language && Boolean(o.draft.translations[o.language]);
  const form = postForm(
    ctx,
    o.action,
    html`${hidden}<input type="hidden" name="lang" value="${o.language}">
<p class="muted">${cpt(l, 'editing', { language: LANGUAGE_INFO[o.language].native_name })}</p>
${input(l, { name: 'title', label: cpt(l, 'title'), value: text.title, required: true, attrs: html` maxlength="200"` })}
${textarea(l, { name: 'body', label: cpt(l, 'body'), value: text.body, hint: cpt(l, 'body_hint'), attrs: html` rows="14" maxlength="100000" spellcheck="true" style="font-family:ui-monospace,monospace"` })}
${canRemove ? checkbox({ name: 'remove_language', label: cpt(l, 'remove_language') }) : ''}
<h3>${cpt(l, 'settings')}</h3><div class="form-grid">
${input(l, { name: 'slug', label: cpt(l, 'slug'), value: o.draft.slug, required: true, hint: cpt(l, 'slug_hint'), attrs: html` maxlength="100" pattern="[a-z0-9]+(-[a-z0-9]+)*"` })}
${select(l, { name: 'template', label: cpt(l, 'template'), value: o.draft.template, required: true, options: PAGE_TEMPLATES.map((t) => [t, cpt(l, `template_${t}` as ContentText)]) })}
${select(l, { name: 'default_language', label: cpt(l, 'default_language'), value: o.draft.default_language, required: true, options: LANGUAGES.map((c) => [c, LANGUAGE_INFO[c].native_name]) })}
${input(l, { name: 'sort_order', label: cpt(l, 'sort_order'), type: 'number', value: o.draft.sort_order, required: true, hint: cpt(l, 'sort_hint'), attrs: html` min="-10000" max="10000" step="1"` })}
</div><fieldset class="field"><legend>${cpt(l, 'placement')}</legend>
${checkbox({ name: 'show_in_header', label: cpt(l, 'in_header'), checked: o.draft.show_in_header })}
${checkbox({ name: 'show_in_footer', label: cpt(l, 'in_footer'), checked: o.draft.show_in_footer })}
${checkbox({ name: 'show_in_legal', label: cpt(l, 'in_legal'), checked: o.draft.show_in_legal })}</fieldset>
<div class="form-actions"><button type="submit" name="action" value="preview" class="ghost">${cpt(l, 'preview')}</button>
<button type="submit" name="action" value="draft">${cpt(l, 'save_draft')}</button>
<button type="submit" name="action" value="publish" class="primary">${cpt(l, 'save_publish')}</button></div>`,
    { id: 'page-editor' },
  );

  const status = o.published === null ? '' : html`<p>${pill(cpt(l, o.published ? 'published' : 'draft'), o.published ? 'ok' : 'warn')}</p>`;
  const preview = o.preview
    ? card(
        cpt(l, 'preview_title', { language: LANGUAGE_INFO[o.language].native_name }),
        html`<p class="muted">${cpt(l, 'preview_note')}</p>
<article class="content-preview" id="preview"><h1>${text.title}</h1>${raw(renderMarkdown(text.body))}</article>`,
      )
    : '';
  const outdated = o.outdated
    ? card(
        cpt(l, 'outdated'),
        html`<div class="flash error" role="status"><span>${cpt(l, 'outdated_long', { date: formatDateTime(o.outdated.at, l) })}</span></div>
${o.outdated.text ? html`<h3>${cpt(l, 'default_text', { language: LANGUAGE_INFO[o.language].native_name })}</h3><article class="content-preview"><h1>${o.outdated.text.title}</h1>${raw(renderMarkdown(o.outdated.text.body))}</article>` : ''}`,
        { id: 'outdated' },
      )
    : '';
  return html`${outdated}<div class="grid sidebar"><div>${card(cpt(l, 'text'), html`${status}${langTabs}${form}`)}</div><div>${preview}</div></div>`;
}

/** The list of pages: title, slug, kind (platform default, override, own), status, placement, the outdated flag. */
export function pageTable(
  ctx: Context,
  viewer: Viewer,
  rows: VendorPageRow[],
  href: (p: VendorPageRow) => string | null,
  extra: Column<VendorPageRow>[] = [],
): Html {
  const l = viewer.language;
  const kind = (p: VendorPageRow) =>
    p.source === 'platform' ? cpt(l, 'source_platform') : p.overrides_default ? cpt(l, 'source_override') : cpt(l, 'source_own');
  return dataTable(
    ctx,
    l,
    [
      {
        label: cpt(l, 'title'),
        cell: (p) => {
          const target = href(p);
          const title = pageTitleOf(p as never, l);
          return html`${target ? html`<a href="${target}"><strong>${title}</strong></a>` : html`<strong>${title}</strong>`}<div class="muted"><code>/${p.slug}</code> · ${Object.keys(p.translations ?? {}).join(', ')}</div>`;
        },
      },
      ...extra,
      {
        label: cpt(l, 'source'),
        cell: (p) =>
          html`${pill(kind(p), p.source === 'platform' ? 'neutral' : 'info')}${p.default_changed_since_override ? html` ${pill(`${cpt(l, 'outdated')} ${formatDate(p.default_changed_at, l)}`, 'warn')}` : ''}`,
      },
      { label: cpt(l, 'status'), cell: (p) => pill(cpt(l, p.is_published ? 'published' : 'draft'), p.is_published ? 'ok' : 'warn') },
      {
        label: cpt(l, 'placement'),
        narrowHide: true,
        cell: (p) =>
          [
            p.show_in_header ? cpt(l, 'in_header') : '',
            p.show_in_footer ? cpt(l, 'in_footer') : '',
            p.show_in_legal ? cpt(l, 'in_legal').split(' (')[0] : '',
          ]
            .filter(Boolean)
            .join(', ') || '—',
      },
      { label: cpt(l, 'updated'), narrowHide: true, cell: (p) => html`<span class="nowrap">${formatDateTime(p.updated_at, l)}</span>` },
    ],
    rows,
    { caption: cpt(l, 'pages') },
  );
}

/** The history tab's "as of": the page's status, settings and each language's text as it was. */
export const pageAsOf =
  (l: LanguageCode) =>
  (state: unknown): Html => {
    const s = state as Partial<Draft> & { status?: string };
    if (!s || (s.status !== 'draft' && s.status !== 'published')) return html`<p>${pill(s?.status ?? '—', 'bad')}</p>`;
    return html`<p>${pill(cpt(l, s.status === 'published' ? 'published' : 'draft'), s.status === 'published' ? 'ok' : 'warn')} <code>/${s.slug}</code></p>
${Object.entries(s.translations ?? {}).map(([code, t]) => html`<h3>${LANGUAGE_INFO[code as LanguageCode]?.native_name ?? code}: ${t!.title}</h3><pre style="white-space:pre-wrap">${t!.body}</pre>`)}`;
  };

export const shopLink = (l: LanguageCode, vendorCode: string, slug: string) =>
  linkButton(`/vendors/${vendorCode}/${slug}`, cpt(l, 'view_on_shop'), 'ghost', 'globe');
