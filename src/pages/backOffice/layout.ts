import type { Context } from 'koa';
import { LANGUAGE_INFO, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { csrfInput } from '../forms.ts';
import { html, page, type Html } from '../html.ts';
import { BACK_OFFICE_SCRIPT, BACK_OFFICE_STYLE, FAVICON } from './assets.ts';
import { takeFlash } from './flash.ts';
import { icon } from './icons.ts';
import { backOfficeOf, can, hasFeature, NAV_SECTIONS, type BackOfficeArea, type NavEntry, type Viewer } from './registry.ts';
import { bt, type BackOfficeText } from './texts.ts';

/**
 * The frame of every back-office page (ARCHITECTURE.md "Modules, pages": one layout per area):
 * the sidebar with the navigation the viewer may use, the header with the breadcrumbs, the counts
 * (unread messages, notifications), the language switch and the account, then the page.
 * Headers: no inline script (the service's own file), nothing cached, never sniffed.
 */
export const BACK_OFFICE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export interface Crumb {
  label: string;
  href?: string;
}

export interface BackOfficePage {
  title: string;
  /** The navigation entry the page belongs to (marked current). */
  nav?: string;
  /** Under the title. */
  subtitle?: Html | string;
  /** Before the title; the area's home comes first by itself. */
  crumbs?: Crumb[];
  /** Buttons and links beside the title. */
  actions?: Html;
  body: Html;
  notice?: string | null;
  error?: string | null;
  /** An area's own style or script for this page (the service's own files only: CSP script-src 'self'). */
  head?: Html;
}

function headers(ctx: Context, language: LanguageCode, status: number): void {
  ctx.status = status;
  ctx.set('Content-Security-Policy', BACK_OFFICE_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Language', language);
  ctx.vary('Cookie');
  ctx.type = 'text/html; charset=utf-8';
}

const head = (extra?: Html): Html =>
  html`<link rel="icon" href="${FAVICON}" type="image/svg+xml"><link rel="stylesheet" href="${BACK_OFFICE_STYLE}"><script src="${BACK_OFFICE_SCRIPT}" defer></script>${extra ?? ''}`;

const areaName = (area: BackOfficeArea, language: LanguageCode) => bt(language, area === 'vendor' ? 'vendor_area' : 'admin_area');

const initials = (name: string) =>
  name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

function navLink(entry: NavEntry, viewer: Viewer, current: string | undefined, services: Services): Html {
  const label = entry.label[viewer.language] ?? entry.label.en;
  const currentAttr = entry.key === current ? html` aria-current="page"` : '';
  if (!hasFeature(viewer, entry.feature)) {
    // A gated area stays visible: it says what it is and where its plan is explained, never a dead link.
    const feature = backOfficeOf(services).describeFeature(entry.feature!);
    const title = feature ? bt(viewer.language, 'feature_title', { feature: feature.name }) : bt(viewer.language, 'locked');
    return html`<li><a class="locked" href="/vendor/plan/features/${entry.feature!}" title="${title}"${currentAttr}>${entry.icon ? icon(entry.icon) : ''}<span>${label}</span>${icon('lock', 'icon lock')}<span class="visually-hidden"> (${bt(viewer.language, 'locked')})</span></a></li>`;
  }
  return html`<li><a href="${entry.href}"${currentAttr}>${entry.icon ? icon(entry.icon) : ''}<span>${label}</span></a></li>`;
}

function navigation(services: Services, viewer: Viewer, current: string | undefined): Html {
  const entries = backOfficeOf(services)
    .navigation(viewer.area)
    .filter((e) => can(viewer, e.permission));
  const sections = NAV_SECTIONS.map((section) => ({ section, entries: entries.filter((e) => e.section === section) })).filter(
    (s) => s.entries.length > 0,
  );
  return html`<nav class="bo-nav" aria-label="${areaName(viewer.area, viewer.language)}">${sections.map(
    (s) =>
      html`<h2>${bt(viewer.language, `section_${s.section}` as BackOfficeText)}</h2><ul>${s.entries.map((e) => navLink(e, viewer, current, services))}</ul>`,
  )}</nav>`;
}

async function counts(services: Services, viewer: Viewer): Promise<Html> {
  const all = backOfficeOf(services).counts(viewer.area);
  const values = await Promise.all(all.map((c) => c.count(services, viewer).catch(() => 0)));
  return html`<div class="counts" id="bo-counts" data-refresh="30000">${all.map((c, i) => {
    const label = c.label[viewer.language] ?? c.label.en;
    const n = values[i] ?? 0;
    return html`<a class="count" href="${c.href}" title="${label}" aria-label="${label}: ${n}">${icon(c.key === 'messages' ? 'message' : 'bell')}<span class="n" data-count="${n}">${n > 99 ? '99+' : n}</span></a>`;
  })}</div>`;
}

/** The language switch: a GET form (works without JavaScript), sent on change with it. */
export function languageSwitch(ctx: Context, language: LanguageCode, area: BackOfficeArea): Html {
  return html`<form class="lang" method="get" action="/${area}/language"><input type="hidden" name="return" value="${ctx.originalUrl}">
<label class="visually-hidden" for="bo-lang">${bt(language, 'language')}</label><select id="bo-lang" name="lang" data-autosubmit>${LANGUAGES.map(
    (l) => html`<option value="${l}"${l === language ? html` selected` : ''}>${LANGUAGE_INFO[l].native_name}</option>`,
  )}</select><button type="submit" class="small">${bt(language, 'apply')}</button></form>`;
}

function crumbs(viewer: Viewer, p: BackOfficePage): Html {
  const home = { label: bt(viewer.language, 'home'), href: `/${viewer.area}` };
  const all: Crumb[] = [home, ...(p.crumbs ?? []), { label: p.title }];
  return html`<div class="crumbs">${all.map((c, i) => (c.href && i < all.length - 1 ? html`<a href="${c.href}">${c.label}</a>` : html`<span${i === all.length - 1 ? html` aria-current="page"` : ''}>${c.label}</span>`))}</div>`;
}

/** Renders a back-office page for a signed-in viewer. */
export async function renderBackOffice(ctx: Context, services: Services, viewer: Viewer, p: BackOfficePage, status = 200): Promise<void> {
  const { language, area } = viewer;
  const flash = takeFlash(ctx);
  const notice = p.notice ?? (flash?.kind === 'notice' ? flash.text : null);
  const error = p.error ?? (flash?.kind === 'error' ? flash.text : null);
  const tenant = viewer.vendor
    ? html`<div class="bo-tenant"><small>${viewer.planName ?? ''}</small><strong>${viewer.vendor.name}</strong></div>`
    : '';
  const body = html`<a class="skip" href="#content">${bt(language, 'skip')}</a>
<div class="bo bo-${area}">
<aside class="bo-side">
  <div class="bo-brand"><span class="mark" aria-hidden="true">${area === 'vendor' ? 'V' : 'A'}</span><div><strong>Commerce</strong><small>${areaName(area, language)}</small></div></div>
  <input type="checkbox" id="bo-menu" class="visually-hidden"><label for="bo-menu" class="button small bo-menu-toggle">${bt(language, 'menu')}</label>
  <div class="bo-collapsible">${tenant}${navigation(services, viewer, p.nav)}</div>
</aside>
<div class="bo-main">
  <header class="bo-top">${crumbs(viewer, p)}${await counts(services, viewer)}${languageSwitch(ctx, language, area)}
    <div class="bo-user"><span class="avatar" aria-hidden="true">${initials(viewer.userName)}</span><span class="who">${viewer.userName}<small>${viewer.role}</small></span>
    <form method="post" action="/${area}/logout">${csrfInput(ctx)}<button type="submit" class="ghost small" title="${bt(language, 'sign_out')}">${icon('logout')}<span class="visually-hidden">${bt(language, 'sign_out')}</span></button></form></div>
  </header>
  <main class="bo-content" id="content" tabindex="-1">
    ${notice ? html`<div class="flash notice" role="status">${icon('check')}<span>${notice}</span></div>` : ''}
    ${error ? html`<div class="flash error" role="alert">${icon('alert')}<span>${error}</span></div>` : ''}
    <div class="page-head"><div><h1>${p.title}</h1>${p.subtitle ? html`<p class="sub">${p.subtitle}</p>` : ''}</div>${p.actions ? html`<div class="actions">${p.actions}</div>` : ''}</div>
    ${p.body}
  </main>
</div>
</div>`;
  headers(ctx, language, status);
  ctx.body = page({ lang: language, title: `${p.title} · ${areaName(area, language)}`, head: head(p.head), body });
}

/** A page of the frame without a signed-in viewer: the sign-in form, a refusal before sign-in. */
export function renderAuthPage(
  ctx: Context,
  options: {
    area: BackOfficeArea;
    language: LanguageCode;
    title: string;
    body: Html;
    error?: string | null;
    notice?: string | null;
    /** A wider panel (the public pricing and signup pages); `head` adds to the page's head (a page's own script). */
    wide?: boolean;
    head?: Html;
  },
  status = 200,
): void {
  const { area, language } = options;
  const body = html`<div class="auth bo-${area}"><div class="panel${options.wide ? ' wide' : ''}">
<div class="brand"><span class="mark" aria-hidden="true">${area === 'vendor' ? 'V' : 'A'}</span><div><strong>Commerce</strong><small>${areaName(area, language)}</small></div></div>
${options.notice ? html`<div class="flash notice" role="status">${options.notice}</div>` : ''}
${options.error ? html`<div class="flash error" role="alert">${icon('alert')}<span>${options.error}</span></div>` : ''}
${options.body}</div></div>`;
  headers(ctx, language, status);
  ctx.body = page({ lang: language, title: `${options.title} · ${areaName(area, language)}`, head: head(options.head), body });
}
