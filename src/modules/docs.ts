import { apiReferenceRoutes } from '../http/apiReference.ts';
import { openApiRoutes } from '../http/openapiDocument.ts';
import { homeRoutes } from '../pages/home.ts';
import { defineModule } from './module.ts';

/**
 * What a newcomer opens first, in the 'root' API area: the home page (GET /, HTML or JSON), the
 * OpenAPI document (GET /api/v1/openapi.json) and the API reference rendering it (GET /docs,
 * Swagger UI from swagger-ui-dist with its assets under /docs/assets/).
 */
export const docsModule = defineModule({
  name: 'docs',
  tag: 'Docs',
  description: 'The OpenAPI document of every mounted route, the API reference UI and the home page.',
  // The home page links the shops.
  dependsOn: ['vendors'],
  core: true,
  features: ['OpenAPI document', 'API reference', 'Home page'],
  routes: { root: [homeRoutes, openApiRoutes, apiReferenceRoutes] },
});
