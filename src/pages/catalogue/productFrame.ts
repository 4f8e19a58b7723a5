import type { Context } from 'koa';
import { getVendorProduct } from '../../../queries/catalogue/listVendorProducts.ts';
import type { Services } from '../../runtime/services.ts';
import { postButton, tabs } from '../backOffice/components.ts';
import { orNotFound } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { CATALOGUE_AREAS, scopeOf } from './areas.ts';
import { ct } from './texts.ts';

/**
 * The frame of a product's record page, shared by its tabs: the details and history (this area's
 * pages) and the images (the media area's page, through the catalogue module's exports): the
 * title, the delete button, the tabs.
 */
export type PageProduct = Awaited<ReturnType<typeof getVendorProduct>>;
export type ProductTab = 'details' | 'images' | 'history';

/** The product a viewer may see (a vendor its own only), or the frame's "not found" page and null. */
export const productForPage = (ctx: Context, services: Services, viewer: Viewer, id: number): Promise<PageProduct | null> =>
  orNotFound(ctx, services, viewer, () => getVendorProduct(services.db.knex, id, scopeOf(viewer), viewer.language));

/** The path of a product's page in the viewer's back office. */
export const productPath = (viewer: Viewer, id: number): string => `${CATALOGUE_AREAS[viewer.area].products}/${id}`;

export async function renderProductTab(
  ctx: Context,
  services: Services,
  viewer: Viewer,
  p: PageProduct,
  tab: ProductTab,
  body: Html,
  shown: { error?: string | null; status?: number } = {},
): Promise<void> {
  const l = viewer.language;
  const a = CATALOGUE_AREAS[viewer.area];
  const base = productPath(viewer, p.id);
  const links: { key: ProductTab; href: string }[] = [
    { key: 'details', href: base },
    { key: 'images', href: `${base}/images` },
    { key: 'history', href: `${base}?tab=history` },
  ];
  await renderBackOffice(
    ctx,
    services,
    viewer,
    {
      title: p.title ?? `#${p.id}`,
      nav: a.nav,
      error: shown.error ?? null,
      subtitle: html`${p.vendor_sku ? html`<code>${p.vendor_sku}</code> · ` : ''}${p.gtin ?? ''}`,
      crumbs: [{ label: ct(l, viewer.area === 'vendor' ? 'products' : 'vendor_products'), href: a.products }],
      actions: p.is_placeholder
        ? undefined
        : postButton(ctx, `${base}/delete`, ct(l, 'delete'), { tone: 'danger', confirm: ct(l, 'delete_confirm') }),
      body: html`${tabs(links.map((t) => ({ href: t.href, label: ct(l, t.key), current: t.key === tab })))}${body}`,
    },
    shown.status ?? 200,
  );
}
