import type { LanguageCode } from '../../core/i18n.ts';
import { html } from '../../pages/html.ts';
import { BUTTON, fill, mailHtml, mailText, oneLine, P, type RenderedMail } from '../layout.ts';

/** The link a customer follows to choose a new password (single use, expiring). */
export interface CustomerPasswordResetVars {
  vendor_name: string;
  first_name: string | null;
  reset_url: string;
  expires_minutes: number;
}

const TEXT: Record<
  LanguageCode,
  {
    subject: string;
    hello: string;
    helloName: string;
    request: string;
    button: string;
    expiry: string;
    ignore: string;
    signOff: string;
  }
> = {
  en: {
    subject: 'Reset your password at {vendor}',
    hello: 'Hello,',
    helloName: 'Hello {name},',
    request: 'We received a request to reset the password of your {vendor} account. Choose a new password with this link:',
    button: 'Choose a new password',
    expiry: 'The link works once and expires in {minutes} minutes.',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    signOff: 'The {vendor} team',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe chez {vendor}',
    hello: 'Bonjour,',
    helloName: 'Bonjour {name},',
    request:
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {vendor}. Choisissez un nouveau mot de passe avec ce lien :',
    button: 'Choisir un nouveau mot de passe',
    expiry: 'Ce lien ne fonctionne qu’une seule fois et expire dans {minutes} minutes.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
    signOff: 'L’équipe {vendor}',
  },
  de: {
    subject: 'Setzen Sie Ihr Passwort bei {vendor} zurück',
    hello: 'Guten Tag,',
    helloName: 'Hallo {name},',
    request:
      'Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei {vendor} zurückzusetzen. Wählen Sie über diesen Link ein neues Passwort:',
    button: 'Neues Passwort wählen',
    expiry: 'Der Link funktioniert nur einmal und läuft in {minutes} Minuten ab.',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    signOff: 'Ihr Team von {vendor}',
  },
  lb: {
    subject: 'Äert Passwuert bei {vendor} zrécksetzen',
    hello: 'Moien,',
    helloName: 'Moien {name},',
    request: 'Mir hunn eng Ufro kritt, fir d’Passwuert vun Ärem Kont bei {vendor} zréckzesetzen. Wielt mat dësem Link en neit Passwuert:',
    button: 'Neit Passwuert wielen',
    expiry: 'De Link ass {minutes} Minutte gülteg an e funktionéiert just eng Kéier.',
    ignore: 'Wann Dir dat net ugefrot hutt, ignoréiert dës E-Mail: Äert Passwuert bleift wéi et ass.',
    signOff: 'Mat beschte Gréiss, {vendor}',
  },
};

export function customerPasswordReset(language: LanguageCode, vars: CustomerPasswordResetVars): RenderedMail {
  const t = TEXT[language];
  const params = { vendor: oneLine(vars.vendor_name), name: vars.first_name ?? '', minutes: vars.expires_minutes };
  const hello = vars.first_name ? fill(t.helloName, params) : t.hello;
  const subject = fill(t.subject, params);
  const signOff = fill(t.signOff, params);
  return {
    language,
    subject,
    text: mailText([hello, fill(t.request, params), vars.reset_url, fill(t.expiry, params), t.ignore, signOff]),
    html: mailHtml({
      language,
      subject,
      vendorName: vars.vendor_name,
      signOff,
      body: html`<p style="${P}">${hello}</p>
<p style="${P}">${fill(t.request, params)}</p>
<p style="margin:0 0 24px"><a href="${vars.reset_url}" style="${BUTTON}">${t.button}</a></p>
<p style="${P};font-size:13px;color:#52525b;word-break:break-all">${vars.reset_url}</p>
<p style="${P}">${fill(t.expiry, params)}</p>
<p style="${P}">${t.ignore}</p>`,
    }),
  };
}
