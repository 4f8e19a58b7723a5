import type { Clock } from '../../src/core/clock.ts';
import { randomBytes } from 'node:crypto';
import { ValidationException } from '../../src/core/errors.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, retryOnConflict, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { company } from '../../src/modules/companies.ts';
import type { ExtmarketSettings, RequestedPlan, VendorProfile } from './events.ts';
import { vendor } from './vendor.ts';
import { release, withClaims, type UniqueKind } from './unique.ts';

export interface VendorDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
}

type Done = Handled<unknown, any>[];
/** The service's clock: every recorded time of these commands, so a test can move time forward. */
const now = (deps: { clock: Clock }) => deps.clock.now().toISOString();

/**
 * Attaching and detaching vendors touch the company's stream, which every vendor creation of
 * that company shares. Both decisions are idempotent, so a lost race is simply decided again.
 */
function onCompany(
  deps: VendorDeps,
  companyId: number,
  command: { type: 'AttachVendor' | 'DetachVendor'; data: { vendor_id: number; at: string } },
  ctx: CommandContext,
) {
  return retryOnConflict(() => handleCommand(deps.store, company, companyId, command, ctx), { tx: ctx.tx });
}

/** Subdomains the platform keeps for itself (the vendor context never resolves them). */
export const RESERVED_SUBDOMAINS = [
  'www',
  'admin',
  'api',
  'app',
  'mail',
  'shop',
  'shops',
  'vendor',
  'vendors',
  'platform',
  'static',
  'assets',
  'cdn',
  'public',
];

export function checkSubdomain(subdomain: string): void {
  if (RESERVED_SUBDOMAINS.includes(subdomain)) {
    throw new ValidationException(`The subdomain '${subdomain}' is reserved by the platform`, [
      { pointer: '/body/subdomain', message: 'is reserved' },
    ]);
  }
}

export interface NewVendor extends VendorProfile {
  company_id: number;
  vendor_code: string;
  subdomain?: string;
  /** An id allocated beforehand (a signup allocates its ids once, so a repeated completion reuses them). */
  id?: number;
  /** The plan the admin picked, as the subscriptions area decided it: carried by VendorCreated for that area to open. */
  requested_plan?: RequestedPlan;
}

/**
 * Opens a vendor: claims its code and subdomain, records it on the company (so a concurrent
 * company deletion fails or this does), then creates the vendor. Any failure undoes the earlier
 * steps. VendorCreated is the hook for follow-ups such as the catalogue's placeholder product.
 */
export async function createVendor(deps: VendorDeps, input: NewVendor, ctx: CommandContext): Promise<{ id: number; done: Done }> {
  const { company_id, vendor_code: rawCode, subdomain: rawSub, id: givenId, requested_plan, ...profile } = input;
  const vendor_code = rawCode.trim().toUpperCase();
  const subdomain = (rawSub ?? vendor_code.replace(/_/g, '-')).trim().toLowerCase();
  checkSubdomain(subdomain);
  const id = givenId ?? (await nextId(deps.db, 'vendor'));
  const at = now(deps);
  const c = { ...ctx, vendorId: id };
  // A marketplace shop belongs to one vendor here (the signup's shop claim, SPEC.md part 2 "extmarket identity fields").
  const shop: [UniqueKind, string][] = profile.extmarket_vendor_id ? [['extmarket_shop', profile.extmarket_vendor_id]] : [];
  return withClaims(deps.store, [['vendor_code', vendor_code], ['subdomain', subdomain], ...shop], id, c, async (done) => {
    done.push(await onCompany(deps, company_id, { type: 'AttachVendor', data: { vendor_id: id, at } }, c));
    try {
      done.push(
        await handleCommand(
          deps.store,
          vendor,
          id,
          {
            type: 'CreateVendor',
            data: { ...profile, vendor_id: id, company_id, vendor_code, subdomain, at, ...(requested_plan ? { requested_plan } : {}) },
          },
          c,
        ),
      );
    } catch (err) {
      await onCompany(deps, company_id, { type: 'DetachVendor', data: { vendor_id: id, at } }, c);
      throw err;
    }
    return { id, done };
  });
}

export async function changeVendorProfile(
  deps: VendorDeps,
  id: number,
  changes: Partial<VendorProfile>,
  ctx: CommandContext,
): Promise<Done> {
  return [
    await handleCommand(
      deps.store,
      vendor,
      id,
      { type: 'ChangeVendorProfile', data: { changes, at: now(deps) } },
      { ...ctx, vendorId: id },
    ),
  ];
}

/** Claims the new subdomain, moves the vendor, then frees the old one. */
export async function changeVendorSubdomain(deps: VendorDeps, id: number, subdomain: string, ctx: CommandContext): Promise<Done> {
  const next = subdomain.trim().toLowerCase();
  checkSubdomain(next);
  const c = { ...ctx, vendorId: id };
  const { state } = await load(deps.store, vendor, id);
  if ((state.status === 'active' || state.status === 'inactive') && state.subdomain === next) return [];
  const done = await withClaims(deps.store, [['subdomain', next]], id, c, async (d) => {
    d.push(await handleCommand(deps.store, vendor, id, { type: 'ChangeVendorSubdomain', data: { subdomain: next, at: now(deps) } }, c));
    return d;
  });
  if (state.status === 'active' || state.status === 'inactive') done.push(await release(deps.store, 'subdomain', state.subdomain, id, c));
  return done;
}

