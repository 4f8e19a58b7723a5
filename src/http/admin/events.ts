import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { ResourceNotFoundException } from '../../core/errors.ts';
import { redactSecrets } from '../../core/redact.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Nullable, Page, Timestamp } from '../responses.ts';
import { PageQuery } from '../validation.ts';

/** An event as auditors see it: secrets (password hashes, keys) redacted. */
export function auditView(e: RecordedEvent) {
  return {
    event_id: e.id,
    stream: e.stream,
    version: e.version,
    type: e.type,
    data: redactSecrets(e.data),
    recorded_at: e.recorded_at,
    user_id: e.metadata.user_id ?? null,
    vendor_id: e.metadata.vendor_id ?? null,
    correlation_id: e.metadata.correlation_id ?? null,
    causation_id: e.metadata.causation_id ?? null,
  };
}

/** The answer of auditView: who (a user id, or a system actor such as `system:<process>`), when, what. */
export const AuditEvent = Type.Object({
  event_id: Type.String(),
  stream: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  type: Type.String(),
  data: Type.Unknown({ description: 'The event\'s data, secrets redacted' }),
  recorded_at: Timestamp,
  user_id: Nullable(Type.Union([Type.Integer(), Type.String()])),
  vendor_id: Nullable(Type.Integer()),
  correlation_id: Nullable(Type.String()),
  causation_id: Nullable(Type.String()),
});

const StreamParams = Type.Object({ stream: Type.String({ minLength: 3, maxLength: 200, pattern: '^[a-z][a-z0-9_]*-.+$' }) });

/** History for auditors: GET /events/streams/{stream}, a stream's events in order, paginated. */
export function adminEventRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  api.get('/events/streams/:stream', {
    summary: 'A stream\'s events in order (for auditors), secrets redacted, paginated',
    params: StreamParams, query: Type.Object(PageQuery), responses: { 200: Page(AuditEvent) }, errors: [ResourceNotFoundException],
  }, async (ctx, { params, query }) => {
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const events = await services.store.readStream(params.stream);
    if (events.length === 0) throw new ResourceNotFoundException(`Stream ${params.stream} has no events`);
    ctx.body = {
      items: events.slice((page - 1) * limit, page * limit).map(auditView),
      total: events.length, page, limit,
    };
  });
  return api.router;
}
