import type Router from '@koa/router';
import type { Context } from 'koa';
import { Type } from '@sinclair/typebox';
import { deleteImage } from '../../../commands/media/handlers.ts';
import { getMediaRow, listMedia } from '../../../queries/media/listMedia.ts';
import { Api } from '../../http/api.ts';
import { imageUpload, ImageFile, saveUploadedImage, sendVariant } from '../../http/mediaUpload.ts';
import { productForPage, productPath, renderProductTab, type PageProduct } from '../../modules/catalogue.ts';
import type { Services } from '../../runtime/services.ts';
import { card, emptyState, formatNumber, postButton, postForm } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import type { BackOfficeArea, Viewer } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { mt } from './texts.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Params = Type.Object({ id: Id });
const ImageParams = Type.Object({ id: Id, image: Id });
const VariantParams = Type.Object({
  id: Id,
  image: Id,
  variant: Type.Union([Type.Literal('original'), Type.Literal('800'), Type.Literal('200')]),
});
const PRODUCTS: Record<BackOfficeArea, string> = { vendor: '/vendor/products', admin: '/admin/vendor-products' };

/** The vendor whose images a viewer may touch: the session's vendor, or null (an admin: any). */
const scopeOf = (viewer: Viewer): number | null => viewer.vendor?.id ?? null;
const kb = (bytes: number, language: Viewer['language']) => `${formatNumber(Math.max(1, Math.round(bytes / 1024)), language)} KB`;

/** Each image with its WebP variants (size, dimensions, a link to each file), and the upload form. */
async function imagesBody(ctx: Context, services: Services, viewer: Viewer, p: PageProduct): Promise<Html> {
  const l = viewer.language;
  const base = `${productPath(viewer, p.id)}/images`;
  const page = await listMedia(
    services.db.knex,
    { vendor_id: p.vendor_id, product_id: p.id },
    { page: 1, limit: 50 },
    (id, variant) => `${base}/${id}/${variant}`,
  );
  const upload = postForm(
    ctx,
    base,
    html`<div class="field"><label for="i-file">${mt(l, 'image_file')}</label>
<input id="i-file" name="file" type="file" accept="image/*" required aria-describedby="h-file"><div class="hint" id="h-file">${mt(l, 'upload_hint')}</div></div>
<div class="form-actions"><button type="submit" class="primary">${mt(l, 'upload')}</button></div>`,
    { multipart: true, id: 'image-upload' },
  );
  const images = page.items.map((m) => {
    const small = m.variants.find((v) => v.variant === '200') ?? m.variants[0];
    return html`<figure class="card" style="margin:0;box-shadow:none"><div class="body">
<img src="${small?.url ?? ''}" alt="${m.file_name}" width="${small?.width ?? 200}" height="${small?.height ?? 200}" style="max-width:100%;height:auto;border-radius:6px;background:var(--neutral-soft)">
<figcaption><strong>${m.file_name}</strong> <span class="muted">(${m.source_format}, ${m.width}×${m.height})</span></figcaption>
<table class="data"><thead><tr><th scope="col">${mt(l, 'variant')}</th><th scope="col">${mt(l, 'dimensions')}</th><th scope="col" class="num">${mt(l, 'size')}</th></tr></thead><tbody>
${m.variants.map((v) => html`<tr><td><a href="${v.url}">${v.variant === 'original' ? 'original' : `${v.variant} px`}</a></td><td>${v.width}×${v.height}</td><td class="num">${kb(v.bytes, l)}</td></tr>`)}
</tbody></table>
${postButton(ctx, `${base}/${m.id}/delete`, mt(l, 'remove_image'), { tone: 'small', confirm: mt(l, 'remove_confirm') })}</div></figure>`;
  });
  return html`<div class="grid sidebar">${card(mt(l, 'images'), page.items.length ? html`<div class="grid cols-2">${images}</div>` : emptyState(mt(l, 'no_images')))}${card(mt(l, 'upload'), upload)}</div>`;
}

/**
 * A product's images tab in both back offices (…/products/{id}/images): each image with its
 * WebP variants, uploaded through the media commands (the API's POST /media/images with a
 * product_id: original, 800 px and 200 px), removed through DELETE /media/{id}'s command, and its
 * files served to the signed-in viewer whose product it is.
 */
export function productImagePageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  for (const area of ['vendor', 'admin'] as const) {
    const products = PRODUCTS[area];

    api.get(
      `${products}/:id/images`,
      {
        summary: "Back-office page: a product's images with their WebP variants and the upload form",
        params: Params,
        responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
      },
      async (ctx, { params }) => {
        const viewer = await pageViewer(services, ctx, area, 'products.view', 'product_media');
        if (!viewer) return;
        const p = await productForPage(ctx, services, viewer, params.id);
        if (p) await renderProductTab(ctx, services, viewer, p, 'images', await imagesBody(ctx, services, viewer, p));
      },
    );

    api.post(
      `${products}/:id/images`,
      {
        summary: 'Back-office form: upload an image of a product (multipart field `file`), then its images',
        params: Params,
        use: [imageUpload],
        responses: { 303: SEE_OTHER, 403: HTML, 404: HTML, 413: HTML, 422: HTML },
      },
      async (ctx, { params }) => {
        const viewer = await formViewer(services, ctx, area, 'products.edit', 'product_media');
        if (!viewer) return;
        const product = await productForPage(ctx, services, viewer, params.id);
        if (!product) return;
        await act(ctx, `${products}/${params.id}/images`, async () => {
          const id = await saveUploadedImage(services, ctx, product.vendor_id, product.id, scopeOf(viewer), viewer.context);
          const row = await getMediaRow(knex, id, product.vendor_id);
          return mt(viewer.language, 'uploaded', { variants: row.variants.map((v) => `${v.variant} ${v.width}×${v.height}`).join(', ') });
        });
      },
    );

    api.post(
      `${products}/:id/images/:image/delete`,
      {
        summary: "Back-office form: remove one of a product's images and its files",
        params: ImageParams,
        responses: { 303: SEE_OTHER, 403: HTML, 404: HTML },
      },
      async (ctx, { params }) => {
        const viewer = await formViewer(services, ctx, area, 'products.edit', 'product_media');
        if (!viewer) return;
        await act(ctx, `${products}/${params.id}/images`, async () => {
          await getMediaRow(knex, params.image, scopeOf(viewer));
          await services.settle(
            await deleteImage(
              { store: services.store, db: knex, clock: services.clock, dataDir: services.config.dataDir },
              params.image,
              scopeOf(viewer),
              viewer.context,
            ),
          );
          return mt(viewer.language, 'image_removed');
        });
      },
    );

    api.get(
      `${products}/:id/images/:image/:variant`,
      {
        summary: "Back-office file: a product image's variant (WebP) for the signed-in viewer whose product it is",
        params: VariantParams,
        responses: { 200: ImageFile, 303: SEE_OTHER, 403: HTML, 404: HTML },
      },
      async (ctx, { params }) => {
        const viewer = await pageViewer(services, ctx, area, 'products.view');
        if (!viewer) return;
        const row = await getMediaRow(knex, params.image, scopeOf(viewer));
        if (row.product_id !== params.id) {
          ctx.status = 404;
          return;
        }
        await sendVariant(services, ctx, params.image, params.variant, scopeOf(viewer));
      },
    );
  }
  return api.router;
}
