import { type TransitionTable, checkTransition } from '../../src/core/transitions.ts';
import type { ContentPageEvent, PageContent, PageLanguage, PageText } from './events.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { changedFields, sameJson as same } from '../../src/core/changedFields.ts';
import { ValidationException } from '../../src/core/errors.ts';
import { ContentPageNotFoundException } from './errors.ts';
import type { ContentPageCommand } from './commands.ts';
import { assertValidSlug } from './slug.ts';

export type { ContentPageCommand } from './commands.ts';

export type LiveContentPage = PageContent & {
  status: 'draft' | 'published';
  id: number;
  vendor_id: number | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
};

export type ContentPageState =
  { status: 'none' } | LiveContentPage | { status: 'deleted'; id: number; vendor_id: number | null; slug: string; deleted_at: string };
export type ContentPageStatus = ContentPageState['status'];
export type ContentPageAction = 'create' | 'change' | 'publish' | 'unpublish' | 'delete';

/**
 * The page lifecycle as data (SPEC.md part 3: an update with the published flag set publishes,
 * cleared makes a draft, whatever the page was). A deleted page takes no further move.
 */
export const CONTENT_PAGE_TRANSITIONS: TransitionTable<ContentPageStatus, ContentPageAction> = {
  create: { from: ['none'], to: 'computed' },
  change: { from: ['draft', 'published'], to: 'computed' },
  publish: { from: ['draft', 'published'], to: 'published' },
  unpublish: { from: ['draft', 'published'], to: 'draft' },
  delete: { from: ['draft', 'published'], to: 'deleted' },
};

export const initialContentPageState = (): ContentPageState => ({ status: 'none' });

export function evolveContentPage(state: ContentPageState, event: ContentPageEvent): ContentPageState {
  switch (event.type) {
    case 'ContentPageCreated': {
      const { page_id, published, at, ...content } = event.data;
      return {
        ...content,
        status: published ? 'published' : 'draft',
        id: page_id,
        created_at: at,
        updated_at: at,
        published_at: published ? at : null,
      };
    }
    case 'ContentPageDeleted':
      return {
        status: 'deleted',
        id: event.data.page_id,
        vendor_id: event.data.vendor_id,
        slug: event.data.slug,
        deleted_at: event.data.at,
      };
  }
  if (state.status !== 'draft' && state.status !== 'published') return state;
  switch (event.type) {
    case 'ContentPageChanged':
      return { ...state, ...event.data.changes, updated_at: event.data.at };
    case 'ContentPagePublished':
      return { ...state, status: 'published', published_at: event.data.at, updated_at: event.data.at };
    case 'ContentPageUnpublished':
      return { ...state, status: 'draft', updated_at: event.data.at };
  }
}

function live(state: ContentPageState, action: ContentPageAction): LiveContentPage {
  if (state.status === 'none' && action !== 'create') throw new ContentPageNotFoundException('Content page not found');
  if (state.status === 'deleted') throw new ContentPageNotFoundException('Content page not found (deleted)');
  checkTransition('Content page', CONTENT_PAGE_TRANSITIONS, action, state.status);
  return state as LiveContentPage;
}

/** The default language must keep a text: a shopper whose language the page lacks reads that one. */
function assertDefaultLanguageHasText(content: Pick<PageContent, 'default_language' | 'translations'>): void {
  if (!content.translations[content.default_language]) {
    throw new ValidationException(`The page needs a title and body in its default language (${content.default_language})`, [
      { pointer: '/body/translations', message: `missing ${content.default_language}` },
    ]);
  }
}

export function decideContentPage(command: ContentPageCommand, state: ContentPageState): ContentPageEvent[] {
  switch (command.type) {
    case 'CreateContentPage': {
      live(state, 'create');
      assertValidSlug(command.data.slug);
      assertDefaultLanguageHasText(command.data);
      return [{ type: 'ContentPageCreated', data: command.data }];
    }
    case 'UpdateContentPage': {
      const page = live(state, 'change');
      const owner = { page_id: page.id, vendor_id: page.vendor_id };
      const { at, published } = command.data;
      const changes = changedFields<PageContent>(page, command.data.changes, same);
      if (command.data.translations) {
        const translations = { ...page.translations };
        for (const [lang, text] of Object.entries(command.data.translations) as [PageLanguage, PageText | null | undefined][]) {
          if (text === null) delete translations[lang];
          else if (text !== undefined) translations[lang] = text;
        }
        if (!same(translations, page.translations)) changes.translations = translations;
      }
      if (changes.slug !== undefined) assertValidSlug(changes.slug);
      assertDefaultLanguageHasText({ ...page, ...changes });
      const events: ContentPageEvent[] = [];
      if (Object.keys(changes).length > 0) events.push({ type: 'ContentPageChanged', data: { ...owner, changes, at } });
      const slug = changes.slug ?? page.slug;
      // The flag moves the page whatever it was; the same flag again is no move at all.
      if (published === true && page.status !== 'published') {
        checkTransition('Content page', CONTENT_PAGE_TRANSITIONS, 'publish', page.status);
        events.push({ type: 'ContentPagePublished', data: { ...owner, slug, at } });
      }
      if (published === false && page.status !== 'draft') {
        checkTransition('Content page', CONTENT_PAGE_TRANSITIONS, 'unpublish', page.status);
        events.push({ type: 'ContentPageUnpublished', data: { ...owner, slug, at } });
      }
      return events;
    }
    case 'DeleteContentPage': {
      const page = live(state, 'delete');
      return [{ type: 'ContentPageDeleted', data: { page_id: page.id, vendor_id: page.vendor_id, slug: page.slug, at: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export const contentPage: Decider<ContentPageState, ContentPageCommand, ContentPageEvent> = {
  aggregate: 'content_page',
  initialState: initialContentPageState,
  evolve: evolveContentPage,
  decide: decideContentPage,
};
