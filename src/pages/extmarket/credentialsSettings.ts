import type Router from '@koa/router';
import type { Context } from 'koa';
import { removeExtmarketCredentials } from '../../../commands/extmarket/handlers.ts';
import { getExtmarketCredentials } from '../../../queries/extmarket/getCredentials.ts';
import { Api } from '../../http/api.ts';
import { CredentialsBody, requireCredentials, saveCredentials, testConnection } from '../../http/extmarketShared.ts';
import { validBody } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { card, checkbox, facts, formatDateTime, input, linkButton, pill, postButton, postForm } from '../backOffice/components.ts';
import { setFlash } from '../backOffice/flash.ts';
import { act, formViewer } from '../backOffice/guard.ts';
import { can, hasFeature, type SettingsSection, type Viewer } from '../backOffice/registry.ts';
import { areaTexts } from '../backOffice/texts.ts';
import { field, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';

const FEATURE = 'extmarket_connection';
const BASE = '/vendor/settings/extmarket-credentials';
const BACK = '/vendor/settings?tab=extmarket';

const ct = areaTexts(
  {
    title: 'Extmarket connection',
    lead: 'The API key of your extmarket shop. It is stored sealed and never shown again: only its last characters and when it was set.',
    configured: 'Key',
    set: 'Set',
    not_set: 'Not set',
    hint: 'Key ending',
    endpoint: 'API address',
    auto_sync: 'Automatic order sync',
    yes: 'On',
    no: 'Off',
    connection: 'Connection',
    updated: 'Set on',
    untested: 'Not tested yet',
    ok: 'Works',
    failed: 'Failed',
    api_key: 'API key',
    api_key_hint: 'Leave empty to keep the stored key.',
    api_key_new: 'Paste the key your extmarket shop gave you.',
    endpoint_hint: "Leave empty for the platform's default address.",
    save: 'Save the connection',
    test: 'Test the connection',
    remove: 'Remove the key',
    remove_confirm: 'Remove the stored key? Order syncs stop until a new one is set.',
    saved: 'The extmarket connection is saved.',
    removed: 'The extmarket key is removed.',
    works: 'The connection works{shop}.',
    broken: 'The connection failed: {error}',
    locked: 'Connecting your shop to the extmarket is part of a higher plan.',
    see_plan: 'See the plans',
    read_only: 'Changing the connection needs the settings.edit permission.',
  },
  {
    fr: {
      title: 'Connexion extmarket',
      lead: 'La clé API de votre boutique extmarket. Elle est scellée et jamais réaffichée : seuls ses derniers caractères et sa date sont montrés.',
      configured: 'Clé',
      set: 'Enregistrée',
      not_set: 'Aucune',
      hint: 'Fin de la clé',
      endpoint: "Adresse de l'API",
      auto_sync: 'Synchronisation automatique',
      yes: 'Activée',
      no: 'Désactivée',
      connection: 'Connexion',
      updated: 'Enregistrée le',
      untested: 'Pas encore testée',
      ok: 'Fonctionne',
      failed: 'Échec',
      api_key: 'Clé API',
      api_key_hint: 'Laisser vide pour garder la clé enregistrée.',
      api_key_new: 'Collez la clé fournie par votre boutique extmarket.',
      endpoint_hint: "Vide : l'adresse par défaut de la plateforme.",
      save: 'Enregistrer la connexion',
      test: 'Tester la connexion',
      remove: 'Retirer la clé',
      remove_confirm: "Retirer la clé ? Les synchronisations s'arrêtent jusqu'à une nouvelle clé.",
      saved: 'La connexion extmarket est enregistrée.',
      removed: 'La clé extmarket est retirée.',
      works: 'La connexion fonctionne{shop}.',
      broken: 'La connexion a échoué : {error}',
      locked: "La connexion à l'extmarket fait partie d'une offre supérieure.",
      see_plan: 'Voir les offres',
      read_only: 'Modifier la connexion demande le droit settings.edit.',
    },
    de: {
      title: 'Extmarket-Verbindung',
      lead: 'Der API-Schlüssel Ihres Extmarket-Shops. Er wird versiegelt gespeichert und nie wieder angezeigt: nur seine letzten Zeichen und wann er gesetzt wurde.',
      configured: 'Schlüssel',
      set: 'Gesetzt',
      not_set: 'Nicht gesetzt',
      hint: 'Schlüssel endet auf',
      endpoint: 'API-Adresse',
      auto_sync: 'Automatischer Bestellabgleich',
      yes: 'An',
      no: 'Aus',
      connection: 'Verbindung',
      updated: 'Gesetzt am',
      untested: 'Noch nicht getestet',
      ok: 'Funktioniert',
      failed: 'Fehlgeschlagen',
      api_key: 'API-Schlüssel',
      api_key_hint: 'Leer lassen, um den gespeicherten Schlüssel zu behalten.',
      api_key_new: 'Fügen Sie den Schlüssel Ihres Extmarket-Shops ein.',
      endpoint_hint: 'Leer: die Standardadresse der Plattform.',
      save: 'Verbindung speichern',
      test: 'Verbindung testen',
      remove: 'Schlüssel entfernen',
      remove_confirm: 'Den gespeicherten Schlüssel entfernen? Der Abgleich stoppt bis zu einem neuen.',
      saved: 'Die Extmarket-Verbindung ist gespeichert.',
      removed: 'Der Extmarket-Schlüssel ist entfernt.',
      works: 'Die Verbindung funktioniert{shop}.',
      broken: 'Die Verbindung ist fehlgeschlagen: {error}',
      locked: 'Die Extmarket-Verbindung gehört zu einem höheren Tarif.',
      see_plan: 'Tarife ansehen',
      read_only: 'Die Verbindung zu ändern erfordert das Recht settings.edit.',
    },
    lb: {
      title: 'Extmarket-Verbindung',
      configured: 'Schlëssel',
      set: 'Gesat',
      not_set: 'Net gesat',
      api_key: 'API-Schlëssel',
      yes: 'Un',
      no: 'Aus',
      save: 'Verbindung späicheren',
      test: 'Verbindung testen',
      remove: 'Schlëssel ewechhuelen',
      saved: "D'Extmarket-Verbindung ass gespäichert.",
      removed: 'Den Extmarket-Schlëssel ass ewech.',
      works: "D'Verbindung funktionéiert{shop}.",
      broken: "D'Verbindung huet net geklappt: {error}",
    },
  },
);

/** The extmarket key on the vendor's settings page (its extmarket tab): what is stored, and setting, testing and removing it. */
async function renderCredentials(services: Services, ctx: Context, viewer: Viewer) {
  const l = viewer.language;
  if (!hasFeature(viewer, FEATURE)) {
    return card(
      ct(l, 'title'),
      html`<p>${ct(l, 'locked')}</p>${linkButton(`/vendor/plan/features/${FEATURE}`, ct(l, 'see_plan'), 'ghost', 'lock')}`,
      { id: 'extmarket-connection' },
    );
  }
  const c = await getExtmarketCredentials(services.db.knex, viewer.vendor!.id);
  const connection = !c.connection_tested_at
    ? html`<span class="muted">${ct(l, 'untested')}</span>`
    : html`${pill(c.connection_status === 'ok' ? ct(l, 'ok') : ct(l, 'failed'), c.connection_status === 'ok' ? 'ok' : 'bad')} ${formatDateTime(c.connection_tested_at, l)}${c.connection_error ? html`<div class="muted">${c.connection_error}</div>` : ''}`;
  const state = facts([
    [
      ct(l, 'configured'),
      c.configured ? html`${pill(ct(l, 'set'), 'ok')} <code>${c.api_key_hint ?? ''}</code>` : pill(ct(l, 'not_set'), 'warn'),
    ],
    [ct(l, 'updated'), c.updated_at ? formatDateTime(c.updated_at, l) : null],
    [ct(l, 'endpoint'), c.api_endpoint ? html`<code>${c.api_endpoint}</code>` : null],
    [ct(l, 'auto_sync'), c.configured ? (c.auto_sync_enabled ? ct(l, 'yes') : ct(l, 'no')) : null],
    [ct(l, 'connection'), c.configured ? connection : null],
  ]);
  if (!can(viewer, 'settings.edit'))
    return card(ct(l, 'title'), html`<p class="muted">${ct(l, 'lead')}</p>${state}<p class="muted">${ct(l, 'read_only')}</p>`, {
      id: 'extmarket-connection',
    });
  const form = postForm(
    ctx,
    BASE,
    html`<div>
${input(l, { label: ct(l, 'api_key'), name: 'api_key', type: 'password', required: !c.configured, hint: ct(l, c.configured ? 'api_key_hint' : 'api_key_new'), attrs: html` autocomplete="off" minlength="8"` })}
${input(l, { label: ct(l, 'endpoint'), name: 'api_endpoint', type: 'url', value: c.api_endpoint ?? '', hint: ct(l, 'endpoint_hint'), placeholder: 'https://' })}
${checkbox({ label: ct(l, 'auto_sync'), name: 'auto_sync_enabled', value: 'true', checked: c.auto_sync_enabled })}</div>
<div class="form-actions"><button type="submit" class="primary">${ct(l, 'save')}</button></div>`,
    { id: 'credentials-form' },
  );
  const buttons = c.configured
    ? html`<div class="form-actions" style="margin-top:14px">${postButton(ctx, `${BASE}/test`, ct(l, 'test'))} ${postButton(ctx, `${BASE}/remove`, ct(l, 'remove'), { tone: 'danger', confirm: ct(l, 'remove_confirm') })}</div>`
    : '';
  return card(
    ct(l, 'title'),
    html`<p class="muted">${ct(l, 'lead')}</p><div class="grid cols-2"><div>${state}${buttons}</div><div>${form}</div></div>`,
    { id: 'extmarket-connection' },
  );
}

export const extmarketSettingsSections: SettingsSection[] = [
  {
    tab: 'extmarket',
    order: 10,
    permission: 'settings.view',
    label: { en: 'Extmarket', fr: 'Extmarket', de: 'Extmarket', lb: 'Extmarket' },
    render: renderCredentials,
  },
];

/**
 * The forms of the extmarket key on the vendor's settings page: the vendor API's credential
 * commands (PUT, POST …/test and DELETE /api/v1/vendor/extmarket/credentials), with the same
 * permission and plan feature, then back to the settings page's extmarket tab.
 */
export function extmarketCredentialPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  api.post(
    BASE,
    {
      summary:
        'Back-office form: store the extmarket key (write-only), its API address and the automatic sync, as PUT /extmarket/credentials',
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit', FEATURE);
      if (!viewer) return;
      await act(ctx, BACK, async () => {
        const key = field(ctx, 'api_key').trim();
        const endpoint = field(ctx, 'api_endpoint').trim();
        const body = validBody(CredentialsBody, {
          ...(key ? { api_key: key } : {}),
          ...(endpoint ? { api_endpoint: endpoint } : {}),
          auto_sync_enabled: field(ctx, 'auto_sync_enabled') === 'true',
        });
        await saveCredentials(services, viewer.vendor!.id, body, viewer.context);
        return ct(viewer.language, 'saved');
      });
    },
  );

  api.post(
    `${BASE}/test`,
    {
      summary: 'Back-office form: test the connection with the stored key; the outcome is recorded and said',
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit', FEATURE);
      if (!viewer) return;
      const l = viewer.language;
      let result: { success: boolean; error: string | null; vendor_name: string | null } | null = null;
      await act(ctx, BACK, async () => {
        await requireCredentials(services, viewer.vendor!.id);
        result = await testConnection(services, viewer.vendor!.id, viewer.context);
        return null;
      });
      // A failed test is no refusal of the form: it ran and was recorded; the page says what the extmarket answered.
      if (result) {
        const r: { success: boolean; error: string | null; vendor_name: string | null } = result;
        setFlash(
          ctx,
          r.success ? 'notice' : 'error',
          r.success ? ct(l, 'works', { shop: r.vendor_name ? ` (${r.vendor_name})` : '' }) : ct(l, 'broken', { error: r.error ?? '' }),
        );
        seeOther(ctx, BACK);
      }
    },
  );

  api.post(
    `${BASE}/remove`,
    {
      summary: 'Back-office form: remove the stored extmarket key, as DELETE /extmarket/credentials',
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit', FEATURE);
      if (!viewer) return;
      await act(ctx, BACK, async () => {
        await services.settle([
          await removeExtmarketCredentials(
            { store: services.store, db: services.db.knex, clock: services.clock },
            viewer.vendor!.id,
            viewer.context,
          ),
        ]);
        return ct(viewer.language, 'removed');
      });
    },
  );

  return api.router;
}
