import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the messages pages (shop account, vendor, admin), in the four languages. */
const EN = {
  messages: 'Messages',
  unread: 'unread',
  no_conversations: 'No conversations yet.',
  new_conversation: 'New message',
  subject: 'Subject',
  message: 'Message',
  attachments: 'Attachments',
  attach: 'Attach files (PNG, JPEG, WebP, GIF, PDF, .txt, .csv; at most 5)',
  send: 'Send',
  reply: 'Reply',
  all_conversations: 'All conversations',
  you: 'You',
  with_customer: 'Customer',
  with_admins: 'Platform',
  sent: 'Your message was sent.',
  error_empty: 'Write a message or attach a file.',
  error_subject: 'Give the conversation a subject.',
  error_attachment: 'An attachment was refused: at most 5 files of 10 MB, images (PNG, JPEG, WebP, GIF), PDF, .txt or .csv.',
  error_feature: 'This is not included in the current subscription plan.',
  sign_in: 'Sign in',
  sign_out: 'Sign out',
  login: 'E-mail or user name',
  password: 'Password',
  vendor_code: 'Vendor code (when you work for several vendors)',
  error_credentials: 'Wrong e-mail, user name or password.',
  error_throttled: 'Too many failed attempts; try again later.',
  error_access: 'This account has no access here.',
  not_found: 'This conversation does not exist.',
  to_platform: 'To the platform’s team',
  error_not_found: 'No such recipient: check the vendor code or name, or the customer’s e-mail (a customer of another shop cannot be reached from here).',
  error_recipient: 'These recipients cannot take part in this kind of conversation: choose at least one other admin.',
  to_vendor: 'To a vendor’s team',
  vendor_field: 'Vendor code or exact name',
  find_vendor: 'Find a vendor (code or name)',
  search: 'Search',
  no_vendor_found: 'No vendor matches this search.',
  to_admins: 'To other admins',
  no_admins: 'There is no other admin.',
  to_customer: 'To a customer of the shop',
  customer_email: 'Customer’s e-mail',
} as const;

export type MessagingText = keyof typeof EN;

