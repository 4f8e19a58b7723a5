/**
 * The stock import of both back offices: the form for a TSV/CSV file of bins, EANs, products and
 * quantities (a vendor's with the import feature, or any vendor's for admins) and its POST, whose
 * page shows what the import did, row by row.
 */
import type { Context } from 'koa';
import { vendorChoices } from '../../modules/vendors.ts';
import { DomainException } from '../../core/errors.ts';
import { ImportFileException } from '../../../commands/inventory/errors.ts';
import { importInventoryFile } from '../../http/admin/inventoryImport.ts';
import type { Api } from '../../http/api.ts';
import { multipart, uploadedFile, uploadLimits } from '../../http/multipart.ts';
import type { Services } from '../../runtime/services.ts';
import { card } from '../backOffice/components.ts';
import { formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { field } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { place, scope, wholeNumber } from './formFields.ts';
import { ivt } from './texts.ts';
import { importForm, importReport } from './views.ts';

export const IMPORT_FEATURE = 'inventory_import';
const importUpload = multipart(() => ({ maxFileBytes: uploadLimits.inventoryImportBytes }));

/** The stock import's form and POST (`/{area}/inventory/import`) of one back office. */
export function stockImportPages(api: Api, services: Services, area: 'vendor' | 'admin') {
  const knex = services.db.knex;
  const base = `/${area}/inventory`;

  api.get(
    `${base}/import`,
    {
      summary: 'Back-office page: the stock import form (TSV/CSV with BIN, EAN, PRODUCT, QUANTITY)',
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, area, 'inventory.import', area === 'vendor' ? IMPORT_FEATURE : undefined);
      if (!viewer) return;
      await renderImport(ctx, viewer, html``);
    },
  );

  api.post(
    `${base}/import`,
    {
      summary:
        'Back-office form: import a stock file (multipart `file`, `warehouse`, `mode`' +
        (area === 'admin' ? ', `vendor_id`' : '') +
        '); the page shows what it did, row by row',
      use: [importUpload],
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 413: HTML, 422: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, area, 'inventory.import', area === 'vendor' ? IMPORT_FEATURE : undefined);
      if (!viewer) return;
      const file = uploadedFile(ctx, 'file');
      try {
        if (!file || file.size === 0)
          throw new ImportFileException(ivt(viewer.language, 'no_file'), [{ pointer: '/body/file', message: 'required' }]);
        const vendorId = scope(viewer) ?? wholeNumber(ctx, 'vendor_id', 1, 2_147_483_647)!;
        const mode = field(ctx, 'mode') === 'add' ? 'add' : 'set';
        const result = await importInventoryFile(
          services,
          { vendorId, path: file.filepath, fileName: file.originalFilename, warehouse: place(ctx, 'warehouse', 'main'), mode },
          viewer.context,
        );
        await renderImport(ctx, viewer, importReport(viewer, file.originalFilename ?? '', result));
      } catch (err) {
        if (!(err instanceof DomainException) || err.status >= 500) throw err;
        await renderImport(ctx, viewer, html``, refusalInWords(err), 422);
      }
    },
  );

  async function renderImport(ctx: Context, viewer: Viewer, report: Html, error?: string, status = 200) {
    const l = viewer.language;
    const base = `/${viewer.area}/inventory`;
    await renderBackOffice(
      ctx,
      services,
      viewer,
      {
        title: ivt(l, 'import'),
        nav: 'inventory',
        error,
        crumbs: [{ label: ivt(l, 'inventory'), href: base }],
        body: html`${report}${card(ivt(l, 'import'), importForm(ctx, viewer, viewer.area === 'admin' ? await vendorChoices(knex) : undefined))}`,
      },
      status,
    );
  }
}
