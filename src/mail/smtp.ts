import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';

/**
 * The SMTP side of outgoing mail: a nodemailer transport built from SMTP_URL, the Message-ID
 * every attempt of one mail shares, and error text safe to store and log.
 */
export type MailTransport = Transporter;

/** Each connection, greeting and idle socket is bounded, so one stuck server cannot hold a mail past its claim. */
export const SMTP_TIMEOUT_MS = { connection: 15_000, greeting: 15_000, socket: 30_000 } as const;

/** Connections kept open to the SMTP server, and mails sent over one before it is renewed. */
export const SMTP_POOL = { connections: 4, messagesPerConnection: 100 } as const;

/**
 * smtp://user:password@host:587 (STARTTLS when the server offers it) or smtps://…:465 (TLS from
 * the start). User and password are URL-decoded.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return nodemailer.createTransport({
    // A few kept-open connections: a burst of mails (a message to every admin, a morning's order
    // confirmations) goes out over them in parallel instead of one handshake and login per mail.
    pool: true,
    maxConnections: SMTP_POOL.connections,
    maxMessages: SMTP_POOL.messagesPerConnection,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS.connection,
    greetingTimeout: SMTP_TIMEOUT_MS.greeting,
    socketTimeout: SMTP_TIMEOUT_MS.socket,
  });
}

/** The domain of the From address (`Shop <no-reply@shop.example>` → shop.example). */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return /^[a-z0-9.-]+$/.test(domain) && address.includes('@') ? domain : 'localhost';
}

/**
 * The Message-ID of the mail recorded under `key`: the same on every attempt, so a mail sent
 * again after a crash between the send and its record is recognisable as the same message
 * (receiving servers and clients drop or thread the duplicate). The key is hashed: it never shows.
 */
export function messageIdFor(key: string, from: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@${senderDomain(from)}>`;
}

/**
 * What an SMTP failure says, for the outbox row and the log: the server's answer and the
 * error code, without the credentials of SMTP_URL should the text repeat them.
 */
export function smtpErrorText(err: unknown, smtpUrl: string | undefined): string {
  const e = err as { code?: string; responseCode?: number; message?: string };
  let text = [e.code, e.responseCode].filter(Boolean).join(' ');
  text = `${text ? `${text}: ` : ''}${e.message ?? String(err)}`;
  for (const secret of credentials(smtpUrl)) text = text.split(secret).join('[redacted]');
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

function credentials(smtpUrl: string | undefined): string[] {
  if (!smtpUrl) return [];
  try {
    const url = new URL(smtpUrl);
    return [smtpUrl, url.password, decodeURIComponent(url.password)].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
  } catch {
    return [smtpUrl];
  }
}
