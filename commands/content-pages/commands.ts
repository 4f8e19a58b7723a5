import type { PageContent, PageLanguage, PageText } from './events.ts';

/** Commands of the content page aggregate. The id, the owner and the time are chosen before the decision. */
export type CreateContentPage = {
  type: 'CreateContentPage';
  data: PageContent & { page_id: number; vendor_id: number | null; published: boolean; at: string };
};
/**
 * An author's update (SPEC.md part 3): the given content fields change, and a given published
 * flag publishes (set) or makes a draft (cleared).
 */
export type UpdateContentPage = {
  type: 'UpdateContentPage';
  data: {
    changes: Partial<Omit<PageContent, 'translations'>>;
    /** The languages named are replaced; `null` removes a language. */
    translations?: Partial<Record<PageLanguage, PageText | null>>;
    published?: boolean;
    at: string;
  };
};
export type DeleteContentPage = { type: 'DeleteContentPage'; data: { at: string } };

export type ContentPageCommand = CreateContentPage | UpdateContentPage | DeleteContentPage;
