import type { Actor } from '../../../commands/messaging/commands.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { totalUnread } from './actions.ts';

const LABEL = { en: 'Messages', fr: 'Messages', de: 'Nachrichten', lb: 'Messagen' };

const actorOf = (v: Viewer): Actor =>
  v.vendor
    ? { kind: 'vendor_user', id: v.userId, vendor_id: v.vendor.id, name: v.userName }
    : { kind: 'admin', id: v.userId, vendor_id: null, name: v.userName };

/** Messaging in both back offices: its navigation entry and the header's unread count. */
export const messagingBackOffice: BackOfficeContribution = {
  navigation: [
    { area: 'vendor', key: 'messages', label: LABEL, href: '/vendor/messages', section: 'communication', icon: 'message', order: 10 },
    { area: 'admin', key: 'messages', label: LABEL, href: '/admin/messages', section: 'communication', icon: 'message', order: 10 },
  ],
  counts: [
    {
      area: 'vendor',
      key: 'messages',
      label: { en: 'Unread messages', fr: 'Messages non lus', de: 'Ungelesene Nachrichten', lb: 'Ongeliese Messagen' },
      href: '/vendor/messages',
      count: (s, v) => totalUnread(s, actorOf(v)),
    },
    {
      area: 'admin',
      key: 'messages',
      label: { en: 'Unread messages', fr: 'Messages non lus', de: 'Ungelesene Nachrichten', lb: 'Ongeliese Messagen' },
      href: '/admin/messages',
      count: (s, v) => totalUnread(s, actorOf(v)),
    },
  ],
};
