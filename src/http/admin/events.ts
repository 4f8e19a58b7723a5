import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { ResourceNotFoundException } from '../../core/errors.ts';
import { redactSecrets } from '../../core/redact.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import { deciderOf } from '../../runtime/aggregates.ts';
import { replay } from '../../runtime/history.ts';
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
    data: redactSecrets<unknown>(e.data),
    recorded_at: e.recorded_at,
    user_id: e.metadata.user_id ?? null,
    vendor_id: e.metadata.vendor_id ?? null,
    correlation_id: e.metadata.correlation_id ?? null,
    causation_id: e.metadata.causation_id ?? null,
  };
}

/** The answer of auditView: who (a user id, or a system actor such as `system:<process>`), when, what. */
export const AuditEvent = Type.Object(
  {
    event_id: Type.String(),
    stream: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    type: Type.String(),
    data: Type.Unknown({ description: "The event's data, secrets redacted" }),
    recorded_at: Timestamp,
    user_id: Nullable(Type.Union([Type.Integer(), Type.String()])),
    vendor_id: Nullable(Type.Integer()),
    correlation_id: Nullable(Type.String()),
    causation_id: Nullable(Type.String()),
  },
  { $id: 'AuditEvent' },
);

/**
 * One record's history as JSON Lines, for an outside auditor: one event a line, in order, with who,
 * when, what (secrets redacted) and the record's state after it when its area folds the stream.
 */
export async function historyJsonLines(services: Services, stream: string): Promise<string | null> {
  const events = await services.store.readStream(stream);
  if (events.length === 0) return null;
  const decider = deciderOf(stream);
  const steps = decider ? replay(decider, events) : events.map((event) => ({ event, state: undefined }));
  return steps.map((s) => JSON.stringify({ ...auditView(s.event), ...(decider ? { state_after: s.state } : {}) })).join('\n') + '\n';
}

/** The download's file name: the stream's name in safe characters. */
export const historyFileName = (stream: string) => `${stream.replace(/[^A-Za-z0-9_.-]/g, '_')}-history.jsonl`;

export const StreamParams = Type.Object({ stream: Type.String({ minLength: 3, maxLength: 200, pattern: '^[a-z][a-z0-9_]*-.+$' }) });

/** History for auditors: GET /events/streams/{stream}, a stream's events in order, paginated. */
export function adminEventRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  api.get(
    '/events/streams/:stream',
    {
      summary: "A stream's events in order (for auditors), secrets redacted, paginated",
      params: StreamParams,
      query: Type.Object(PageQuery),
      responses: { 200: Page(AuditEvent) },
      errors: [ResourceNotFoundException],
    },
    async (ctx, { params, query }) => {
      const page = query.page ?? 1;
      const limit = query.limit ?? 20;
      const events = await services.store.readStream(params.stream);
      if (events.length === 0) throw new ResourceNotFoundException(`Stream ${params.stream} has no events`);
      ctx.body = {
        items: events.slice((page - 1) * limit, page * limit).map(auditView),
        total: events.length,
        page,
        limit,
      };
    },
  );

  api.get(
    '/events/streams/:stream/export',
    {
      summary:
        "One record's history as JSON Lines (application/x-ndjson), for an outside auditor: each event in order with who, when, what and the state after it",
      params: StreamParams,
      responses: {
        200: {
          description: 'One JSON object a line (event, who, when, data with secrets redacted, state_after)',
          contentType: 'application/x-ndjson',
        },
      },
      errors: [ResourceNotFoundException],
    },
    async (ctx, { params }) => {
      const lines = await historyJsonLines(services, params.stream);
      if (lines === null) throw new ResourceNotFoundException(`Stream ${params.stream} has no events`);
      ctx.set('Content-Disposition', `attachment; filename="${historyFileName(params.stream)}"`);
      ctx.type = 'application/x-ndjson; charset=utf-8';
      ctx.body = lines;
    },
  );
  return api.router;
}
