/**
 * What the content pages' routes share: the feature a vendor's shop needs for them, a page's id
 * in the path, the responses of the editor's forms, and what the content page commands run on.
 */
import { Type } from '@sinclair/typebox';
import type { Services } from '../../runtime/services.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';

export const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const FEATURE = 'content_pages';
export const FORM = { responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 422: HTML } };

/** The content page commands' dependencies: the event store, the database and the clock. */
export const commandDeps = (services: Services) => ({ store: services.store, db: services.db.knex, clock: services.clock });
