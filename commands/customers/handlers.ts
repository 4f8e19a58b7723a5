import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/core/clock.ts';
import { ConcurrencyException, ConflictException } from '../../src/core/errors.ts';
import { hashPassword } from '../../src/core/passwords.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, retryOnConflict, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { reservation, reservationId } from '../reservations/reservation.ts';
import type { AddressCommand } from './commands.ts';
import type { CustomerState } from './customer.ts';
import type { AddressFields, CustomerProfile } from './events.ts';
import { customer, loadCustomer } from './customerDecider.ts';
import { hashResetToken, newResetToken } from './resetToken.ts';

/**
 * Command handlers of the customer area. E-mails are unique per vendor on the write side: the
 * reservation `customer_email:<vendor_id>:<email>` is claimed before the customer is written and
 * released again if that write fails (users do the same with their e-mails).
 */
export interface CustomerDeps {
  store: EventStore;
  db: Executor;
  clock: Clock;
}

type Done = Handled<unknown, any>;

const EMAIL_KIND = 'customer_email';
const emailValue = (vendorId: number, email: string) => `${vendorId}:${email.trim().toLowerCase()}`;

export interface NewCustomer {
  email: string;
  password: string;
  first_name: string | null;
  last_name: string | null;
  preferred_language: CustomerProfile['preferred_language'];
  preferences?: Record<string, unknown>;
}

export async function registerCustomer(
  deps: CustomerDeps,
  vendorId: number,
  input: NewCustomer,
  ctx: CommandContext,
): Promise<{ id: number; done: Done[] }> {
  const id = await nextId(deps.db, 'customer');
  const email = input.email.trim().toLowerCase();
  const password_hash = await hashPassword(input.password);
  const claim = { kind: EMAIL_KIND, value: emailValue(vendorId, email), holder: String(id) };
  const done: Done[] = [];
  try {
    done.push(
      await handleCommand(
        deps.store,
        reservation,
        reservationId(EMAIL_KIND, claim.value),
        { type: 'ReserveUniqueValue', data: claim },
        ctx,
      ),
    );
  } catch (err) {
    if (err instanceof ConflictException && !(err instanceof ConcurrencyException)) {
      throw new ConflictException('An account with this e-mail already exists at this shop; sign in or reset the password', {
        field: 'email',
      });
    }
    throw err;
  }
  try {
    done.push(
      await handleCommand(
        deps.store,
        customer,
        id,
        {
          type: 'RegisterCustomer',
          data: {
            customer_id: id,
            vendor_id: vendorId,
            email,
            password_hash,
            first_name: input.first_name,
            last_name: input.last_name,
            preferred_language: input.preferred_language,
            preferences: input.preferences ?? {},
            at: deps.clock.now().toISOString(),
          },
        },
        ctx,
      ),
    );
  } catch (err) {
    await handleCommand(deps.store, reservation, reservationId(EMAIL_KIND, claim.value), { type: 'ReleaseUniqueValue', data: claim }, ctx);
    throw err;
  }
  return { id, done };
}

/**
 * The customer of a shop with this e-mail, from the write side (the e-mail's reservation names its
 * holder): a customer who registered a moment ago can sign in at once, whatever the read models.
 */
export async function findCustomerByEmail(
  deps: Pick<CustomerDeps, 'store'>,
  vendorId: number,
  email: string,
): Promise<CustomerState | null> {
  const { state } = await load(deps.store, reservation, reservationId(EMAIL_KIND, emailValue(vendorId, email)));
  if (state.holder === null) return null;
  const found = await loadCustomer(deps.store, Number(state.holder)).catch(() => null);
  return found && found.vendor_id === vendorId ? found : null;
}

/** A new session of the customer; its id goes into the token (`sid`). */
export async function startSession(deps: CustomerDeps, customerId: number, lifetimeSeconds: number, ctx: CommandContext) {
  const now = deps.clock.now();
  const sessionId = randomUUID();
  const done = await handleCommand(
    deps.store,
    customer,
    customerId,
    {
      type: 'StartCustomerSession',
      data: { session_id: sessionId, expires_at: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(), at: now.toISOString() },
    },
    ctx,
  );
  return { sessionId, done: [done] };
}

export async function endSession(deps: CustomerDeps, customerId: number, sessionId: string, ctx: CommandContext): Promise<Done[]> {
  return [
    await handleCommand(
      deps.store,
      customer,
      customerId,
      {
        type: 'EndCustomerSession',
        data: { session_id: sessionId, at: deps.clock.now().toISOString() },
      },
      ctx,
    ),
  ];
}

