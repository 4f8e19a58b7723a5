import { expect } from 'chai';
import type { Actor } from '../../../commands/messaging/commands.ts';
import type { ConversationEvent } from '../../../commands/messaging/events.ts';
import { conversation } from '../../../commands/messaging/conversation.ts';
import { ConflictException, ValidationException } from '../../../src/core/errors.ts';
import {
  InvalidConversationTypeException,
  InvalidRecipientTypeException,
  MessageAttachmentException,
} from '../../../commands/messaging/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-26T10:00:00.000Z';
const cid = '00000000-0000-4000-8000-000000000001';
const admin: Actor = { kind: 'admin', id: 1, name: 'Ada Admin', vendor_id: null };
const member: Actor = { kind: 'vendor_user', id: 7, name: 'Vera Vendor', vendor_id: 3 };
const customer: Actor = { kind: 'customer', id: 21, name: 'Carl Customer', vendor_id: 3 };
const png = { id: 'a1', filename: 'photo.png', content_type: 'image/png', size: 120 };

const start = (actor: Actor, data: Record<string, unknown>) => ({
  type: 'StartConversation' as const,
  data: {
    conversation_id: cid,
    conversation_type: 'vendor_customer',
    subject: 'About my order',
    vendor_id: null,
    customer_id: null,
    admin_ids: [],
    actor,
    message_id: 'm1',
    body: 'Hello',
    attachments: [],
    at,
    ...data,
  },
});
const author = (a: Actor) => ({ kind: a.kind, id: a.id, name: a.name });
const opened = (a: Actor, parties: Record<string, unknown>, attachments = [] as (typeof png)[]): ConversationEvent[] => {
  const p = { conversation_type: 'vendor_customer', vendor_id: null, customer_id: null, admin_ids: [], ...parties } as any;
  return [
    { type: 'ConversationStarted', data: { conversation_id: cid, ...p, subject: 'About my order', started_by: author(a), at } },
    { type: 'MessagePosted', data: { conversation_id: cid, message_id: 'm1', ...p, author: author(a), body: 'Hello', attachments, at } },
  ];
};

describe('starting a conversation', () => {
  context('from the shop', () => {
    it("a customer opens a vendor_customer conversation with their shop's vendor, with its first message", () => {
      given(conversation, [])
        .when(start(customer, {}))
        .then(opened(customer, { vendor_id: 3, customer_id: 21 }));
    });
    it('a customer opens no other type', () => {
      for (const type of ['admin_vendor', 'admin', 'support']) {
        given(conversation, [])
          .when(start(customer, { conversation_type: type }))
          .thenThrows(InvalidConversationTypeException);
      }
    });
    it('a customer names no other customer', () => {
      given(conversation, [])
        .when(start(customer, { customer_id: 22 }))
        .thenThrows(InvalidRecipientTypeException);
    });
  });

  context('from the vendor area', () => {
    it("a team member opens a conversation with one of the vendor's customers", () => {
      given(conversation, [])
        .when(start(member, { customer_id: 21 }))
        .then(opened(member, { vendor_id: 3, customer_id: 21 }));
    });
    it('a team member opens an admin_vendor conversation with the platform (every admin)', () => {
      given(conversation, [])
        .when(start(member, { conversation_type: 'admin_vendor' }))
        .then(opened(member, { conversation_type: 'admin_vendor', vendor_id: 3 }));
    });
    it('needs the customer of a vendor_customer conversation, and names no admins', () => {
      given(conversation, [])
        .when(start(member, {}))
        .thenThrows(InvalidRecipientTypeException, /customer_id/);
      given(conversation, [])
        .when(start(member, { customer_id: 21, admin_ids: [1] }))
        .thenThrows(InvalidRecipientTypeException);
      given(conversation, [])
        .when(start(member, { conversation_type: 'admin_vendor', customer_id: 21 }))
        .thenThrows(InvalidRecipientTypeException);
    });
    it('never opens an admin conversation', () => {
      given(conversation, [])
        .when(start(member, { conversation_type: 'admin', admin_ids: [1] }))
        .thenThrows(InvalidConversationTypeException);
    });
  });

  context('from the admin area', () => {
    it('an admin opens an admin_vendor conversation with a vendor', () => {
      given(conversation, [])
        .when(start(admin, { conversation_type: 'admin_vendor', vendor_id: 3 }))
        .then(opened(admin, { conversation_type: 'admin_vendor', vendor_id: 3 }));
    });
    it('an admin opens an admin conversation with other admins, taking part themselves', () => {
      given(conversation, [])
        .when(start(admin, { conversation_type: 'admin', admin_ids: [5, 2, 5] }))
        .then(opened(admin, { conversation_type: 'admin', admin_ids: [1, 2, 5] }));
    });
    it('refuses recipients of the wrong kind', () => {
      given(conversation, [])
        .when(start(admin, { conversation_type: 'admin_vendor' }))
        .thenThrows(InvalidRecipientTypeException, /vendor_id/);
      given(conversation, [])
        .when(start(admin, { conversation_type: 'admin_vendor', vendor_id: 3, admin_ids: [2] }))
        .thenThrows(InvalidRecipientTypeException);
      given(conversation, [])
        .when(start(admin, { conversation_type: 'admin', vendor_id: 3, admin_ids: [2] }))
        .thenThrows(InvalidRecipientTypeException);
      given(conversation, [])
        .when(start(admin, { conversation_type: 'admin', admin_ids: [1] }))
        .thenThrows(InvalidRecipientTypeException, /other admin/);
    });
    it('never opens a vendor_customer conversation', () => {
      given(conversation, [])
        .when(start(admin, { vendor_id: 3, customer_id: 21 }))
        .thenThrows(InvalidConversationTypeException);
    });
  });

  it('the refusals are business rule violations (SPEC.md part 7)', () => {
    const err = given(conversation, [])
      .when(start(customer, { conversation_type: 'admin' }))
      .thenThrows(InvalidConversationTypeException);
    expect(err.status).to.equal(400);
  });

  it('needs a subject and a text or an attachment; carries at most 5 attachments', () => {
    given(conversation, [])
      .when(start(customer, { subject: '  ' }))
      .thenThrows(ValidationException, /subject/);
    given(conversation, [])
      .when(start(customer, { body: ' ' }))
      .thenThrows(ValidationException);
    given(conversation, [])
      .when(start(customer, { body: '', attachments: [png] }))
      .then(
        opened(customer, { vendor_id: 3, customer_id: 21 }, [png]).map((e) =>
          e.type === 'MessagePosted' ? { ...e, data: { ...e.data, body: '' } } : e,
        ),
      );
    const six = Array.from({ length: 6 }, (_, i) => ({ ...png, id: `a${i}` }));
    given(conversation, [])
      .when(start(customer, { attachments: six }))
      .thenThrows(MessageAttachmentException, /at most 5/);
  });

  it('never starts the same conversation twice', () => {
    given(conversation, opened(customer, { vendor_id: 3, customer_id: 21 }))
      .when(start(customer, {}))
      .thenThrows(ConflictException);
  });
});
