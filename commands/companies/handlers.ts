import type { Clock } from '../../src/core/clock.ts';
import { randomBytes } from 'node:crypto';
import { ConflictException } from '../../src/core/errors.ts';
import { UserNotFoundException } from '../users/errors.ts';
import { temporaryPassword } from '../../src/core/passwords.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { createUser, user } from '../../src/modules/users.ts';
import type { CompanyDetails } from './events.ts';
import { company } from './company.ts';

export interface CompanyDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
}

export interface NewCompany extends CompanyDetails {
  /** An id allocated beforehand (a signup allocates its ids once, so a repeated completion reuses them). */
  id?: number;
  owner: { email: string; username?: string; first_name?: string | null; last_name?: string | null; existing_user_id?: number | null };
}

export interface CreatedCompany {
  id: number;
  owner_user_id: number;
  /** Shown once to the admin; only its argon2 hash is stored (in the user's events). */
  temporary_password: string | null;
  done: Handled<unknown, any>[];
}

/** The service's clock: every recorded time of these commands, so a test can move time forward. */
const now = (deps: { clock: Clock }) => deps.clock.now().toISOString();

function usernameFrom(email: string): string {
  const base = email
    .split('@')[0]
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 40);
  return base.length >= 3 ? base : `owner-${base}`;
}

/**
 * Registers a company (SPEC.md 4.1): opens the owner's account with a temporary password that
 * must be changed at the first sign-in, unless the owner is an existing user, then the company.
 */
export async function createCompany(deps: CompanyDeps, input: NewCompany, ctx: CommandContext): Promise<CreatedCompany> {
  const done: Handled<unknown, any>[] = [];
  let ownerId = input.owner.existing_user_id ?? null;
  let password: string | null = null;
  if (ownerId === null) {
    password = temporaryPassword();
    const base = {
      email: input.owner.email,
      password,
      role: 'vendor' as const,
      must_change_password: true,
      first_name: input.owner.first_name ?? null,
      last_name: input.owner.last_name ?? null,
    };
    let created;
    try {
      created = await createUser(deps, { ...base, username: input.owner.username ?? usernameFrom(input.owner.email) }, ctx);
    } catch (err) {
      // A derived username may be taken: derive a distinct one. A given username stays a 409.
      if (input.owner.username || !(err instanceof ConflictException) || err.extra.field !== 'username') throw err;
      created = await createUser(deps, { ...base, username: `${usernameFrom(input.owner.email)}-${randomBytes(3).toString('hex')}` }, ctx);
    }
    ownerId = created.id;
    done.push(...created.done);
  }
  const id = input.id ?? (await nextId(deps.db, 'company'));
  const { owner: _owner, id: _id, ...details } = input;
  done.push(
    await handleCommand(
      deps.store,
      company,
      id,
      { type: 'CreateCompany', data: { ...details, company_id: id, owner_user_id: ownerId, at: now(deps) } },
      ctx,
    ),
  );
  return { id, owner_user_id: ownerId, temporary_password: password, done };
}

export async function changeCompanyDetails(deps: CompanyDeps, id: number, changes: Partial<CompanyDetails>, ctx: CommandContext) {
  return [await handleCommand(deps.store, company, id, { type: 'ChangeCompanyDetails', data: { changes, at: now(deps) } }, ctx)];
}

export async function setCompanyVerified(deps: CompanyDeps, id: number, verified: boolean, ctx: CommandContext) {
  return [await handleCommand(deps.store, company, id, { type: 'SetCompanyVerified', data: { verified, at: now(deps) } }, ctx)];
}

export async function setCompanyActive(deps: CompanyDeps, id: number, active: boolean, ctx: CommandContext) {
  return [await handleCommand(deps.store, company, id, { type: 'SetCompanyActive', data: { active, at: now(deps) } }, ctx)];
}

/** The new owner must be a live, active account (read from its own stream, not a read model). */
export async function transferCompanyOwnership(
  deps: CompanyDeps,
  id: number,
  newOwner: number,
  reason: string | null,
  ctx: CommandContext,
) {
  const { state } = await load(deps.store, user, newOwner);
  if (state.status !== 'active') throw new UserNotFoundException(`User ${newOwner} does not exist or is not active`);
  return [
    await handleCommand(
      deps.store,
      company,
      id,
      { type: 'TransferCompanyOwnership', data: { new_owner_user_id: newOwner, reason, at: now(deps) } },
      ctx,
    ),
  ];
}

export async function deleteCompany(deps: CompanyDeps, id: number, ctx: CommandContext) {
  return [await handleCommand(deps.store, company, id, { type: 'DeleteCompany', data: { at: now(deps) } }, ctx)];
}
