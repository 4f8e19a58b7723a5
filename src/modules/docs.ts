import { openApiRoutes } from '../http/openapiDocument.ts';
import { defineModule } from './module.ts';

/** What a newcomer opens first: the OpenAPI document, the browsable reference and the home page. */
export const docsModule = defineModule({
  name: 'docs',
  tag: 'Docs',
  description: 'The OpenAPI document of every mounted route, the API reference UI and the home page.',
  routes: { root: [openApiRoutes] },
});
