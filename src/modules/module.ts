import type Router from '@koa/router';
import type { Decider } from '../core/decider.ts';
import type { ApiArea } from '../http/api.ts';
import type { Consumer } from '../runtime/consumer.ts';
import type { ScheduledTask } from '../runtime/scheduler.ts';
import type { Services } from '../runtime/services.ts';

/** A router of one business area in one API area (or of its pages), built per app. */
export type RouteFactory = (services: Services) => Router;

/**
 * A business area, declared once (ARCHITECTURE.md "Modules"): its routes per API area, its
 * consumers (projections and process managers), its aggregates, its scheduled tasks, its pages
 * and its OpenAPI tag. Start-up, the OpenAPI document and the architecture check read the list
 * in src/modules/index.ts; the platform-modules feature of SPEC.md will switch these same
 * modules on and off, respecting `dependsOn`.
 */
export interface Module {
  /** The area's kebab-case name, the same as its folders under commands/, projections/, queries/. */
  name: string;
  /** The OpenAPI tag of its routes. */
  tag: string;
  description: string;
  /** Modules this one cannot work without. */
  dependsOn?: string[];
  /** Mounted under /api/v1/<area> in the order given; `health` at the root. */
  routes?: Partial<Record<ApiArea, RouteFactory[]>>;
  consumers?: Consumer[];
  aggregates?: Decider<any, any, any>[];
  scheduledTasks?: ScheduledTask[];
  /** Server-rendered pages, mounted at the root after the API. */
  pages?: RouteFactory[];
}

export const defineModule = (module: Module): Module => module;
