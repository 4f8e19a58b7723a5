import Router from '@koa/router';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  CodeQualityAnalyserUnavailableException,
  CodeQualityScanNotFoundException,
  ViolationNotFoundException,
} from '../../../commands/code-quality/errors.ts';
import { requestScan, runViolationCommand } from '../../../commands/code-quality/handlers.ts';
import type { ViolationCommand } from '../../../commands/code-quality/violation.ts';
import { codeQualityStats } from '../../../queries/code-quality/codeQualityStats.ts';
import { getScan, listScans, type ScanOut } from '../../../queries/code-quality/listScans.ts';
import { getViolation, listViolations } from '../../../queries/code-quality/listViolations.ts';
import { ConcurrencyException, InvalidTransitionException } from '../../core/errors.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { codeQualityRules } from '../../workers/code-quality/rules.ts';
import { INSTALLATION_ROOT, scannerAvailable } from '../../workers/code-quality/scanWorker.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { Page } from '../responses.ts';
import {
  AssignViolationRequest,
  CodeQualityRules,
  CodeQualityScan,
  CommentOnViolationRequest,
  DashboardStatsResponse,
  IgnoreViolationRequest,
  ResolveViolationRequest,
  ScanStarted,
  ScanStatus,
  Severity,
  Violation,
  ViolationStatus,
} from '../schemas/codeQuality.ts';
import { IdParams, PageQuery } from '../validation.ts';

const ViolationQuery = Type.Object({
  ...PageQuery,
  severity: Type.Optional(Severity),
  status: Type.Optional(ViolationStatus),
  rule_id: Type.Optional(Type.String({ maxLength: 100 })),
  file_path: Type.Optional(Type.String({ maxLength: 500, description: 'Part of the file path' })),
  present: Type.Optional(Type.Boolean({ description: 'true: found by the last scan; false: fixed' })),
  overdue: Type.Optional(Type.Boolean()),
});

/**
 * Starts a scan, or joins the one waiting or running (the API, the dashboard's button and the
 * task monitor's retry): refused when the analyser is not installed.
 */
export async function startScan(
  services: Services,
  by: number | string,
  context: CommandContext,
): Promise<{ job_ids: number[]; joined: boolean; scan: ScanOut }> {
  if (!scannerAvailable()) {
    throw new CodeQualityAnalyserUnavailableException(
      'This deployment was installed without its development dependencies: the analyser (dependency-cruiser) is missing, so no scan can run',
    );
  }
  const requested = await requestScan({ store: services.store, db: services.db.knex, clock: services.clock }, by, context);
  await services.settle(requested.done);
  // The scans table lags only when the read-your-writes wait timed out (logged as a defect there).
  const scan = (await getScan(services.db.knex, requested.scan_id)) ?? {
    id: requested.scan_id,
    status: 'pending',
    requested_by: String(by),
    progress_message: null,
    error_message: null,
    files: null,
    found: null,
    new_violations: null,
    fixed: null,
    new_errors: null,
    by_severity: null,
    created_at: services.clock.now().toISOString(),
    started_at: null,
    completed_at: null,
  };
  return { job_ids: [scan.id], joined: requested.joined, scan };
}

/**
 * SPEC.md 4.1 /code-quality/…: scans of the platform's own source tree in the background (202,
 * polled every 3 seconds), their history, the violations with their workflow (part 3) and the
 * dashboard's figures. docs/platform-operations.md "Code quality".
 */
