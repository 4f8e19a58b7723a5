import { randomUUID } from 'node:crypto';
import { notificationIdOf } from '../../commands/notifications/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { ProcessManager } from '../../src/runtime/consumer.ts';
import { processContext } from '../../src/runtime/processContext.ts';
import { unique, type TestApp } from './app.ts';
import { eventually } from './eventually.ts';

/** Another admin account, signed in: each admin has their own read state. */
export async function newAdmin(app: TestApp): Promise<{ id: number; token: string }> {
  const name = unique('admin');
  const password = `pw-${name}-long`;
  const created = await app.call('POST', '/api/v1/admin/users', {
    token: await app.adminToken(),
    body: { email: `${name}@platform.test`, username: name, password, role: 'admin' },
  });
  if (created.status !== 201) throw new Error(`admin creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const login = await app.call('POST', '/api/v1/admin/auth/login', { body: { email_or_username: name, password } });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: created.body.id, token: login.body.access_token };
}

/** The notifications an admin sees (first 100), as a client reads them. */
export async function listNotifications(app: TestApp, token: string, query = ''): Promise<any[]> {
  const res = await app.call('GET', `/api/v1/admin/notifications?limit=100${query ? `&${query}` : ''}`, { token });
  if (res.status !== 200) throw new Error(`notifications: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.items;
}

/** Waits until the admin sees a notification of this kind that `match` accepts. */
export function notificationAppears(app: TestApp, token: string, kind: string, match: (n: any) => boolean = () => true): Promise<any> {
  return eventually(async () => (await listNotifications(app, token, `kind=${kind}`)).find(match), `a ${kind} notification`);
}

export async function unreadCount(app: TestApp, token: string): Promise<number> {
  const res = await app.call('GET', '/api/v1/admin/notifications/unread-count', { token });
  if (res.status !== 200) throw new Error(`unread count: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.unread;
}

/** The AdminNotificationRaised events stored under a key: exactly one once it was raised. */
export async function raisedUnder(app: TestApp, key: string): Promise<RecordedEvent[]> {
  return (await app.services.store.readStream(`notification-${notificationIdOf(key)}`)).filter((e) => e.type === 'AdminNotificationRaised');
}

/** The first event of a type in a stream (the trigger a test hands to a process manager again). */
export async function eventOf(app: TestApp, stream: string, type: string): Promise<RecordedEvent> {
  const found = (await app.services.store.readStream(stream)).find((e) => e.type === type);
  if (!found) throw new Error(`${stream} has no ${type}`);
  return found;
}

/**
 * Processes `event` again, as a redelivery, a second instance or a re-run under another handler
 * identity would (other derived event ids): in its own transaction, as the consumer runner does.
 */
export async function handleAgain(app: TestApp, pm: ProcessManager, event: RecordedEvent, as = unique(`${pm.name}_again`)): Promise<void> {
  await app.services.db.knex.transaction(async (trx) => {
    await pm.handle(event, processContext(trx, app.services.store, as));
  });
}

/**
 * Appends one event of another area, as that area would (its vendor in the metadata), and answers
 * it as recorded: the process specifications feed their process managers this way.
 */
export async function appendAsArea(
  app: TestApp,
  stream: string,
  type: string,
  data: Record<string, unknown>,
  vendorId: number,
): Promise<RecordedEvent> {
  await app.services.store.append(stream, [{ id: randomUUID(), type, data, metadata: { vendor_id: vendorId, user_id: 'system:test' } }], {
    expected: 'any',
  });
  return (await app.services.store.readStream(stream)).at(-1)!;
}
