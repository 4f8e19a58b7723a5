import type { Clock } from '../../src/core/clock.ts';
import { ConcurrencyException, ConflictException, VendorNotFoundException } from '../../src/core/errors.ts';
import { ContentPageNotFoundException, UnauthorizedContentPageAccessException } from './errors.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { reservation, reservationId } from '../reservations/reservation.ts';
import { vendor } from '../../src/modules/vendors.ts';
import type { UpdateContentPage } from './commands.ts';
import { type LiveContentPage, contentPage } from './contentPage.ts';
import type { PageContent } from './events.ts';

/**
 * Command handlers of the content pages. A slug is unique per owner (the platform, or one
 * vendor) on the write side: the reservation `content_page_slug:<owner>:<slug>` is claimed before
 * the page takes the slug and released when the page lets it go (deleted, or renamed).
 */
export interface ContentPageDeps {
  store: EventStore;
  db: Executor;
  clock: Clock;
}

/** Who writes: an admin (any page), or a vendor's team member (that vendor's pages only). */
export type PageAuthor = { kind: 'admin' } | { kind: 'vendor'; vendorId: number };

type Done = Handled<unknown, any>;

const SLUG_KIND = 'content_page_slug';
const slugValue = (vendorId: number | null, slug: string) => `${vendorId ?? 'platform'}:${slug}`;
const holderOf = (pageId: number) => `content_page-${pageId}`;

async function claimSlug(deps: ContentPageDeps, vendorId: number | null, slug: string, pageId: number, ctx: CommandContext): Promise<Done> {
  const claim = { kind: SLUG_KIND, value: slugValue(vendorId, slug), holder: holderOf(pageId) };
  try {
    return await handleCommand(
      deps.store,
      reservation,
      reservationId(SLUG_KIND, claim.value),
      { type: 'ReserveUniqueValue', data: claim },
      ctx,
    );
  } catch (err) {
    if (err instanceof ConflictException && !(err instanceof ConcurrencyException)) {
      throw new ConflictException(
        `A page with the slug '${slug}' exists already ${vendorId === null ? 'among the platform defaults' : 'for this vendor'}`,
        { field: 'slug' },
      );
    }
    throw err;
  }
}

function releaseSlug(deps: ContentPageDeps, vendorId: number | null, slug: string, pageId: number, ctx: CommandContext): Promise<Done> {
  const claim = { kind: SLUG_KIND, value: slugValue(vendorId, slug), holder: holderOf(pageId) };
  return handleCommand(deps.store, reservation, reservationId(SLUG_KIND, claim.value), { type: 'ReleaseUniqueValue', data: claim }, ctx);
}

export interface NewContentPage extends PageContent {
  vendor_id: number | null;
  published: boolean;
}

export async function createContentPage(
  deps: ContentPageDeps,
  input: NewContentPage,
  ctx: CommandContext,
): Promise<{ id: number; done: Done[] }> {
  if (input.vendor_id !== null) {
    const { state } = await load(deps.store, vendor, input.vendor_id);
    if (state.status === 'none' || state.status === 'deleted') throw new VendorNotFoundException(`Vendor ${input.vendor_id} not found`);
  }
  const id = await nextId(deps.db, contentPage.aggregate);
  const done: Done[] = [await claimSlug(deps, input.vendor_id, input.slug, id, ctx)];
  try {
    done.push(
      await handleCommand(
        deps.store,
        contentPage,
        id,
        {
          type: 'CreateContentPage',
          data: { ...input, page_id: id, at: deps.clock.now().toISOString() },
        },
        ctx,
      ),
    );
  } catch (err) {
    await releaseSlug(deps, input.vendor_id, input.slug, id, ctx);
    throw err;
  }
  return { id, done };
}

/**
 * The page as its stream says now, if this author may write it. A vendor meets another vendor's
 * page or a platform default as UnauthorizedContentPageAccessException, which names nothing of it.
 */
export async function pageForAuthor(deps: Pick<ContentPageDeps, 'store'>, id: number, author: PageAuthor): Promise<LiveContentPage> {
  const { state } = await load(deps.store, contentPage, id);
  if (state.status === 'none' || state.status === 'deleted') throw new ContentPageNotFoundException(`Content page ${id} not found`);
  if (author.kind === 'vendor' && state.vendor_id !== author.vendorId) {
    throw new UnauthorizedContentPageAccessException("This page is not one of this vendor's pages; a vendor changes its own pages only");
  }
  return state;
}

export type PageUpdate = Omit<UpdateContentPage['data'], 'at'>;

export async function updateContentPage(
  deps: ContentPageDeps,
  id: number,
  update: PageUpdate,
  author: PageAuthor,
  ctx: CommandContext,
): Promise<Done[]> {
  const { changes } = update;
  const page = await pageForAuthor(deps, id, author);
  const newSlug = changes.slug !== undefined && changes.slug !== page.slug ? changes.slug : null;
  const done: Done[] = [];
  if (newSlug !== null) done.push(await claimSlug(deps, page.vendor_id, newSlug, id, ctx));
  try {
    done.push(
      await handleCommand(
        deps.store,
        contentPage,
        id,
        {
          type: 'UpdateContentPage',
          data: { ...update, at: deps.clock.now().toISOString() },
        },
        ctx,
      ),
    );
  } catch (err) {
    if (newSlug !== null) await releaseSlug(deps, page.vendor_id, newSlug, id, ctx);
    throw err;
  }
  if (newSlug !== null) done.push(await releaseSlug(deps, page.vendor_id, page.slug, id, ctx));
  return done;
}

export async function deleteContentPage(deps: ContentPageDeps, id: number, author: PageAuthor, ctx: CommandContext): Promise<Done[]> {
  const page = await pageForAuthor(deps, id, author);
  const deleted = await handleCommand(
    deps.store,
    contentPage,
    id,
    { type: 'DeleteContentPage', data: { at: deps.clock.now().toISOString() } },
    ctx,
  );
  return [deleted, await releaseSlug(deps, page.vendor_id, page.slug, id, ctx)];
}
