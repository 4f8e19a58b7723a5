import type { Context } from 'koa';
import { OrderNotFoundException } from '../../../commands/orders/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { refuse } from '../backOffice/guard.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { bt } from '../backOffice/texts.ts';

/** An order that is not found (or another vendor's) reads as null, so that the page can say so in the frame. */
export function notFound(err: unknown): null {
  if (err instanceof OrderNotFoundException) return null;
  throw err;
}

/** The frame's "not found" page (404): the same words whether the record does not exist or is not the viewer's. */
export const refuseNotFound = (ctx: Context, services: Services, viewer: Viewer) =>
  refuse(ctx, services, viewer, 404, bt(viewer.language, 'not_found_title'), bt(viewer.language, 'not_found_text'));
