import { adminEventRoutes } from '../http/admin/events.ts';
import { historyBackOffice, timelinePageRoutes } from '../pages/history/timelinePage.ts';
import { defineModule } from './module.ts';

/** The history card of any record page (the auditor's view: events, who, when, what changed, as of a time). */
export { recordHistory, asOfOf, eventInWords, stateFacts, type HistoryOptions } from '../pages/history/recordHistory.ts';
/** A record page's body as two tabs, the record and its history: `body: await withHistoryTab(services, ctx, language, stream, () => details)`. */
export { withHistoryTab, historyTabChosen } from '../pages/history/historyTab.ts';

/** An event as the auditors see it (who, when, what), for the admin routes that show a record's events and the replay CLI's output. */
export { AuditEvent, auditView } from '../http/admin/events.ts';

/** The auditors' view: any stream's events and its state at any point. */
export const historyModule = defineModule({
  name: 'history',
  tag: 'Event history',
  description: 'Events of a stream and its state replayed at a point in time.',
  core: true,
  features: ["A stream's events", 'State at a past time', 'Audit time line across records', 'History export as JSON Lines'],
  routes: { admin: [adminEventRoutes] },
  pages: [timelinePageRoutes],
  backOffice: historyBackOffice,
});
