import type { Actor } from '../../commands/messaging/commands.ts';
import { TYPES_OPENED_BY } from '../../commands/messaging/conversation.ts';
import { plansKept } from '../modules/registry.ts';
import type { PlanReader } from '../modules/module.ts';

/**
 * The plan features a message needs (docs/messaging.md "Plan features"). One route serves every
 * conversation type, so the gate is per message, not per route: writing in a vendor_customer
 * conversation needs the vendor's `customer_messaging` (for its team and for its customers alike),
 * in an admin_vendor one the vendor's `admin_messaging`, and files need `message_attachments`.
 * The plan is the vendor's the actor acts for; admins are never gated (the platform always reaches
 * its vendors). Reading, marking read and downloading are never gated: a vendor that moves to a
 * lower tier keeps its history.
 */
const CONVERSATION_FEATURE: Record<string, string> = {
  vendor_customer: 'customer_messaging',
  admin_vendor: 'admin_messaging',
};

export function featuresForMessage(actor: Actor, conversationType: string, attachments: number): string[] {
  if (actor.kind === 'admin' || actor.vendor_id == null) return [];
  // A type the actor cannot write in is the decision's refusal (400 InvalidConversationTypeException), not a plan's.
  if (!(TYPES_OPENED_BY[actor.kind] as readonly string[]).includes(conversationType)) return [];
  const conversationFeature = CONVERSATION_FEATURE[conversationType];
  return [...(conversationFeature ? [conversationFeature] : []), ...(attachments > 0 ? ['message_attachments'] : [])];
}

/**
 * Refuses a message the vendor's plan does not include (403 FeatureNotAvailableException, as a
 * gated route does), before any file of it is stored and before any event: the messaging API and
 * the messages pages' forms call it on their one write path.
 */
export async function assertMessageAllowed(
  services: PlanReader,
  actor: Actor,
  conversationType: string,
  attachments: number,
): Promise<void> {
  for (const code of featuresForMessage(actor, conversationType, attachments))
    await plansKept().assertFeature(services, actor.vendor_id!, code);
}
