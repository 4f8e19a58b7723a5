import { media } from '../../commands/media/index.ts';
import { mediaList } from '../../projections/media/mediaList.ts';
import { adminMediaRoutes } from '../http/admin/media.ts';
import { vendorMediaRoutes } from '../http/vendor/media.ts';
import { defineModule } from './module.ts';

export const mediaModule = defineModule({
  name: 'media',
  tag: 'Media',
  description: 'Product images, stored outside the database in three variants.',
  dependsOn: ['vendors'],
  routes: { admin: [adminMediaRoutes], vendor: [vendorMediaRoutes] },
  consumers: [mediaList],
  aggregates: [media],
});
