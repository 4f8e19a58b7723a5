import type { Context } from 'koa';
import type { Position } from '../eventstore/port.ts';
import type { CommandContext } from '../runtime/commandHandler.ts';
import type { Services } from '../runtime/services.ts';
import type { ThemeConfig } from '../core/themePresets.ts';
import type { Knex } from 'knex';
import type { Clock } from '../core/clock.ts';
import type { Views } from '../runtime/memoryView.ts';
import type { PlanAddOn } from '../core/addOnCatalogue.ts';

/**
 * The shapes a module declaration's hooks take and answer (src/modules/module.ts declares the
 * hooks themselves): what an area contributes to another area or to a generic layer without
 * either importing the other.
 */

/** A vendor's theme, or the platform default (is_default, never updated) while it has none of its own. */
export interface ShopTheme {
  vendor_id: number;
  is_default: boolean;
  theme: ThemeConfig;
  updated_at: string | null;
}

/** The plan asked for in a vendor's creation: a tier, a trial, or both. */
export interface AskedPlan {
  tier_code?: string;
  trial_days?: number;
}

/** The plan decided for a new vendor: its tier and, for a trial, its length in days (null: a paid period at once). */
export interface RequestedPlan {
  tier_code: string;
  trial_days: number | null;
  /** The service clock's time of the request: when the trial or the first period starts. */
  starts_at: string;
}

/** What one area keeps of a product: places holding it (open stock locations) and units in them. */
export interface ProductHold {
  places: number;
  units: number;
}

/**
 * What reading a plan needs: the read models and the clock (the services, or a worker's deps),
 * and the memory views when the caller has them (the service's instances): the plan is then read
 * from memory, without a statement.
 */
export interface PlanReader {
  db: { knex: Knex };
  clock: Clock;
  views?: Pick<Views, 'find'>;
}

/** A tier's limits (null: unlimited). */
export interface PlanLimits {
  orders_per_period: number | null;
  products: number | null;
  team_members: number | null;
}

/** A tier as the areas a plan limits read it: its place in the upgrade order and its limits. */
export interface PlanTier {
  code: string;
  name: string;
  sort_order: number;
  limits: PlanLimits;
}

/**
 * The plans, as the area that keeps them answers them (src/modules/module.ts `plans`): the
 * catalogue, the orders, the team and messaging count a vendor's limits and check its features
 * with them, and the plans' area builds on all of them.
 */
export interface Plans {
  /** The vendor's plan: its tier, its limits (custom limits and add-ons counted), the billing period usage counts in. */
  vendorPlan(reader: PlanReader, vendorId: number): Promise<{ tier: PlanTier; limits: PlanLimits; period: { start: string; end: string } }>;
  /** The offered tiers in upgrade order (lowest first). */
  offeredTiers(reader: PlanReader): Promise<PlanTier[]>;
  /** Refuses (403 FeatureNotAvailableException) a vendor whose plan lacks the feature. */
  assertFeature(reader: PlanReader, vendorId: number, code: string): Promise<void>;
}

/** What a plan counts of a vendor's add-ons, as the area that sells them answers it (src/modules/module.ts `planAddOns`). */
export type PlanAddOns = (reader: PlanReader, vendorId: number) => Promise<PlanAddOn[]>;

export interface VendorGate {
  /** Modules whose vendor routes stay open (their own included). */
  exempt: readonly string[];
  /** Reads the caller the guard set (`ctx.state.vendor`); throws to refuse. */
  check(ctx: Context): void;
}

export interface FeatureGate {
  /**
   * What the API document says of a route gated by the feature; throws for a code that names no
   * plan feature, so a route cannot be mounted behind a gate nobody checks.
   */
  describe(code: string): string;
  /** Reads the caller the vendor guard set (`ctx.state.vendor`); throws a domain exception to refuse. */
  check(ctx: Context, code: string): Promise<void>;
}

/** One piece of background work as the task monitor lists it (the columns a module's backgroundTasks query selects). */
export interface BackgroundTaskRow {
  type: string;
  /** The job's id within its type (text: a scheduled run is named by its task and tick). */
  task_id: string;
  status: string;
  progress: string | null;
  error: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  completed_at: Date | string | null;
}

export interface BackgroundTaskRetry {
  canRetry(type: string): boolean;
  /** Starts a new job like the failed one; answers it as the monitor names it. Throws a domain exception to refuse. */
  start(
    services: Services,
    task: { type: string; task_id: string },
    by: { context: CommandContext; name: string | null },
  ): Promise<{ type: string; task_id: string }>;
}

export interface BackgroundTaskCancel {
  canCancel(type: string): boolean;
  /** Cancels the waiting or running job; its worker stops it. Throws a domain exception to refuse. */
  cancel(
    services: Services,
    task: { type: string; task_id: string },
    by: { context: CommandContext; name: string | null },
  ): Promise<{ position?: Position; eventTypes: string[] }>;
}

export interface HealthFigures {
  jobs?: BackgroundJobCount[];
  /** Files the area stores outside the database, and their bytes. */
  storage?: { files: number; bytes: number };
}

export interface BackgroundJobCount {
  /** What kind of work, for example `marketplace_import`. */
  kind: string;
  queued: number;
  running: number;
}

export interface Background {
  /** Resolves when the work is ready to serve (an in-memory view loaded); optional. */
  ready?: Promise<void>;
  stop(): Promise<void>;
}

/** Answers, from memory, whether a module is on: for the platform a host belongs to, or for any platform at all. */
export interface ModuleSwitch {
  isOnForHost(module: string, hostname: string): boolean;
  /** A scheduled task of the module runs while the module is on for at least one platform. */
  isOnAnywhere(module: string): boolean;
}

/** An order as a customer's page lists it. */
export interface CustomerOrderLine {
  id: number;
  order_number: string;
  order_date: string;
  gross_cents: number;
  currency: string;
  status: string;
}
