import type { PageUpdate } from '../../commands/content-pages/handlers.ts';
import type { PageContent, PageLanguage } from '../../commands/content-pages/events.ts';
import type { ContentPageUpdate, VendorContentPageCreate } from './schemas/contentPages.ts';

type CreateBody = typeof VendorContentPageCreate.static;
type UpdateBody = typeof ContentPageUpdate.static;

/** A new page's content from a create body: unnamed flags off, order 0, default language English or the first one given. */
export function newPageContent(body: CreateBody): PageContent & { published: boolean } {
  const languages = Object.keys(body.translations) as PageLanguage[];
  return {
    slug: body.slug,
    template: body.template ?? 'default',
    show_in_header: body.show_in_header ?? false,
    show_in_footer: body.show_in_footer ?? false,
    show_in_legal: body.show_in_legal ?? false,
    sort_order: body.sort_order ?? 0,
    default_language: body.default_language ?? (languages.includes('en') ? 'en' : languages[0]),
    translations: body.translations,
    published: body.is_published ?? false,
  };
}

/** An update body as the command's changes, translations and published flag. */
export function pageUpdate(body: UpdateBody): PageUpdate {
  const { is_published, translations, ...changes } = body;
  return { changes, translations, published: is_published };
}
