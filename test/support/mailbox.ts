import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as a mail client would show it. */
export interface ReceivedMail {
  /** The envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, STARTTLS off: its built-in certificate has
 * expired) that keeps what it receives, parsed. An outage is simulated either way a real one
 * happens: `stop()` closes the port (connection refused) until `start()` opens it again, and
 * `refuse(code)` answers every connection with a 4xx/5xx greeting until `accept()`;
 * `rejectRecipient` refuses one address for good.
 */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  private port = 0;
  private refusal: number | null = null;
  private readonly unknownRecipients = new Set<string>();
  private readonly arrivals = new EventEmitter();

  constructor(private readonly auth?: { user: string; pass: string }) {}

  /** smtp://user:pass@127.0.0.1:<port> for SMTP_URL. */
  get url(): string {
    const credentials = this.auth ? `${encodeURIComponent(this.auth.user)}:${encodeURIComponent(this.auth.pass)}@` : '';
    return `smtp://${credentials}127.0.0.1:${this.port}`;
  }

  /** Opens the port: an ephemeral one the first time, the same one after a `stop()`. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      authOptional: !this.auth,
      allowInsecureAuth: true,
      closeTimeout: 200,
      onConnect: (_session, callback) => {
        if (this.refusal === null) return callback();
        callback(Object.assign(new Error('Service not available, try again later'), { responseCode: this.refusal }));
      },
      // A connection opened before the refusal (the sender keeps a pool) is refused at its next mail.
      onMailFrom: (_address, _session, callback) => {
        if (this.refusal === null) return callback();
        callback(Object.assign(new Error('Service not available, try again later'), { responseCode: this.refusal }));
      },
      onAuth: (auth, _session, callback) => {
        if (this.auth && auth.username === this.auth.user && auth.password === this.auth.pass)
          return callback(null, { user: auth.username });
        callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      },
      onRcptTo: (address, _session, callback) => {
        if (!this.unknownRecipients.has(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error(`Mailbox <${address.address}> unavailable`), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const mail = parseMessage(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          );
          this.messages.push(mail);
          this.arrivals.emit('mail', mail);
          callback();
        });
      },
    });
    server.on('error', () => {
      /* a client that hung up: nothing to keep */
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Closes the port, as a server that is down: connections are refused until `start()`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Greets every connection with `code` (421: try again later; 554: no service), and answers every mail of an open one so, until `accept()`. */
  refuse(code = 421): void {
    this.refusal = code;
  }

  accept(): void {
    this.refusal = null;
  }

  /** Refuses mail to `address` with a 550 that quotes it, as a server refusing an unknown mailbox. */
  rejectRecipient(address: string): void {
    this.unknownRecipients.add(address.toLowerCase());
  }

  /** Received messages that match. */
  find(predicate: (mail: ReceivedMail) => boolean): ReceivedMail[] {
    return this.messages.filter(predicate);
  }

  /** The first message (already received or arriving) that matches; rejects after `timeoutMs`. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 5000): Promise<ReceivedMail> {
    const found = this.messages.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const onMail = (mail: ReceivedMail) => {
        if (!predicate(mail)) return;
        clearTimeout(timer);
        this.arrivals.off('mail', onMail);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        this.arrivals.off('mail', onMail);
        reject(new Error(`no matching mail within ${timeoutMs} ms (${this.messages.length} received)`));
      }, timeoutMs);
      this.arrivals.on('mail', onMail);
    });
  }
}

export async function startMailbox(auth?: { user: string; pass: string }): Promise<Mailbox> {
  const mailbox = new Mailbox(auth);
  await mailbox.start();
  return mailbox;
}

/**
 * Just enough MIME for what nodemailer writes: folded headers with RFC 2047 encoded words,
 * (nested) multipart bodies, quoted-printable or base64 parts in UTF-8.
 */
export function parseMessage(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  const parts: { text: string; html: string } = { text: '', html: '' };
  collectParts(headers, body, parts);
  return {
    to,
    raw,
    headers,
    from: headers.from ?? '',
    subject: headers.subject ?? '',
    messageId: headers['message-id'] ?? '',
    text: parts.text,
    html: parts.html,
  };
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const normalized = entity.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, out: { text: string; html: string }): void {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitEntity(section.replace(/^\n/, ''));
      collectParts(part.headers, part.body.replace(/\n$/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, (headers['content-transfer-encoding'] ?? '7bit').toLowerCase());
  if (type.startsWith('text/html')) out.html ||= decoded;
  else if (type.startsWith('text/plain')) out.text ||= decoded;
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintable(body.replace(/=\n/g, ''));
  return body;
}

function quotedPrintable(text: string): string {
  return qpBytes(text).toString('utf8');
}

function qpBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=); the space between two of them is not text. */
function decodeWords(value: string): string {
  return value.replace(/(\?=)\s+(=\?)/g, '$1$2').replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) => {
    const bytes: Buffer[] = [];
    for (const [, , kind, data] of run.matchAll(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g)) {
      bytes.push(kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data.replace(/_/g, ' ')));
    }
    return Buffer.concat(bytes).toString('utf8');
  });
}
