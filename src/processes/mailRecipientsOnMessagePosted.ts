import type { Knex } from 'knex';
import type { MessagePosted } from '../../commands/messaging/events.ts';
import { publicUrlOf } from '../config.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { sql } from '../runtime/database.ts';
import { isLive, type LiveViewer } from '../runtime/livePresence.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * A quiet period per conversation and recipient: after an e-mail about a conversation, its next
 * messages send none until this much time has passed (a lively chat is one mail, not fifty).
 */
export const MAIL_QUIET_MINUTES = 15;

interface Recipient extends LiveViewer {
  email: string;
  first_name: string | null;
  language: string | null;
}

type Message = MessagePosted['data'];

/** A user as a message's mail names them. */
interface UserRead {
  id: number;
  email: string;
  first_name: string | null;
  preferred_language: string | null;
}

/** The vendor's team: the owner of its company and its active members, active users only. */
async function team(trx: Knex.Transaction, vendorId: number): Promise<Recipient[]> {
  const rows = await sql<UserRead>(
    trx,
    `SELECT u.id, u.email, u.first_name, u.preferred_language FROM user_list u
    WHERE u.is_active AND (u.id IN (SELECT c.owner_user_id FROM vendor_list v JOIN company_list c ON c.id = v.company_id WHERE v.id = $1)
       OR u.id IN (SELECT m.user_id FROM vendor_team_members m WHERE m.vendor_id = $1 AND m.is_active))`,
    [vendorId],
    'message_mail_team',
  );
  return rows.map((r) => ({
    kind: 'vendor_user',
    id: r.id,
    vendor_id: vendorId,
    email: r.email,
    first_name: r.first_name,
    language: r.preferred_language,
  }));
}

/** Active admins: all of them, or those named. */
async function admins(trx: Knex.Transaction, ids: number[] | null): Promise<Recipient[]> {
  const rows = await sql<UserRead>(
    trx,
    `SELECT id, email, first_name, preferred_language FROM user_list
    WHERE role = 'admin' AND is_active AND ($1::int[] IS NULL OR id = ANY($1::int[]))`,
    [ids],
    'message_mail_admins',
  );
  return rows.map((r) => ({ kind: 'admin', id: r.id, email: r.email, first_name: r.first_name, language: r.preferred_language }));
}

/** The customer, in their own language, else their shop's. */
async function customer(trx: Knex.Transaction, vendorId: number, customerId: number): Promise<Recipient[]> {
  const rows = await sql<{ id: number; email: string; first_name: string | null; language: string | null }>(
    trx,
    `SELECT c.id, c.email, c.first_name, COALESCE(c.preferred_language, v.storefront_language) AS language
    FROM customer_list c JOIN vendor_list v ON v.id = c.vendor_id WHERE c.id = $1 AND c.vendor_id = $2`,
    [customerId, vendorId],
    'message_mail_customer',
  );
  return rows.map((r) => ({
    kind: 'customer',
    id: r.id,
    vendor_id: vendorId,
    email: r.email,
    first_name: r.first_name,
    language: r.language,
  }));
}

/** Everyone the message is for (the conversation's participants), its author excepted. */
async function recipients(trx: Knex.Transaction, m: Message): Promise<Recipient[]> {
  const all: Recipient[] = [];
  if (m.conversation_type === 'vendor_customer' && m.vendor_id !== null && m.customer_id !== null) {
    all.push(...(await customer(trx, m.vendor_id, m.customer_id)), ...(await team(trx, m.vendor_id)));
  } else if (m.conversation_type === 'admin_vendor' && m.vendor_id !== null) {
    all.push(...(await admins(trx, null)), ...(await team(trx, m.vendor_id)));
  } else if (m.conversation_type === 'admin') {
    all.push(...(await admins(trx, m.admin_ids)));
  }
  return all.filter((r) => !(r.kind === m.author.kind && r.id === m.author.id));
}

/** Where the recipient reads the conversation: their area's messages page. */
function conversationUrl(r: Recipient, m: Message, vendorCode: string | null): string {
  const base = publicUrlOf();
  const id = encodeURIComponent(m.conversation_id);
  if (r.kind === 'customer') return `${base}/vendors/${encodeURIComponent(vendorCode ?? '')}/shop/account/messages/${id}`;
  return `${base}/${r.kind === 'admin' ? 'admin' : 'vendor'}/messages/${id}`;
}

/**
 * A message reached someone who has no live stream open on any instance (live_connections): they
 * get an e-mail in their language (customers: their own, else their shop's; team members and
 * admins: their profile's), at most one per conversation per quiet period (from the message's
 * time, which the service's clock stamped), quoting the text and naming the attachments, never
 * attaching them. The mail and the quiet period's mark are written in the handler's transaction,
 * keyed by the event and the recipient: exactly once across re-runs and instances.
 */
export const mailRecipientsOnMessagePosted: ProcessManager = {
  kind: 'process',
  name: 'mailRecipientsOnMessagePosted',
  eventTypes: ['MessagePosted'],
  async handle(event, ctx) {
    const m = domainEvent<MessagePosted>(event).data;
    const vendor =
      m.vendor_id === null
        ? null
        : ((
            await sql<{ name: string; vendor_code: string }>(
              ctx.trx,
              'SELECT name, vendor_code FROM vendor_list WHERE id = $1',
              [m.vendor_id],
              'message_mail_vendor',
            )
          )[0] ?? null);
    const at = new Date(m.at);
    for (const r of await recipients(ctx.trx, m)) {
      if (await isLive(ctx.trx, r)) continue;
      // Claims the quiet period: the row is written unless a mail about this conversation went to them within it.
      const claimed = await sql(
        ctx.trx,
        `INSERT INTO message_mail_notices (conversation_id, recipient_kind, recipient_id, mailed_at)
        VALUES ($1, $2, $3, $4)
        ON CONFLICT (conversation_id, recipient_kind, recipient_id) DO UPDATE SET mailed_at = EXCLUDED.mailed_at
          WHERE message_mail_notices.mailed_at <= EXCLUDED.mailed_at - make_interval(mins => $5)
        RETURNING 1`,
        [m.conversation_id, r.kind, r.id, at, MAIL_QUIET_MINUTES],
        'message_mail_claim',
      );
      if (claimed.length === 0) continue;
      const mail = renderMail('new_message', r.language, {
        sender_name: vendor?.name ?? 'Admin',
        first_name: r.first_name,
        author_name: m.author.name,
        body: m.body,
        attachment_names: m.attachments.map((a) => a.filename),
        conversation_url: conversationUrl(r, m, vendor?.vendor_code ?? null),
        quiet_minutes: MAIL_QUIET_MINUTES,
      });
      await enqueueMail(ctx.trx, {
        key: `new_message:${event.id}:${r.kind}:${r.id}`,
        to: r.email,
        template: 'new_message',
        vendor_id: m.vendor_id,
        ...mail,
        at,
      });
    }
  },
};
