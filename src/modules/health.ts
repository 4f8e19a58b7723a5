import { healthRoutes } from '../http/health.ts';
import { defineModule } from './module.ts';

export const healthModule = defineModule({
  name: 'health',
  tag: 'Health',
  description: 'Liveness and readiness (database, event store, consumer lag).',
  core: true,
  features: ['Liveness probe', 'Readiness probe with consumer lag'],
  routes: { health: [healthRoutes] },
});
