import type { Context } from 'koa';
import { DomainException, ValidationException } from '../../core/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { csrfValid, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import { card } from './components.ts';
import { setFlash } from './flash.ts';
import { renderBackOffice } from './layout.ts';
import { backOfficeOf, can, hasFeature, type BackOfficeArea, type Viewer } from './registry.ts';
import { requireViewer } from './session.ts';
import { bt } from './texts.ts';

/**
 * The checks of every back-office page and form, on the server (a hidden button is never the
 * only refusal): signed in (else the sign-in page, coming back), the team permission held (else a
 * 403 page naming it), the plan feature of the area when one is named (else the page that says
 * which tier has it, as the locked navigation entry does), and for a form the form token (else a
 * 403 page; nothing is done).
 */
export async function pageViewer(
  services: Services,
  ctx: Context,
  area: BackOfficeArea,
  permission?: string,
  feature?: string,
): Promise<Viewer | null> {
  const viewer = await requireViewer(services, ctx, area);
  if (!viewer || gated(services, ctx, viewer)) return null;
  if (!can(viewer, permission)) {
    await refuse(
      ctx,
      services,
      viewer,
      403,
      bt(viewer.language, 'forbidden_title'),
      bt(viewer.language, 'forbidden_text', { permission: permission! }),
    );
    return null;
  }
  if (!hasFeature(viewer, feature)) {
    seeOther(ctx, `/vendor/plan/features/${feature!}`);
    return null;
  }
  return viewer;
}

export async function formViewer(
  services: Services,
  ctx: Context,
  area: BackOfficeArea,
  permission?: string,
  feature?: string,
): Promise<Viewer | null> {
  const viewer = await requireViewer(services, ctx, area);
  if (!viewer || gated(services, ctx, viewer)) return null;
  if (!csrfValid(ctx)) {
    await refuse(ctx, services, viewer, 403, bt(viewer.language, 'forbidden_title'), bt(viewer.language, 'error_form_token'));
    return null;
  }
  if (!can(viewer, permission)) {
    await refuse(
      ctx,
      services,
      viewer,
      403,
      bt(viewer.language, 'forbidden_title'),
      bt(viewer.language, 'forbidden_text', { permission: permission! }),
    );
    return null;
  }
  if (!hasFeature(viewer, feature)) {
    seeOther(ctx, `/vendor/plan/features/${feature!}`);
    return null;
  }
  return viewer;
}

/** A vendor page a module's gate closes (the unfinished onboarding) sends the viewer where the gate says. */
function gated(services: Services, ctx: Context, viewer: Viewer): boolean {
  if (viewer.area !== 'vendor') return false;
  const target = backOfficeOf(services).vendorGate(services, viewer, ctx.path);
  if (!target) return false;
  seeOther(ctx, target);
  return true;
}

/**
 * Reads a record page's record; one that is missing or not the viewer's to see (a 404 domain
 * exception: another vendor's record answers the same) becomes the frame's "not found" page.
 */
export async function orNotFound<T>(ctx: Context, services: Services, viewer: Viewer, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof DomainException) || err.status !== 404) throw err;
    await refuse(ctx, services, viewer, 404, bt(viewer.language, 'not_found_title'), bt(viewer.language, 'not_found_text'));
    return null;
  }
}

/** A page that says no, in the frame. */
export async function refuse(ctx: Context, services: Services, viewer: Viewer, status: number, title: string, text: string): Promise<void> {
  await renderBackOffice(
    ctx,
    services,
    viewer,
    { title, body: card(null, html`<p>${text}</p><p><a href="/${viewer.area}">${bt(viewer.language, 'home')}</a></p>`) },
    status,
  );
}

/**
 * Runs a form's command and comes back (Post/Redirect/Get) with a message: the notice when it was
 * done, the refusal's own words when a rule of the domain said no (a 4xx domain exception: a
 * state-table move, a limit, a missing record). Anything else is a fault and goes to the error handler.
 */
export async function act(ctx: Context, back: string, run: () => Promise<string | null>, options: { done?: string } = {}): Promise<void> {
  try {
    const notice = await run();
    if (notice) setFlash(ctx, 'notice', notice);
  } catch (err) {
    if (!(err instanceof DomainException) || err.status >= 500) throw err;
    setFlash(ctx, 'error', refusalInWords(err));
    return seeOther(ctx, back);
  }
  // `done`: where a form goes once its command ran (a deleted record's list), `back` on a refusal.
  seeOther(ctx, options.done ?? back);
}

/** A refusal as a page says it: a form's invalid fields are named (`owner_email: must match format "email"`). */
export function refusalInWords(err: DomainException): string {
  if (!(err instanceof ValidationException) || err.errors.length === 0) return err.message;
  return `${err.message}: ${err.errors
    .slice(0, 5)
    .map((i) => `${i.pointer.replace(/^\/body\//, '')} ${i.message}`)
    .join('; ')}`;
}
