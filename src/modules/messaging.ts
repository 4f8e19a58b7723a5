import { conversation } from '../../commands/messaging/conversation.ts';
import { conversations } from '../../projections/messaging/conversations.ts';
import { adminMessageStreamRoutes } from '../http/admin/messageStream.ts';
import { adminMessageRoutes } from '../http/admin/messages.ts';
import { shopMessageStreamRoutes } from '../http/shop/messageStream.ts';
import { shopMessageRoutes } from '../http/shop/messages.ts';
import { vendorMessageStreamRoutes } from '../http/vendor/messageStream.ts';
import { vendorMessageRoutes } from '../http/vendor/messages.ts';
import { adminMessagesPageRoutes } from '../pages/messaging/adminPages.ts';
import { messagesAssetRoutes } from '../pages/messaging/assets.ts';
import { vendorMessagesPageRoutes } from '../pages/messaging/vendorPages.ts';
import { messagingBackOffice } from '../pages/messaging/backOfficeEntries.ts';
import { storefrontMessagesRoutes } from '../pages/messaging/shopPages.ts';
import { mailRecipientsOnMessagePosted } from '../processes/mailRecipientsOnMessagePosted.ts';
import { defineModule } from './module.ts';

/**
 * Messaging (SPEC.md part 1 capability 6): conversations between a shop's customers and the
 * vendor's team, between the platform's admins and a vendor's team, and among admins; messages
 * with attachments; an unread count per user (docs/messaging.md).
 */
export const messagingModule = defineModule({
  name: 'messaging',
  tag: 'Messaging',
  description:
    'Conversations between customers, vendor teams and admins: lists with unread counts, messages with attachments, read positions.',
  features: ['Customer, vendor and admin conversations', 'Attachments', 'Unread counts', 'Live delivery'],
  dependsOn: ['vendors', 'customers', 'users', 'team'],
  // The live streams first: /messages/stream must never reach /messages/{conversation_id}.
  routes: {
    admin: [adminMessageStreamRoutes, adminMessageRoutes],
    vendor: [vendorMessageStreamRoutes, vendorMessageRoutes],
    shop: [shopMessageStreamRoutes, shopMessageRoutes],
  },
  consumers: [conversations, mailRecipientsOnMessagePosted],
  pages: [messagesAssetRoutes, storefrontMessagesRoutes, vendorMessagesPageRoutes, adminMessagesPageRoutes],
  aggregates: [conversation],
  backOffice: messagingBackOffice,
});
/** A reader's unread messages over their conversations, for the vendor dashboard. */
export { unreadCount } from '../../queries/messaging/unread.ts';
