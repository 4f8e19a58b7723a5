import type { Knex } from 'knex';
import { COMPANY_EVENT_TYPES, type CompanyEvent } from '../../commands/companies/events.ts';
import { TEAM_MEMBER_EVENT_TYPES, type TeamEvent } from '../../commands/team/events.ts';
import { USER_EVENT_TYPES, type UserEvent } from '../../commands/users/events.ts';
import { VENDOR_EVENT_TYPES, type VendorEvent } from '../../commands/vendors/events.ts';
import { defineMemoryView } from '../../src/runtime/memoryView.ts';
import { memberKey, VENDOR_ACCESS_VIEW, type AccessFacts, type AccessUser, type AccessVendor } from '../../queries/team/vendorAccess.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

const VENDOR_TYPES = [
  'VendorCreated',
  'VendorProfileChanged',
  'VendorActivated',
  'VendorDeactivated',
  'VendorDeleted',
] as const satisfies readonly (typeof VENDOR_EVENT_TYPES)[number][];
const COMPANY_TYPES = [
  'CompanyCreated',
  'CompanyOwnershipTransferred',
  'CompanyDeleted',
] as const satisfies readonly (typeof COMPANY_EVENT_TYPES)[number][];

/**
 * The vendor guard's facts in every instance's memory (src/runtime/memoryViews.ts), so checking
 * a vendor request's caller costs no statement (nor an admin's: every user is here, with the
 * role the admin guard checks), and the names and languages the back offices'
 * frame greets a signed-in person with, so a page reads none either: loaded from user_list, vendor_list, company_list
 * and vendor_team_members, kept current from their events. A deactivated user, a removed member
 * or a changed role is refused by every instance as soon as its tail reads the event.
 */
export const vendorAccessView = defineMemoryView<AccessFacts>({
  name: VENDOR_ACCESS_VIEW,
  eventTypes: [...new Set([...USER_EVENT_TYPES, ...VENDOR_TYPES, ...COMPANY_TYPES, ...TEAM_MEMBER_EVENT_TYPES])],
  sources: ['user_list', 'vendor_list', 'company_list', 'vendor_team_members'],
  async load(trx: Knex.Transaction) {
    const facts: AccessFacts = { users: new Map(), vendors: new Map(), owners: new Map(), members: new Map() };
    for (const u of await trx('user_list').select<AccessUser[]>(
      'id',
      'role',
      'is_active',
      'must_change_password',
      'username',
      'email',
      'first_name',
      'last_name',
      'preferred_language',
    )) {
      facts.users.set(u.id, {
        id: u.id,
        role: u.role,
        is_active: u.is_active,
        must_change_password: u.must_change_password,
        username: u.username,
        email: u.email,
        first_name: u.first_name,
        last_name: u.last_name,
        preferred_language: u.preferred_language,
      });
    }
    for (const v of await trx('vendor_list').select<AccessVendor[]>(
      'id',
      'vendor_code',
      'name',
      'is_active',
      'company_id',
      'dashboard_language',
    )) {
      facts.vendors.set(v.id, {
        id: v.id,
        vendor_code: v.vendor_code,
        name: v.name,
        is_active: v.is_active,
        company_id: v.company_id,
        dashboard_language: v.dashboard_language,
      });
    }
    for (const c of await trx('company_list').select<{ id: number; owner_user_id: number | string }[]>('id', 'owner_user_id'))
      facts.owners.set(c.id, Number(c.owner_user_id));
    for (const m of await trx('vendor_team_members')
      .where({ is_active: true })
      .select<{ vendor_id: number; user_id: number; role: string; permissions: string[] | string }[]>(
        'vendor_id',
        'user_id',
        'role',
        'permissions',
      )) {
      facts.members.set(memberKey(m.vendor_id, m.user_id), {
        role: m.role,
        // The column is jsonb; a driver may give it as its text.
        permissions: typeof m.permissions === 'string' ? (JSON.parse(m.permissions) as string[]) : m.permissions,
      });
    }
    return facts;
  },
  // Each event sets what it states (a flag, a role, a row), so applying it twice changes nothing.
  apply(facts, raw) {
    const e = domainEvent<UserEvent | VendorEvent | CompanyEvent | TeamEvent>(raw);
    switch (e.type) {
      case 'UserCreated': {
        const d = e.data;
        facts.users.set(d.user_id, {
          id: d.user_id,
          role: d.role,
          is_active: true,
          must_change_password: d.must_change_password,
          username: d.username,
          email: d.email,
          first_name: d.first_name,
          last_name: d.last_name,
          preferred_language: d.preferred_language,
        });
        break;
      }
      case 'UserProfileChanged': {
        const u = facts.users.get(e.data.user_id);
        if (u) Object.assign(u, pick(e.data.changes, ['username', 'email', 'first_name', 'last_name', 'preferred_language']));
        break;
      }
      case 'UserRoleChanged': {
        const u = facts.users.get(e.data.user_id);
        if (u) u.role = e.data.role;
        break;
      }
      case 'UserActivated':
      case 'UserDeactivated': {
        const u = facts.users.get(e.data.user_id);
        if (u) u.is_active = e.type === 'UserActivated';
        break;
      }
      case 'UserPasswordChanged': {
        const u = facts.users.get(e.data.user_id);
        if (u) u.must_change_password = e.data.must_change_password;
        break;
      }
      case 'UserDeleted':
        facts.users.delete(e.data.user_id);
        break;
      case 'VendorCreated': {
        const d = e.data;
        facts.vendors.set(d.vendor_id, {
          id: d.vendor_id,
          vendor_code: d.vendor_code,
          name: d.name,
          is_active: true,
          company_id: d.company_id,
          dashboard_language: d.dashboard_language,
        });
        break;
      }
      case 'VendorProfileChanged': {
        const v = facts.vendors.get(e.data.vendor_id);
        if (v) Object.assign(v, pick(e.data.changes, ['name', 'dashboard_language']));
        break;
      }
      case 'VendorActivated':
      case 'VendorDeactivated': {
        const v = facts.vendors.get(e.data.vendor_id);
        if (v) v.is_active = e.type === 'VendorActivated';
        break;
      }
      case 'VendorDeleted': {
        facts.vendors.delete(e.data.vendor_id);
        for (const key of [...facts.members.keys()]) if (key.startsWith(`${e.data.vendor_id}:`)) facts.members.delete(key);
        break;
      }
      case 'CompanyCreated':
        facts.owners.set(e.data.company_id, e.data.owner_user_id);
        break;
      case 'CompanyOwnershipTransferred':
        facts.owners.set(e.data.company_id, e.data.new_owner_user_id);
        break;
      case 'CompanyDeleted':
        facts.owners.delete(e.data.company_id);
        break;
      case 'TeamInvitationAccepted':
      case 'TeamMemberRoleChanged':
        facts.members.set(memberKey(e.data.vendor_id, e.data.user_id), { role: e.data.role, permissions: e.data.permissions });
        break;
      case 'TeamMemberRemoved':
        facts.members.delete(memberKey(e.data.vendor_id, e.data.user_id));
        break;
    }
    return facts;
  },
});

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
