/**
 * A user's profile fields (e-mail, user name, names, role, language, and the password when
 * creating) as the forms draw them and as the API's schema reads them, and what the user pages
 * share: the role and state pills and the temporary password shown once.
 */
import { LANGUAGE_INFO, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import type { UserListItem } from '../../../queries/users/listUsers.ts';
import { input, pill, select } from '../backOffice/components.ts';
import { html, type Html } from '../html.ts';
import { ut } from './texts.ts';

export const PROFILE = ['email', 'username', 'first_name', 'last_name', 'preferred_language', 'role'] as const;
export const ROLES = ['admin', 'vendor'] as const;

export const rolePill = (l: LanguageCode, role: string) =>
  pill(role === 'admin' ? ut(l, 'role_admin') : ut(l, 'role_vendor'), role === 'admin' ? 'accent' : 'neutral');
export const statePills = (l: LanguageCode, u: UserListItem) =>
  html`${u.is_active ? pill(ut(l, 'active'), 'ok') : pill(ut(l, 'inactive'), 'bad')}${u.must_change_password ? html` ${pill(ut(l, 'must_change'), 'warn')}` : ''}`;

/** The profile fields as the API's schema reads them: a blank optional name is no name. */
export function profileOf(values: Record<string, string>, names: readonly string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const n of names) {
    if (!(n in values)) continue;
    const v = values[n].trim();
    if (n === 'first_name' || n === 'last_name') out[n] = v === '' ? null : v;
    else if (v !== '') out[n] = v;
  }
  return out;
}

/** The profile fields of the user forms: creating (with the password) or editing. */
export function profileFields(
  l: LanguageCode,
  v: Partial<Record<'email' | 'username' | 'first_name' | 'last_name' | 'role' | 'preferred_language', string | null>>,
  creating: boolean,
): Html {
  const value = (k: keyof typeof v) => v[k] ?? '';
  return html`${input(l, { label: ut(l, 'email'), name: 'email', type: 'email', value: value('email'), required: true })}
${input(l, { label: ut(l, 'username'), name: 'username', value: value('username'), required: true, attrs: html` autocomplete="off"` })}
${input(l, { label: ut(l, 'first_name'), name: 'first_name', value: value('first_name') })}
${input(l, { label: ut(l, 'last_name'), name: 'last_name', value: value('last_name') })}
${select(l, { label: ut(l, 'role'), name: 'role', value: value('role') || 'admin', options: ROLES.map((r) => [r, r === 'admin' ? ut(l, 'role_admin') : ut(l, 'role_vendor')]) })}
${select(l, { label: ut(l, 'language'), name: 'preferred_language', value: value('preferred_language') || 'en', options: LANGUAGES.map((c) => [c, LANGUAGE_INFO[c].native_name]) })}
${creating ? input(l, { label: ut(l, 'password'), name: 'password', type: 'password', hint: ut(l, 'password_hint'), attrs: html` autocomplete="new-password"` }) : ''}`;
}

/** The temporary password, on the answer only (never in a cookie or a later page). */
export const shownOnce = (l: LanguageCode, password: string) =>
  html`<p>${ut(l, 'temporary_password')}</p><p><code class="secret" id="temporary-password">${password}</code></p>`;
