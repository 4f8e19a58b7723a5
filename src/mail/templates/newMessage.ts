import type { LanguageCode } from '../../core/i18n.ts';
import { html } from '../../pages/html.ts';
import { BUTTON, fill, mailHtml, mailText, oneLine, P, type RenderedMail } from '../layout.ts';

/**
 * A participant who was not online got a message (docs/messaging.md "E-mail to offline
 * recipients"). The text is quoted; attachments are named, never attached.
 */
export interface NewMessageVars {
  /** Whose name heads the mail: the shop's for a customer, else the platform's. */
  sender_name: string;
  first_name: string | null;
  author_name: string;
  body: string;
  attachment_names: string[];
  conversation_url: string;
}

/** The quoted text stops here; the conversation holds the rest. */
const EXCERPT = 1000;

const TEXT: Record<
  LanguageCode,
  {
    subject: string;
    hello: string;
    helloName: string;
    wrote: string;
    attachments: string;
    button: string;
    quiet: string;
    signOff: string;
  }
> = {
  en: {
    subject: 'New message from {author}',
    hello: 'Hello,',
    helloName: 'Hello {name},',
    wrote: '{author} wrote:',
    attachments: 'Attachments (open the conversation to download them): {names}',
    button: 'Read and reply',
    quiet: 'While the conversation goes on, we write at most once every {minutes} minutes.',
    signOff: '{sender}',
  },
  fr: {
    subject: 'Nouveau message de {author}',
    hello: 'Bonjour,',
    helloName: 'Bonjour {name},',
    wrote: '{author} a écrit :',
    attachments: 'Pièces jointes (ouvrez la conversation pour les télécharger) : {names}',
    button: 'Lire et répondre',
    quiet: 'Tant que la conversation continue, nous vous écrivons au plus une fois toutes les {minutes} minutes.',
    signOff: '{sender}',
  },
  de: {
    subject: 'Neue Nachricht von {author}',
    hello: 'Guten Tag,',
    helloName: 'Hallo {name},',
    wrote: '{author} schrieb:',
    attachments: 'Anhänge (öffnen Sie die Unterhaltung, um sie herunterzuladen): {names}',
    button: 'Lesen und antworten',
    quiet: 'Solange die Unterhaltung weitergeht, schreiben wir Ihnen höchstens alle {minutes} Minuten.',
    signOff: '{sender}',
  },
  lb: {
    subject: 'Nei Noriicht vun {author}',
    hello: 'Moien,',
    helloName: 'Moien {name},',
    wrote: '{author} huet geschriwwen:',
    attachments: 'Unhäng (maacht d’Gespréich op, fir se erofzelueden): {names}',
    button: 'Liesen an äntweren',
    quiet: 'Soulaang d’Gespréich weidergeet, schreiwe mir Iech héchstens all {minutes} Minutten.',
    signOff: '{sender}',
  },
};

export function newMessage(language: LanguageCode, vars: NewMessageVars & { quiet_minutes: number }): RenderedMail {
  const t = TEXT[language];
  const params = {
    author: oneLine(vars.author_name),
    name: vars.first_name ?? '',
    sender: oneLine(vars.sender_name),
    minutes: vars.quiet_minutes,
    names: vars.attachment_names.join(', '),
  };
  const hello = vars.first_name ? fill(t.helloName, params) : t.hello;
  const subject = fill(t.subject, params);
  const signOff = fill(t.signOff, params);
  const excerpt = vars.body.length > EXCERPT ? `${vars.body.slice(0, EXCERPT)}…` : vars.body;
  const attachments = vars.attachment_names.length > 0 ? fill(t.attachments, params) : null;
  return {
    language,
    subject,
    text: mailText([
      hello,
      fill(t.wrote, params),
      excerpt
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n'),
      attachments,
      `${t.button}: ${vars.conversation_url}`,
      fill(t.quiet, params),
      signOff,
    ]),
    html: mailHtml({
      language,
      subject,
      vendorName: vars.sender_name,
      signOff,
      body: html`<p style="${P}">${hello}</p>
<p style="${P}">${fill(t.wrote, params)}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d4d4d8;white-space:pre-wrap">${excerpt}</blockquote>
${attachments ? html`<p style="${P}">${attachments}</p>` : ''}
<p style="margin:0 0 24px"><a href="${vars.conversation_url}" style="${BUTTON}">${t.button}</a></p>
<p style="${P};font-size:13px;color:#52525b">${fill(t.quiet, params)}</p>`,
    }),
  };
}
