import { assertNever, type Decider } from '../../src/core/decider.ts';
import { changedFields, sameJson as same } from '../../src/core/changedFields.ts';
import { ValidationException } from '../../src/core/errors.ts';
import { ContentPageNotFoundException } from './errors.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { ContentPageCommand } from './commands.ts';
import {
  CONTENT_PAGE_TRANSITIONS,
  evolveContentPage,
  initialContentPageState,
  type ContentPageAction,
  type ContentPageState,
  type LiveContentPage,
} from './contentPage.ts';
import type { ContentPageEvent, PageContent, PageLanguage, PageText } from './events.ts';
import { assertValidSlug } from './slug.ts';

export type { ContentPageCommand } from './commands.ts';
export type { ContentPageState, LiveContentPage } from './contentPage.ts';

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