export function adminCodeQualityRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;
  const today = () => services.clock.now().toISOString().slice(0, 10);

  api.get(
    '/code-quality/stats',
    {
      summary: 'Violations by severity and status, overdue and fixed ones, the trend over the last scans',
      responses: { 200: DashboardStatsResponse },
    },
    async (ctx) => {
      ctx.body = await codeQualityStats(knex, today());
    },
  );

  api.get(
    '/code-quality/rules',
    {
      summary: "The rules a scan checks, as data: the project's own architecture check and the scan's",
      responses: { 200: CodeQualityRules },
    },
    async (ctx) => {
      ctx.body = {
        items: codeQualityRules(INSTALLATION_ROOT).map((r) => ({
          id: r.id,
          severity: r.severity,
          description: r.description,
          check: r.check.kind,
        })),
      };
    },
  );

  api.post(
    '/code-quality/scan',
    {
      summary: 'Start a scan of the source tree in the background; answers 202 with the job id (poll every 3 seconds)',
      description:
        'One scan at a time, across concurrent requests and service instances: while a scan is waiting or running, a start answers 202 with that scan (the same `job_ids`, `joined` true) and starts nothing. A deployment installed without the development dependencies answers 503.',
      responses: { 202: ScanStarted },
      errors: [CodeQualityAnalyserUnavailableException, ConcurrencyException],
    },
    async (ctx) => {
      ctx.body = await startScan(services, adminCaller(ctx).id, commandContext(ctx, adminCaller(ctx).id));
      ctx.status = 202;
    },
  );

  api.get(
    '/code-quality/scans',
    {
      summary: 'Scan history, newest first',
      query: Type.Object({ ...PageQuery, status: Type.Optional(ScanStatus) }),
      responses: { 200: Page(CodeQualityScan) },
    },
    async (ctx, { query }) => {
      ctx.body = await listScans(knex, { status: query.status }, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },
  );

  api.get(
    '/code-quality/scans/:id',
    {
      summary: 'One scan: status, progress message, outcome',
      params: IdParams,
      responses: { 200: CodeQualityScan },
      errors: [CodeQualityScanNotFoundException],
    },
    async (ctx, { params }) => {
      const scan = await getScan(knex, params.id);
      if (!scan) throw new CodeQualityScanNotFoundException(`Scan ${params.id} not found`);
      ctx.body = scan;
    },
  );

  api.get(
    '/code-quality/violations',
    {
      summary: 'Violations, worst first; filters severity, status, rule id, file path, present, overdue',
      query: ViolationQuery,
      responses: { 200: Page(Violation) },
    },
    async (ctx, { query }) => {
      const { page, limit, ...filter } = query;
      ctx.body = await listViolations(knex, filter, { page: page ?? 1, limit: limit ?? 20 }, today());
    },
  );

  const found = async (id: number) => {
    const v = await getViolation(knex, id, today());
    if (!v) throw new ViolationNotFoundException(`Violation ${id} not found`);
    return v;
  };

  api.get(
    '/code-quality/violations/:id',
    {
      summary: 'One violation with its workflow and comments',
      params: IdParams,
      responses: { 200: Violation },
      errors: [ViolationNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await found(params.id);
    },
  );

  const move = <S extends TSchema>(
    path: string,
    summary: string,
    body: S,
    command: (id: number, body: Static<S>, by: number, at: string) => ViolationCommand,
    refusals = true,
  ) => {
    api.post(
      `/code-quality/violations/:id/${path}`,
      {
        summary,
        params: IdParams,
        body,
        responses: { 200: Violation },
        errors: refusals ? [ViolationNotFoundException, InvalidTransitionException] : [ViolationNotFoundException],
      },
      async (ctx, { params, body: input }) => {
        await found(params.id);
        const by: number = adminCaller(ctx).id;
        const done = await runViolationCommand(
          services.store,
          params.id,
          command(params.id, input, by, services.clock.now().toISOString()),
          commandContext(ctx, by),
        );
        await services.settle([done]);
        ctx.body = await found(params.id);
      },
    );
  };

  move(
    'assign',
    'Assign a violation (assignee, priority, due date); from any state',
    AssignViolationRequest,
    (id, b, by, at) => ({
      type: 'AssignViolation',
      data: { violation_id: id, assignee: b.assignee.trim(), priority: b.priority ?? 'medium', due_date: b.due_date ?? null, by, at },
    }),
    false,
  );
  move('resolve', 'Resolve an assigned violation (409 from any other state)', ResolveViolationRequest, (id, b, by, at) => ({
    type: 'ResolveViolation',
    data: { violation_id: id, note: b.note?.trim() || null, by, at },
  }));
  move('ignore', 'Ignore an assigned violation, with the reason (409 from any other state)', IgnoreViolationRequest, (id, b, by, at) => ({
    type: 'IgnoreViolation',
    data: { violation_id: id, reason: b.reason.trim(), by, at },
  }));
  move(
    'comments',
    'Comment on a violation, in any state',
    CommentOnViolationRequest,
    (id, b, by, at) => ({
      type: 'CommentOnViolation',
      data: { violation_id: id, text: b.text.trim(), by, at },
    }),
    false,
  );

  return api.router;
}