export async function changeExtmarketSettings(
  deps: VendorDeps,
  id: number,
  changes: ExtmarketSettings,
  ctx: CommandContext,
): Promise<Done> {
  return [
    await handleCommand(
      deps.store,
      vendor,
      id,
      { type: 'ChangeExtmarketSettings', data: { changes, at: now(deps) } },
      { ...ctx, vendorId: id },
    ),
  ];
}

export async function setVendorVerified(deps: VendorDeps, id: number, verified: boolean, ctx: CommandContext): Promise<Done> {
  return [
    await handleCommand(deps.store, vendor, id, { type: 'SetVendorVerified', data: { verified, at: now(deps) } }, { ...ctx, vendorId: id }),
  ];
}

export async function setVendorActive(deps: VendorDeps, id: number, active: boolean, ctx: CommandContext): Promise<Done> {
  return [
    await handleCommand(deps.store, vendor, id, { type: 'SetVendorActive', data: { active, at: now(deps) } }, { ...ctx, vendorId: id }),
  ];
}

/** Closes the vendor, detaches it from its company and frees its code, subdomain and domains. */
export async function deleteVendor(deps: VendorDeps, id: number, ctx: CommandContext): Promise<Done> {
  const c = { ...ctx, vendorId: id };
  const { state } = await load(deps.store, vendor, id);
  const at = now(deps);
  const done: Done = [await handleCommand(deps.store, vendor, id, { type: 'DeleteVendor', data: { at } }, c)];
  if (state.status !== 'active' && state.status !== 'inactive') return done;
  done.push(await onCompany(deps, state.company_id, { type: 'DetachVendor', data: { vendor_id: id, at } }, c));
  done.push(await release(deps.store, 'vendor_code', state.vendor_code, id, c));
  done.push(await release(deps.store, 'subdomain', state.subdomain, id, c));
  if (state.extmarket_vendor_id) done.push(await release(deps.store, 'extmarket_shop', state.extmarket_vendor_id, id, c));
  for (const d of state.domains) done.push(await release(deps.store, 'domain', d.domain, id, c));
  return done;
}

/** A domain as stored: lower case, no trailing dot. */
export const normalizeDomain = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, '');

export async function addVendorDomain(deps: VendorDeps, id: number, rawDomain: string, isPrimary: boolean, ctx: CommandContext) {
  const domain = normalizeDomain(rawDomain);
  const c = { ...ctx, vendorId: id };
  const domainId = await nextId(deps.db, 'vendor_domain');
  const verification_token = randomBytes(16).toString('hex');
  return withClaims(deps.store, [['domain', domain]], id, c, async (done) => {
    done.push(
      await handleCommand(
        deps.store,
        vendor,
        id,
        {
          type: 'AddVendorDomain',
          data: { domain_id: domainId, domain, is_primary: isPrimary, verification_token, at: now(deps) },
        },
        c,
      ),
    );
    return { domainId, done };
  });
}

export async function changeVendorDomain(
  deps: VendorDeps,
  id: number,
  domainId: number,
  change: { is_primary?: boolean; is_active?: boolean },
  ctx: CommandContext,
) {
  return [
    await handleCommand(
      deps.store,
      vendor,
      id,
      { type: 'ChangeVendorDomain', data: { domain_id: domainId, ...change, at: now(deps) } },
      { ...ctx, vendorId: id },
    ),
  ];
}

export async function removeVendorDomain(deps: VendorDeps, id: number, domainId: number, ctx: CommandContext): Promise<Done> {
  const c = { ...ctx, vendorId: id };
  const result = await handleCommand(
    deps.store,
    vendor,
    id,
    { type: 'RemoveVendorDomain', data: { domain_id: domainId, at: now(deps) } },
    c,
  );
  const removed = result.events.find((e) => e.type === 'VendorDomainRemoved');
  const done: Done = [result];
  if (removed && removed.type === 'VendorDomainRemoved') done.push(await release(deps.store, 'domain', removed.data.domain, id, c));
  return done;
}

/**
 * Checks the domain's DNS TXT record (the lookup is passed in: an adapter, outside the domain)
 * and records the outcome: verified, or failed with the reason.
 */
export async function verifyVendorDomain(
  deps: VendorDeps,
  id: number,
  domainId: number,
  lookup: (domain: string, token: string) => Promise<{ ok: boolean; reason: string | null }>,
  ctx: CommandContext,
): Promise<Done> {
  const { state } = await load(deps.store, vendor, id);
  const domain = state.status === 'active' || state.status === 'inactive' ? state.domains.find((d) => d.id === domainId) : undefined;
  const result = domain ? await lookup(domain.domain, domain.verification_token) : { ok: false, reason: null };
  return [
    await handleCommand(
      deps.store,
      vendor,
      id,
      {
        type: 'RecordDomainCheck',
        data: { domain_id: domainId, verified: result.ok, reason: result.reason, at: now(deps) },
      },
      { ...ctx, vendorId: id },
    ),
  ];
}
