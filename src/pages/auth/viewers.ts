import type { Context } from 'koa';
import { isLanguage, type LanguageCode } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { backOfficeOf, type Viewer } from '../backOffice/registry.ts';
import { pageAdmin, pageVendor } from './session.ts';
import { accountOf, vendorFrameOf, VENDOR_ACCESS_VIEW, type AccessFacts } from '../../modules/team.ts';

/**
 * Who is signed in to a back office, as its frame shows them: the account's name and language,
 * and for a team member the vendor, the role's permissions and the plan's features. The checks
 * are the APIs' own guards (src/pages/auth/session.ts), so a page is never more open than the API.
 */
/** The account's name and language, from the access view every instance keeps in memory. */
function account(services: Services, userId: number) {
  const row = accountOf(services.views.get<AccessFacts>(VENDOR_ACCESS_VIEW), userId);
  const name = [row?.first_name, row?.last_name].filter(Boolean).join(' ').trim() || row?.username || `User ${userId}`;
  const lang = String(row?.preferred_language ?? '')
    .toLowerCase()
    .split(/[-_]/)[0];
  return { name, language: isLanguage(lang) ? lang : null };
}

export async function vendorViewer(services: Services, ctx: Context): Promise<Viewer | null> {
  const caller = await pageVendor(services, ctx);
  if (!caller) return null;
  const who = account(services, caller.userId);
  const vendor = vendorFrameOf(services.views.get<AccessFacts>(VENDOR_ACCESS_VIEW), caller.id);
  const plan = await backOfficeOf(services).vendorPlan(services, caller.id);
  // The dashboard language is the vendor's (SPEC.md part 2); a member's own profile language comes first.
  const dashboard = isLanguage(vendor?.dashboard_language) ? (vendor.dashboard_language as LanguageCode) : null;
  return {
    area: 'vendor',
    userId: caller.userId,
    userName: who.name,
    language: who.language ?? dashboard ?? 'en',
    vendor: { id: caller.id, code: caller.vendorCode, name: String(vendor?.name ?? caller.vendorCode) },
    role: caller.role,
    permissions: caller.permissions,
    features: plan?.features ?? 'all',
    planName: plan?.planName ?? null,
    context: { userId: caller.userId, vendorId: caller.id, correlationId: String(ctx.state.requestId ?? '') },
  };
}

export async function adminViewer(services: Services, ctx: Context): Promise<Viewer | null> {
  const id = await pageAdmin(services, ctx);
  if (id === null) return null;
  const who = account(services, id);
  return {
    area: 'admin',
    userId: id,
    userName: who.name,
    language: who.language ?? 'en',
    vendor: null,
    role: 'admin',
    permissions: 'all',
    features: 'all',
    planName: null,
    context: { userId: id, vendorId: null, correlationId: String(ctx.state.requestId ?? '') },
  };
}
