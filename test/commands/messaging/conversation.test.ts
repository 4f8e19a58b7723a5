import { expect } from 'chai';
import type { Actor } from '../../../commands/messaging/commands.ts';
import type { ConversationEvent } from '../../../commands/messaging/events.ts';
import { conversation } from '../../../commands/messaging/conversation.ts';
import { ConversationNotFoundException, MessageAttachmentException } from '../../../commands/messaging/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-26T10:00:00.000Z';
const later = '2026-11-26T11:00:00.000Z';
const cid = '00000000-0000-4000-8000-000000000002';
const customer: Actor = { kind: 'customer', id: 21, name: 'Carl', vendor_id: 3 };
const owner: Actor = { kind: 'vendor_user', id: 7, name: 'Olga', vendor_id: 3 };
const member: Actor = { kind: 'vendor_user', id: 8, name: 'Max', vendor_id: 3 };
const admin: Actor = { kind: 'admin', id: 1, name: 'Ada', vendor_id: null };
const parties = { conversation_type: 'vendor_customer' as const, vendor_id: 3, customer_id: 21, admin_ids: [] };
const author = (a: Actor) => ({ kind: a.kind, id: a.id, name: a.name });
const posted = (a: Actor, id: string, body = 'Hi'): ConversationEvent => ({
  type: 'MessagePosted',
  data: { conversation_id: cid, message_id: id, ...parties, author: author(a), body, attachments: [], at },
});
const history: ConversationEvent[] = [
  { type: 'ConversationStarted', data: { conversation_id: cid, ...parties, subject: 'Delivery', started_by: author(customer), at } },
  posted(customer, 'm1'),
];
const reply = (actor: Actor, id = 'm2', attachments: any[] = []) => ({
  type: 'PostMessage' as const,
  data: { actor, message_id: id, body: 'Hi', attachments, at },
});
const read = (actor: Actor) => ({ type: 'MarkConversationRead' as const, data: { actor, at: later } });

describe('a conversation', () => {
  context('replies', () => {
    it("any member of the vendor's team replies to the vendor's customer conversation", () => {
      given(conversation, history)
        .when(reply(member))
        .then([posted(member, 'm2')]);
      given(conversation, history)
        .when(reply(owner))
        .then([posted(owner, 'm2')]);
    });
    it("a stranger is told the conversation does not exist: another vendor's member, another customer, an admin", () => {
      for (const stranger of [{ ...member, vendor_id: 4 }, { ...customer, id: 22 }, { ...customer, vendor_id: 4 }, admin]) {
        given(conversation, history).when(reply(stranger)).thenThrows(ConversationNotFoundException);
        given(conversation, history).when(read(stranger)).thenThrows(ConversationNotFoundException);
      }
    });
    it('a conversation that was never started does not exist', () => {
      given(conversation, []).when(reply(customer)).thenThrows(ConversationNotFoundException);
    });
    it('carries at most 5 attachments', () => {
      const six = Array.from({ length: 6 }, (_, i) => ({ id: `a${i}`, filename: 'a.txt', content_type: 'text/plain', size: 1 }));
      given(conversation, history)
        .when(reply(customer, 'm2', six))
        .thenThrows(MessageAttachmentException);
    });
  });

  context('read positions', () => {
    it("each team member reads on their own: one member's read moves only their position", () => {
      const afterOwner: ConversationEvent = {
        type: 'ConversationRead',
        data: { conversation_id: cid, reader: { kind: 'vendor_user', id: 7 }, up_to_message_id: 'm1', at: later },
      };
      given(conversation, history).when(read(owner)).then([afterOwner]);
      given(conversation, [...history, afterOwner])
        .when(read(member))
        .then([
          {
            type: 'ConversationRead',
            data: { conversation_id: cid, reader: { kind: 'vendor_user', id: 8 }, up_to_message_id: 'm1', at: later },
          },
        ]);
    });
    it('reading again with nothing new is no event', () => {
      const r: ConversationEvent = {
        type: 'ConversationRead',
        data: { conversation_id: cid, reader: { kind: 'vendor_user', id: 7 }, up_to_message_id: 'm1', at: later },
      };
      given(conversation, [...history, r])
        .when(read(owner))
        .then([]);
    });
    it('writing a message is having read up to it: the author has nothing to mark', () => {
      given(conversation, history).when(read(customer)).then([]);
      const { state } = given(conversation, [...history, posted(member, 'm2')]);
      expect(state).to.deep.include({ message_count: 2, last_message_id: 'm2' });
      given(conversation, [...history, posted(member, 'm2')])
        .when(read(customer))
        .then([
          {
            type: 'ConversationRead',
            data: { conversation_id: cid, reader: { kind: 'customer', id: 21 }, up_to_message_id: 'm2', at: later },
          },
        ]);
    });
  });

  context('admin conversations', () => {
    const adminParties = { conversation_type: 'admin' as const, vendor_id: null, customer_id: null, admin_ids: [1, 2] };
    const adminHistory: ConversationEvent[] = [
      { type: 'ConversationStarted', data: { conversation_id: cid, ...adminParties, subject: 'Ops', started_by: author(admin), at } },
    ];
    it('only the named admins take part', () => {
      given(conversation, adminHistory)
        .when(reply({ ...admin, id: 2 }))
        .then([
          {
            type: 'MessagePosted',
            data: {
              conversation_id: cid,
              message_id: 'm2',
              ...adminParties,
              author: { kind: 'admin', id: 2, name: 'Ada' },
              body: 'Hi',
              attachments: [],
              at,
            },
          },
        ]);
      given(conversation, adminHistory)
        .when(reply({ ...admin, id: 3 }))
        .thenThrows(ConversationNotFoundException);
      given(conversation, adminHistory).when(reply(owner)).thenThrows(ConversationNotFoundException);
    });
  });
});
