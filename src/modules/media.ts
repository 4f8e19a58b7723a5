import { media } from '../../commands/media/media.ts';
import { mediaList } from '../../projections/media/mediaList.ts';
import { adminMediaRoutes } from '../http/admin/media.ts';
import { vendorMediaRoutes } from '../http/vendor/media.ts';
import { shopProductImageRoutes } from '../http/shop/productImages.ts';
import { productImagePageRoutes } from '../pages/media/productImagePages.ts';
import { defineModule } from './module.ts';
import { getMediaStorage } from '../../queries/media/getMediaStorage.ts';

export const mediaModule = defineModule({
  name: 'media',
  tag: 'Media',
  description: 'Product images, stored outside the database in three variants.',
  features: ['Image upload', 'Original, 800 px and 200 px WebP variants', 'Storage statistics'],
  healthFigures: async (services) => ({ storage: await getMediaStorage(services.db.knex) }),
  dependsOn: ['vendors', 'catalogue'],
  routes: { admin: [adminMediaRoutes], vendor: [vendorMediaRoutes], shop: [shopProductImageRoutes] },
  consumers: [mediaList],
  aggregates: [media],
  pages: [productImagePageRoutes],
});
