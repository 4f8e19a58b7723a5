import { expect } from 'chai';
import type { ContentPageEvent, PageContent } from '../../../commands/content-pages/events.ts';
import { contentPage, CONTENT_PAGE_TRANSITIONS } from '../../../commands/content-pages/contentPage.ts';
import { InvalidTransitionException, ValidationException } from '../../../src/core/errors.ts';
import { ContentPageNotFoundException } from '../../../commands/content-pages/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-25T10:00:00.000Z';
const later = '2026-11-25T11:00:00.000Z';
const owner = { page_id: 4, vendor_id: null };
const content: PageContent = {
  slug: 'imprint',
  template: 'default',
  show_in_header: false,
  show_in_footer: true,
  show_in_legal: true,
  sort_order: 1,
  default_language: 'en',
  translations: { en: { title: 'Imprint', body: '# Imprint' } },
};
const created = (published = false): ContentPageEvent => ({ type: 'ContentPageCreated', data: { ...owner, ...content, published, at } });
const update = (data: Record<string, unknown>) => ({ type: 'UpdateContentPage' as const, data: { changes: {}, at: later, ...data } });

describe('content page aggregate', () => {
  it('the state table: an update with the flag set publishes, cleared makes a draft, from either state; a deleted page takes no move', () => {
    expect(CONTENT_PAGE_TRANSITIONS.publish).to.deep.equal({ from: ['draft', 'published'], to: 'published' });
    expect(CONTENT_PAGE_TRANSITIONS.unpublish).to.deep.equal({ from: ['draft', 'published'], to: 'draft' });
    for (const action of Object.values(CONTENT_PAGE_TRANSITIONS)) expect(action.from).not.to.include('deleted');
  });

  context('creation', () => {
    it('writes a draft or a published page', () => {
      given(contentPage, [])
        .when({ type: 'CreateContentPage', data: { ...owner, ...content, published: false, at } })
        .then([created(false)]);
      const { state } = given(contentPage, [created(true)]);
      expect(state).to.include({ status: 'published', published_at: at });
    });
    it('refuses a reserved slug, a malformed slug and a default language without a text', () => {
      for (const slug of ['cart', 'checkout', 'api', 'Imprint', 'a--b', 'x/y', '-a']) {
        given(contentPage, [])
          .when({ type: 'CreateContentPage', data: { ...owner, ...content, slug, published: false, at } })
          .thenThrows(ValidationException);
      }
      given(contentPage, [])
        .when({ type: 'CreateContentPage', data: { ...owner, ...content, default_language: 'fr', published: false, at } })
        .thenThrows(ValidationException, /default language \(fr\)/);
    });
    it('never creates the same page twice', () => {
      given(contentPage, [created()])
        .when({ type: 'CreateContentPage', data: { ...owner, ...content, published: false, at } })
        .thenThrows(InvalidTransitionException, /draft/);
    });
  });

  context('publishing', () => {
    it('a draft updated with the flag set is published', () => {
      given(contentPage, [created(false)])
        .when(update({ published: true }))
        .then([{ type: 'ContentPagePublished', data: { ...owner, slug: 'imprint', at: later } }]);
    });
    it('a published page updated with the flag cleared is a draft again', () => {
      given(contentPage, [created(true)])
        .when(update({ published: false }))
        .then([{ type: 'ContentPageUnpublished', data: { ...owner, slug: 'imprint', at: later } }]);
    });
    it('the flag it already has is no move; no flag leaves the state as it is', () => {
      given(contentPage, [created(true)])
        .when(update({ published: true }))
        .then([]);
      given(contentPage, [created(false)])
        .when(update({ published: false }))
        .then([]);
      given(contentPage, [created(true)])
        .when(update({ changes: { sort_order: 5 } }))
        .then([{ type: 'ContentPageChanged', data: { ...owner, changes: { sort_order: 5 }, at: later } }]);
    });
    it('content and flag in one update: the change, then the move, under the new slug', () => {
      given(contentPage, [created(false)])
        .when(update({ changes: { slug: 'legal-notice' }, published: true }))
        .then([
          { type: 'ContentPageChanged', data: { ...owner, changes: { slug: 'legal-notice' }, at: later } },
          { type: 'ContentPagePublished', data: { ...owner, slug: 'legal-notice', at: later } },
        ]);
    });
  });

  context('content', () => {
    it('replaces the languages named, removes one given as null, and records only what changed', () => {
      const fr = { title: 'Mentions légales', body: 'Texte' };
      given(contentPage, [created()])
        .when(update({ translations: { fr, en: { title: 'Imprint', body: '# Imprint' } }, changes: { template: 'default' } }))
        .then([
          { type: 'ContentPageChanged', data: { ...owner, changes: { translations: { en: content.translations.en!, fr } }, at: later } },
        ]);
      const withFr: ContentPageEvent = {
        type: 'ContentPageChanged',
        data: { ...owner, changes: { translations: { en: content.translations.en!, fr } }, at },
      };
      given(contentPage, [created(), withFr])
        .when(update({ translations: { fr: null } }))
        .then([{ type: 'ContentPageChanged', data: { ...owner, changes: { translations: { en: content.translations.en! } }, at: later } }]);
    });
    it("never removes the default language's text", () => {
      given(contentPage, [created()])
        .when(update({ translations: { en: null } }))
        .thenThrows(ValidationException, /default language/);
    });
  });

  context('deletion', () => {
    it('deletes a page once; a deleted page is not found for anything after', () => {
      given(contentPage, [created(true)])
        .when({ type: 'DeleteContentPage', data: { at: later } })
        .then([{ type: 'ContentPageDeleted', data: { ...owner, slug: 'imprint', at: later } }]);
      const gone: ContentPageEvent = { type: 'ContentPageDeleted', data: { ...owner, slug: 'imprint', at: later } };
      given(contentPage, [created(), gone])
        .when(update({ published: true }))
        .thenThrows(ContentPageNotFoundException);
      given(contentPage, [created(), gone])
        .when({ type: 'DeleteContentPage', data: { at: later } })
        .thenThrows(ContentPageNotFoundException);
      given(contentPage, [])
        .when(update({ published: true }))
        .thenThrows(ContentPageNotFoundException);
    });
  });
});
