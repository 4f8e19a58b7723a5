import type { TransitionTable } from '../../src/core/transitions.ts';
import type { ContentPageEvent, PageContent } from './events.ts';

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
