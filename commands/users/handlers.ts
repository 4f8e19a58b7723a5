import type { Clock } from '../../src/core/clock.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { hashPassword } from '../../src/core/passwords.ts';
import { reservation, reservationId } from '../reservations/reservation.ts';
import type { Language, Role, UserProfile } from './events.ts';
import { user } from './user.ts';

/**
 * Command handlers that span the user aggregate and its reservations (e-mail, username).
 * Order: reserve the unique values first, then write the user; if the user write fails, the
 * reservations are released, so a failed request leaves no value blocked.
 */
export interface UserDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
}

export interface NewUser {
  email: string;
  username: string;
  /** The password, hashed here; or its argon2 hash already made (a signup keeps only the hash between its steps). */
  password?: string;
  password_hash?: string;
  role: Role;
  first_name?: string | null;
  last_name?: string | null;
  preferred_language?: Language;
  must_change_password?: boolean;
  /** An id allocated beforehand (a signup allocates its ids once, so a repeated completion reuses them). */
  id?: number;
}

/** The service's clock: every recorded time of these commands, so a test can move time forward. */
const now = (deps: { clock: Clock }) => deps.clock.now().toISOString();

async function reserve(deps: UserDeps, kind: string, value: string, holder: number, ctx: CommandContext) {
  return handleCommand(
    deps.store,
    reservation,
    reservationId(kind, value),
    { type: 'ReserveUniqueValue', data: { kind, value, holder: String(holder) } },
    ctx,
  );
}

async function release(deps: UserDeps, kind: string, value: string, holder: number, ctx: CommandContext) {
  return handleCommand(
    deps.store,
    reservation,
    reservationId(kind, value),
    { type: 'ReleaseUniqueValue', data: { kind, value, holder: String(holder) } },
    ctx,
  );
}

export async function createUser(
  deps: UserDeps,
  input: NewUser,
  ctx: CommandContext,
): Promise<{ id: number; done: Handled<unknown, any>[] }> {
  const id = input.id ?? (await nextId(deps.db, 'user'));
  const email = input.email.trim().toLowerCase();
  const username = input.username.trim();
  if (input.password_hash === undefined && input.password === undefined) throw new Error('createUser needs a password or its hash');
  const password_hash = input.password_hash ?? (await hashPassword(input.password!));
  const done: Handled<any, any>[] = [];
  done.push(await reserve(deps, 'email', email, id, ctx));
  try {
    done.push(await reserve(deps, 'username', username, id, ctx));
  } catch (err) {
    await release(deps, 'email', email, id, ctx);
    throw err;
  }
  try {
    done.push(
      await handleCommand(
        deps.store,
        user,
        id,
        {
          type: 'CreateUser',
          data: {
            user_id: id,
            role: input.role,
            password_hash,
            must_change_password: input.must_change_password ?? false,
            email,
            username,
            first_name: input.first_name ?? null,
            last_name: input.last_name ?? null,
            preferred_language: input.preferred_language ?? 'en',
            at: now(deps),
          },
        },
        ctx,
      ),
    );
  } catch (err) {
    await release(deps, 'email', email, id, ctx);
    await release(deps, 'username', username, id, ctx);
    throw err;
  }
  return { id, done };
}

export async function changeUserProfile(deps: UserDeps, id: number, changes: Partial<UserProfile>, ctx: CommandContext) {
  // The current e-mail and username matter only when one of them changes (their reservations move).
  const swapping = changes.email !== undefined || changes.username !== undefined;
  const state = swapping ? (await load(deps.store, user, id)).state : null;
  const done: Handled<any, any>[] = [];
  const current = state && (state.status === 'active' || state.status === 'inactive') ? state : null;
  const swaps: [string, string | undefined, string | undefined][] = [
    ['email', changes.email?.trim().toLowerCase(), current?.email],
    ['username', changes.username?.trim(), current?.username],
  ];
  const reserved: [string, string][] = [];
  try {
    for (const [kind, next, prev] of swaps) {
      if (current && next !== undefined && next.toLowerCase() !== prev?.toLowerCase()) {
        done.push(await reserve(deps, kind, next, id, ctx));
        reserved.push([kind, next]);
      }
    }
    const normalized = { ...changes, ...(changes.email ? { email: changes.email.trim().toLowerCase() } : {}) };
    done.push(await handleCommand(deps.store, user, id, { type: 'ChangeUserProfile', data: { changes: normalized, at: now(deps) } }, ctx));
  } catch (err) {
    for (const [kind, value] of reserved) await release(deps, kind, value, id, ctx);
    throw err;
  }
  // The old values are released only once the user carries the new ones.
  for (const [kind] of reserved) {
    const prev = swaps.find(([k]) => k === kind)![2];
    if (prev) done.push(await release(deps, kind, prev, id, ctx));
  }
  return done;
}

export async function deleteUser(deps: UserDeps, id: number, ctx: CommandContext) {
  const { state } = await load(deps.store, user, id);
  const done: Handled<unknown, any>[] = [await handleCommand(deps.store, user, id, { type: 'DeleteUser', data: { at: now(deps) } }, ctx)];
  if (state.status === 'active' || state.status === 'inactive') {
    done.push(await release(deps, 'email', state.email, id, ctx));
    done.push(await release(deps, 'username', state.username, id, ctx));
  }
  return done;
}

export async function setUserActive(deps: UserDeps, id: number, active: boolean, ctx: CommandContext) {
  return [await handleCommand(deps.store, user, id, { type: 'SetUserActive', data: { active, at: now(deps) } }, ctx)];
}

export async function changeUserRole(deps: UserDeps, id: number, role: Role, ctx: CommandContext) {
  return [await handleCommand(deps.store, user, id, { type: 'ChangeUserRole', data: { role, at: now(deps) } }, ctx)];
}

export async function changeUserPassword(deps: UserDeps, id: number, password: string, mustChange: boolean, ctx: CommandContext) {
  const password_hash = await hashPassword(password);
  return [
    await handleCommand(
      deps.store,
      user,
      id,
      {
        type: 'ChangeUserPassword',
        data: { password_hash, must_change_password: mustChange, at: now(deps) },
      },
      ctx,
    ),
  ];
}
