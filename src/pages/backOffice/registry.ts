import type { Context } from 'koa';
import type { LanguageCode } from '../../core/i18n.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import type { Html } from '../html.ts';
import type { IconName } from './icons.ts';

/**
 * What the business areas contribute to the two back offices (the vendor's under /vendor, the
 * admins' under /admin) through their module declaration (`backOffice` in src/modules/module.ts):
 * navigation entries, the counts of the header, and — from one module per back office — who the
 * signed-in viewer is. The frame (src/pages/backOffice/layout.ts) reads them here and imports no
 * area itself.
 */
export type BackOfficeArea = 'vendor' | 'admin';

/** A word of the interface in each language. */
export type Labels = Record<LanguageCode, string>;

/** The sidebar's groups, in this order. */
export const NAV_SECTIONS = [
  'overview',
  'sales',
  'catalogue',
  'customers',
  'content',
  'communication',
  'platform',
  'operations',
  'account',
] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export interface NavEntry {
  area: BackOfficeArea;
  /** Unique within its area; a page names the entry it belongs to, which is then marked current. */
  key: string;
  label: Labels;
  href: string;
  section: NavSection;
  /** Position within its section (smaller first). */
  order?: number;
  /** Vendor area: the team permission needed to see the entry at all. */
  permission?: string;
  /** Vendor area: the plan feature of the area; without it the entry shows a lock and explains which tier has it. */
  feature?: string;
  /** The area's landing page after sign-in. */
  home?: boolean;
  icon?: IconName;
}

/** A count shown in the header (unread messages, notifications), linking to where it is read. */
export interface HeaderCount {
  area: BackOfficeArea;
  key: string;
  label: Labels;
  href: string;
  count(services: Services, viewer: Viewer): Promise<number>;
}

/** Who looks at a back-office page. */
export interface Viewer {
  area: BackOfficeArea;
  userId: number;
  userName: string;
  language: LanguageCode;
  /** The vendor a vendor-area viewer works for (from the token, never the URL). */
  vendor: { id: number; code: string; name: string } | null;
  /** The team role (vendor area) or `admin`. */
  role: string;
  /** The team permissions of the role; admins hold every one. */
  permissions: readonly string[] | 'all';
  /** The plan features of the vendor; admins are never gated. */
  features: readonly string[] | 'all';
  /** The vendor's tier name (shown where a feature is missing). */
  planName: string | null;
  /** The context of the commands the viewer's forms run. */
  context: CommandContext;
}

/** Builds the signed-in viewer of an area from the request (its cookie), or null when nobody is signed in. */
export type ViewerSource = (services: Services, ctx: Context) => Promise<Viewer | null>;

/** What one module contributes. */
export interface BackOfficeContribution {
  navigation?: readonly NavEntry[];
  counts?: readonly HeaderCount[];
  viewers?: Partial<Record<BackOfficeArea, ViewerSource>>;
  /** Vendor area: the name of a plan feature and the lowest tier that has it (for a locked entry). */
  describeFeature?: (code: string) => { name: string; tier: string } | null;
  /** Vendor area: the vendor's plan as the frame shows it (its features and tier name). */
  vendorPlan?: (services: Services, vendorId: number) => Promise<VendorPlanSummary>;
  /**
   * Vendor area: where a vendor page must send the viewer instead (the onboarding wizard while
   * the onboarding is unfinished), or null to let the page show. Answers from memory.
   */
  vendorGate?: (services: Services, viewer: Viewer, path: string) => string | null;
  /** Vendor area: sections of the vendor's settings page. */
  settingsSections?: readonly SettingsSection[];
}

/**
 * Vendor area: a part of the vendor's settings page (/vendor/settings) that another area owns, so
 * that the settings area need not depend on it (the theme, the extmarket key). Its forms post to
 * that area's own page routes, which check the permission again.
 */
export interface SettingsSection {
  /** The tab it shows in (`?tab=`): one of the settings page's own tabs, or a tab of its own named by `label`. */
  tab: string;
  label: Labels;
  /** Position among the sections of its tab, and of its tab among the contributed ones (smaller first). */
  order?: number;
  /** The team permission needed to see it (the settings page itself needs settings.view). */
  permission?: string;
  render(services: Services, ctx: Context, viewer: Viewer): Promise<Html>;
}

export interface VendorPlanSummary {
  features: readonly string[];
  planName: string;
}

export interface BackOffice {
  navigation(area: BackOfficeArea): readonly NavEntry[];
  counts(area: BackOfficeArea): readonly HeaderCount[];
  viewer(area: BackOfficeArea): ViewerSource | null;
  describeFeature(code: string): { name: string; tier: string } | null;
  /** The vendor's plan (every feature when no module contributes plans). */
  vendorPlan(services: Services, vendorId: number): Promise<VendorPlanSummary | null>;
  /** The first contributed gate's redirect for a vendor page, or null. */
  vendorGate(services: Services, viewer: Viewer, path: string): string | null;
  /** The contributed sections of the vendor's settings page, in their order. */
  settingsSections(): readonly SettingsSection[];
}

const registries = new WeakMap<Services, BackOffice>();

/** Called once per app with every module's contribution. */
export function registerBackOffice(services: Services, contributions: readonly BackOfficeContribution[]): void {
  const navigation = contributions.flatMap((c) => c.navigation ?? []);
  const counts = contributions.flatMap((c) => c.counts ?? []);
  const viewers = new Map<BackOfficeArea, ViewerSource>();
  for (const c of contributions) {
    for (const [area, source] of Object.entries(c.viewers ?? {}) as [BackOfficeArea, ViewerSource][]) {
      if (viewers.has(area)) throw new Error(`Two modules build the ${area} back office's viewer`);
      viewers.set(area, source);
    }
  }
  const keys = new Set<string>();
  for (const e of navigation) {
    const key = `${e.area}:${e.key}`;
    if (keys.has(key)) throw new Error(`Two navigation entries are named ${key}`);
    keys.add(key);
  }
  const sections = contributions.flatMap((c) => c.settingsSections ?? []).sort((a, b) => (a.order ?? 500) - (b.order ?? 500));
  const order = (e: NavEntry) => NAV_SECTIONS.indexOf(e.section) * 1000 + (e.order ?? 500);
  registries.set(services, {
    navigation: (area) => navigation.filter((e) => e.area === area).sort((a, b) => order(a) - order(b)),
    counts: (area) => counts.filter((c) => c.area === area),
    settingsSections: () => sections,
    viewer: (area) => viewers.get(area) ?? null,
    vendorPlan: async (s, vendorId) => {
      const source = contributions.find((c) => c.vendorPlan)?.vendorPlan;
      return source ? source(s, vendorId) : null;
    },
    vendorGate: (s, viewer, path) => {
      for (const c of contributions) {
        const target = c.vendorGate?.(s, viewer, path);
        if (target) return target;
      }
      return null;
    },
    describeFeature: (code) => {
      for (const c of contributions) {
        const found = c.describeFeature?.(code);
        if (found) return found;
      }
      return null;
    },
  });
}

export function backOfficeOf(services: Services): BackOffice {
  const found = registries.get(services);
  if (!found) throw new Error('The back office is not registered: createApp registers it');
  return found;
}

export const can = (viewer: Viewer, permission: string | undefined): boolean =>
  !permission || viewer.permissions === 'all' || viewer.permissions.includes(permission);

export const hasFeature = (viewer: Viewer, feature: string | undefined): boolean =>
  !feature || viewer.features === 'all' || viewer.features.includes(feature);
