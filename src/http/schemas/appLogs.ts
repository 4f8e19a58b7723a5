import { Type } from '@sinclair/typebox';
import { Nullable, Page, Timestamp } from '../responses.ts';
import { PageQuery } from '../validation.ts';

const Level = Type.Union([
  Type.Literal('trace'),
  Type.Literal('debug'),
  Type.Literal('info'),
  Type.Literal('warn'),
  Type.Literal('error'),
  Type.Literal('fatal'),
]);

export const LogQuery = Type.Object(
  {
    ...PageQuery,
    level: Type.Optional(Type.Union([Level], { description: 'The lowest level shown (warn: warnings, errors and fatal errors)' })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "Text in the message or the line's fields; without `from`, the last 24 hours are searched",
      }),
    ),
    request_id: Type.Optional(Type.String({ pattern: '^[\\w-]{1,64}$', description: 'The X-Request-Id of a request' })),
    user_id: Type.Optional(
      Type.String({ pattern: '^(customer:)?[0-9]{1,10}$', description: 'A user id (admins and team members) or customer:<id>' }),
    ),
    instance: Type.Optional(Type.String({ pattern: '^[\\w.:-]{1,200}$', description: 'The instance (host:pid) that wrote the line' })),
  },
  { $id: 'ApplicationLogQuery' },
);

export const LogLine = Type.Object(
  {
    id: Type.Integer(),
    at: Timestamp,
    level: Level,
    instance: Type.String(),
    msg: Type.String(),
    req_id: Nullable(Type.String()),
    user_id: Nullable(Type.String()),
    data: Type.Object(
      {},
      { additionalProperties: true, description: "The line's other fields (method, path, status, ms, err…), secrets removed" },
    ),
  },
  { $id: 'ApplicationLogLine' },
);

export const LogListResponse = Type.Object(
  {
    ...Page(LogLine).properties,
    total_exact: Type.Boolean({ description: 'False when more than 10,000 lines match: the total is then what is certain' }),
  },
  { $id: 'ApplicationLogListResponse' },
);