export async function changeProfile(
  deps: CustomerDeps,
  customerId: number,
  changes: Partial<CustomerProfile>,
  ctx: CommandContext,
): Promise<Done[]> {
  return [
    await handleCommand(
      deps.store,
      customer,
      customerId,
      {
        type: 'ChangeCustomerProfile',
        data: { changes, at: deps.clock.now().toISOString() },
      },
      ctx,
    ),
  ];
}

/** A new password chosen knowing the current one (checked by the caller); the session `keep` stays open. */
export async function changePassword(
  deps: CustomerDeps,
  customerId: number,
  password: string,
  keep: string | null,
  ctx: CommandContext,
): Promise<Done[]> {
  const password_hash = await hashPassword(password);
  return [
    await handleCommand(
      deps.store,
      customer,
      customerId,
      {
        type: 'ChangeCustomerPassword',
        data: { password_hash, kept_session_id: keep, at: deps.clock.now().toISOString() },
      },
      ctx,
    ),
  ];
}

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;

/**
 * Records a reset request and returns the raw token, which the caller puts in the mail and
 * nowhere else (the event holds its hash only). A newer request replaces the pending link.
 */
export async function requestPasswordReset(deps: CustomerDeps, customerId: number, ctx: CommandContext) {
  const now = deps.clock.now();
  const { token, hash } = newResetToken(customerId);
  const done = await handleCommand(
    deps.store,
    customer,
    customerId,
    {
      type: 'RequestCustomerPasswordReset',
      data: { token_hash: hash, expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(), at: now.toISOString() },
    },
    ctx,
  );
  return { token, hash, done: [done] };
}

/** Uses a reset link once: the new password, and every session of the customer ends. */
export async function resetPassword(
  deps: CustomerDeps,
  customerId: number,
  token: string,
  password: string,
  ctx: CommandContext,
): Promise<Done[]> {
  const password_hash = await hashPassword(password);
  return [
    await handleCommand(
      deps.store,
      customer,
      customerId,
      {
        type: 'ResetCustomerPassword',
        data: { token_hash: hashResetToken(token), password_hash, at: deps.clock.now().toISOString() },
      },
      ctx,
    ),
  ];
}

/**
 * Address commands are decided again when a concurrent write to the same customer came first: each
 * decision is made on the stream's latest state, so a retry cannot break the one-default or the
 * ten-address rule; it only spares the shopper a 409 for a double click.
 */
async function addressCommand(deps: CustomerDeps, customerId: number, command: AddressCommand, ctx: CommandContext): Promise<Done[]> {
  return [await retryOnConflict(() => handleCommand(deps.store, customer, customerId, command, ctx), { tx: ctx.tx })];
}

export async function addAddress(
  deps: CustomerDeps,
  customerId: number,
  fields: AddressFields,
  isDefault: boolean | undefined,
  ctx: CommandContext,
) {
  const address_id = await nextId(deps.db, 'customer_address');
  const done = await addressCommand(
    deps,
    customerId,
    {
      type: 'AddCustomerAddress',
      data: { address_id, fields, is_default: isDefault, at: deps.clock.now().toISOString() },
    },
    ctx,
  );
  return { id: address_id, done };
}

export const changeAddress = (
  deps: CustomerDeps,
  customerId: number,
  addressId: number,
  fields: AddressFields,
  isDefault: boolean | undefined,
  ctx: CommandContext,
) =>
  addressCommand(
    deps,
    customerId,
    {
      type: 'ChangeCustomerAddress',
      data: { address_id: addressId, fields, is_default: isDefault, at: deps.clock.now().toISOString() },
    },
    ctx,
  );

export const removeAddress = (deps: CustomerDeps, customerId: number, addressId: number, ctx: CommandContext) =>
  addressCommand(
    deps,
    customerId,
    { type: 'RemoveCustomerAddress', data: { address_id: addressId, at: deps.clock.now().toISOString() } },
    ctx,
  );

export const setDefaultAddress = (deps: CustomerDeps, customerId: number, addressId: number, ctx: CommandContext) =>
  addressCommand(
    deps,
    customerId,
    { type: 'SetDefaultCustomerAddress', data: { address_id: addressId, at: deps.clock.now().toISOString() } },
    ctx,
  );