const TEXTS: Record<LanguageCode, Record<MessagingText, string>> = {
  en: EN,
  fr: {
    messages: 'Messages', unread: 'non lus', no_conversations: 'Aucune conversation pour l’instant.', new_conversation: 'Nouveau message',
    subject: 'Objet', message: 'Message', attachments: 'Pièces jointes',
    attach: 'Joindre des fichiers (PNG, JPEG, WebP, GIF, PDF, .txt, .csv ; 5 au plus)', send: 'Envoyer', reply: 'Répondre',
    all_conversations: 'Toutes les conversations', you: 'Vous', with_customer: 'Client', with_admins: 'Plateforme',
    sent: 'Votre message a été envoyé.', error_empty: 'Écrivez un message ou joignez un fichier.', error_subject: 'Donnez un objet à la conversation.',
    error_attachment: 'Une pièce jointe a été refusée : 5 fichiers de 10 Mo au plus, images (PNG, JPEG, WebP, GIF), PDF, .txt ou .csv.', error_feature: 'Ce n’est pas inclus dans l’abonnement actuel.', sign_in: 'Se connecter', sign_out: 'Se déconnecter',
    login: 'E-mail ou nom d’utilisateur', password: 'Mot de passe', vendor_code: 'Code vendeur (si vous travaillez pour plusieurs vendeurs)',
    error_credentials: 'E-mail, nom d’utilisateur ou mot de passe incorrect.', error_throttled: 'Trop de tentatives ; réessayez plus tard.',
    error_access: 'Ce compte n’a pas accès ici.', not_found: 'Cette conversation n’existe pas.', to_platform: 'À l’équipe de la plateforme',
    error_not_found: 'Destinataire introuvable : vérifiez le code ou le nom du vendeur, ou l’e-mail du client (un client d’une autre boutique n’est pas joignable d’ici).',
    error_recipient: 'Ces destinataires ne peuvent pas prendre part à ce type de conversation : choisissez au moins un autre administrateur.',
    to_vendor: 'À l’équipe d’un vendeur',
    vendor_field: 'Code ou nom exact du vendeur',
    find_vendor: 'Chercher un vendeur (code ou nom)',
    search: 'Chercher',
    no_vendor_found: 'Aucun vendeur ne correspond à cette recherche.',
    to_admins: 'À d’autres administrateurs',
    no_admins: 'Il n’y a pas d’autre administrateur.',
    to_customer: 'À un client de la boutique',
    customer_email: 'E-mail du client',
  },
  de: {
    messages: 'Nachrichten', unread: 'ungelesen', no_conversations: 'Noch keine Unterhaltungen.', new_conversation: 'Neue Nachricht',
    subject: 'Betreff', message: 'Nachricht', attachments: 'Anhänge',
    attach: 'Dateien anhängen (PNG, JPEG, WebP, GIF, PDF, .txt, .csv; höchstens 5)', send: 'Senden', reply: 'Antworten',
    all_conversations: 'Alle Unterhaltungen', you: 'Sie', with_customer: 'Kunde', with_admins: 'Plattform',
    sent: 'Ihre Nachricht wurde gesendet.', error_empty: 'Schreiben Sie eine Nachricht oder hängen Sie eine Datei an.',
    error_subject: 'Geben Sie der Unterhaltung einen Betreff.', error_attachment: 'Ein Anhang wurde abgelehnt: höchstens 5 Dateien zu 10 MB, Bilder (PNG, JPEG, WebP, GIF), PDF, .txt oder .csv.',
    error_feature: 'Das ist im aktuellen Abonnement nicht enthalten.', sign_in: 'Anmelden', sign_out: 'Abmelden', login: 'E-Mail oder Benutzername', password: 'Passwort',
    vendor_code: 'Händlercode (wenn Sie für mehrere Händler arbeiten)', error_credentials: 'E-Mail, Benutzername oder Passwort falsch.',
    error_throttled: 'Zu viele Fehlversuche; versuchen Sie es später erneut.', error_access: 'Dieses Konto hat hier keinen Zugang.',
    not_found: 'Diese Unterhaltung gibt es nicht.', to_platform: 'An das Team der Plattform',
    error_not_found: 'Empfänger nicht gefunden: prüfen Sie Händlercode oder -namen oder die E-Mail des Kunden (ein Kunde eines anderen Shops ist von hier nicht erreichbar).',
    error_recipient: 'Diese Empfänger können an dieser Art Unterhaltung nicht teilnehmen: wählen Sie mindestens einen anderen Administrator.',
    to_vendor: 'An das Team eines Händlers',
    vendor_field: 'Händlercode oder genauer Name',
    find_vendor: 'Händler suchen (Code oder Name)',
    search: 'Suchen',
    no_vendor_found: 'Kein Händler passt zu dieser Suche.',
    to_admins: 'An andere Administratoren',
    no_admins: 'Es gibt keinen anderen Administrator.',
    to_customer: 'An einen Kunden des Shops',
    customer_email: 'E-Mail des Kunden',
  },
  lb: {
    messages: 'Noriichten', unread: 'net gelies', no_conversations: 'Nach keng Gespréicher.', new_conversation: 'Nei Noriicht',
    subject: 'Betreff', message: 'Noriicht', attachments: 'Unhäng',
    attach: 'Fichieren unhänken (PNG, JPEG, WebP, GIF, PDF, .txt, .csv; héchstens 5)', send: 'Schécken', reply: 'Äntweren',
    all_conversations: 'All Gespréicher', you: 'Dir', with_customer: 'Client', with_admins: 'Plattform',
    sent: 'Är Noriicht gouf geschéckt.', error_empty: 'Schreift eng Noriicht oder hänkt e Fichier un.',
    error_subject: 'Gitt dem Gespréich e Betreff.', error_attachment: 'En Unhang gouf refuséiert: héchstens 5 Fichieren zu 10 MB, Biller (PNG, JPEG, WebP, GIF), PDF, .txt oder .csv.',
    error_feature: 'Dat ass am aktuellen Abonnement net dran.', sign_in: 'Umellen', sign_out: 'Ofmellen', login: 'E-Mail oder Benotzernumm', password: 'Passwuert',
    vendor_code: 'Händlercode (wann Dir fir e puer Händler schafft)', error_credentials: 'E-Mail, Benotzernumm oder Passwuert falsch.',
    error_throttled: 'Ze vill Feelversich; probéiert méi spéit nach eng Kéier.', error_access: 'Dëse Kont huet hei keen Zougang.',
    not_found: 'Dëst Gespréich gëtt et net.', to_platform: 'Un d’Team vun der Plattform',
    error_not_found: 'Keen esou een Empfänger: kuckt den Händlercode oder -numm, oder d’E-Mail vum Client (e Client vun engem anere Buttek ass vun hei net ze erreechen).',
    error_recipient: 'Dës Empfänger kënnen un esou engem Gespréich net deelhuelen: wielt op d’mannst een aneren Administrateur.',
    to_vendor: 'Un d’Team vun engem Händler',
    vendor_field: 'Händlercode oder genauen Numm',
    find_vendor: 'Händler sichen (Code oder Numm)',
    search: 'Sichen',
    no_vendor_found: 'Keen Händler passt op dës Sich.',
    to_admins: 'Un aner Administrateuren',
    no_admins: 'Et gëtt keen aneren Administrateur.',
    to_customer: 'Un e Client vum Buttek',
    customer_email: 'E-Mail vum Client',
  },
};

export function mt(language: LanguageCode, key: MessagingText, params: Record<string, string> = {}): string {
  return TEXTS[language][key].replace(/\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
}

/** The refusals a form can name in `?error=` (src/pages/messaging/actions.ts), each with its words `error_<name>`. */
export const FORM_ERRORS = ['empty', 'subject', 'attachment', 'feature', 'not_found', 'recipient'] as const;
export type FormError = typeof FORM_ERRORS[number];

/** The words for a form's refusal named in `?error=` (src/pages/messaging/actions.ts FormError); nothing for any other value. */
export function formErrorText(language: LanguageCode, value: unknown): string | null {
  return typeof value === 'string' && (FORM_ERRORS as readonly string[]).includes(value) ? mt(language, `error_${value as FormError}`) : null;
}
