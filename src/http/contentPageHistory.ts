import type { ContentPageEvent } from '../../commands/content-pages/events.ts';
import { contentPage } from '../../commands/content-pages/contentPage.ts';
import type { RecordedEvent } from '../eventstore/port.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/** When a change happened: the time the command was decided (the service clock), else when it was stored. */
const changedAt = (e: RecordedEvent) => String((e.data as { at?: string }).at ?? e.recorded_at);
const isoOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/**
 * A page as it was at `at`: its stream folded up to that instant with the aggregate's own
 * evolve, and every change up to then with the acting user, for auditors.
 */
export function pageHistoryAt(id: number, events: RecordedEvent[], at: Date) {
  const upTo = events.filter((e) => new Date(changedAt(e)).getTime() <= at.getTime());
  const state = upTo.reduce((s, e) => contentPage.evolve(s, domainEvent<ContentPageEvent>(e)), contentPage.initialState());
  const page =
    state.status === 'draft' || state.status === 'published'
      ? {
          vendor_id: state.vendor_id,
          slug: state.slug,
          template: state.template,
          show_in_header: state.show_in_header,
          show_in_footer: state.show_in_footer,
          show_in_legal: state.show_in_legal,
          sort_order: state.sort_order,
          default_language: state.default_language,
          translations: state.translations,
          created_at: state.created_at,
          updated_at: state.updated_at,
          published_at: state.published_at,
        }
      : null;
  return {
    id,
    at: at.toISOString(),
    stream: `${contentPage.aggregate}-${id}`,
    version: upTo.length === 0 ? 0 : upTo[upTo.length - 1].version,
    status: state.status,
    page,
    changes: upTo.map((e) => ({
      version: e.version,
      type: e.type,
      at: isoOf(changedAt(e)),
      recorded_at: isoOf(e.recorded_at),
      user_id: e.metadata.user_id ?? null,
    })),
  };
}
