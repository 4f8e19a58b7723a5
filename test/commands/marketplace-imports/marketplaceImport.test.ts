import type { AcceptedRow, MarketplaceImportEvent, RejectedRow } from '../../../commands/marketplace-imports/events.ts';
import { marketplaceImport } from '../../../commands/marketplace-imports/marketplaceImport.ts';
import { BusinessLogicException, InvalidTransitionException } from '../../../src/core/errors.ts';
import { MarketplaceImportJobNotFoundException } from '../../../commands/marketplace-imports/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const requested: MarketplaceImportEvent = {
  type: 'MarketplaceImportRequested',
  data: {
    job_id: 5,
    vendor_id: 9,
    language: 'fr',
    marketplace: 'extmarket',
    delimiter: null,
    source: { kind: 'url', url: 'https://feeds.test/fr.csv' },
    requested_by: 1,
    created_by_name: 'root',
    requested_at: at,
  },
};
const started: MarketplaceImportEvent = { type: 'MarketplaceImportStarted', data: { job_id: 5, vendor_id: 9, attempt: 1, at } };
const row = (n: number, id: number): AcceptedRow => ({
  row: n,
  product_id: id,
  key: `vendor:9:gtin:0000000000000${n}`,
  gtin: null,
  gtin_type: null,
  sku: `S${n}`,
  brand: null,
  image_link: null,
  price_cents: 100,
  sale_price_cents: null,
  currency: 'EUR',
  product_type_raw: null,
  marketplace: 'extmarket',
  vendor_name: null,
  title: `T${n}`,
  description: null,
  short_description: null,
});
const bad = (n: number): RejectedRow => ({
  row: n,
  identifier: null,
  error_type: 'missing_identifier',
  message: 'the row has neither a gtin nor a sku',
  row_data: {},
});
const batch = (accepted: AcceptedRow[], rejected: RejectedRow[], newProducts = accepted.length) => ({
  type: 'RecordImportBatch' as const,
  data: { accepted, rejected, new_products: newProducts, bytes_read: 300, bytes_total: 1000, at },
});

describe('marketplace import job', () => {
  context('requesting and starting', () => {
    it('opens a pending job', () => {
      const { requested_at, ...data } = requested.data as Extract<MarketplaceImportEvent, { type: 'MarketplaceImportRequested' }>['data'];
      given(marketplaceImport, [])
        .when({ type: 'RequestMarketplaceImport', data: { ...data, at: requested_at } })
        .then([requested]);
    });
    it('lets one worker start it, and refuses a second start (409)', () => {
      given(marketplaceImport, [requested]).when({ type: 'StartMarketplaceImport', data: { at } }).then([started]);
      given(marketplaceImport, [requested, started])
        .when({ type: 'StartMarketplaceImport', data: { at } })
        .thenThrows(InvalidTransitionException, /processing/);
    });
    it('knows no job that was never requested', () => {
      given(marketplaceImport, []).when({ type: 'StartMarketplaceImport', data: { at } }).thenThrows(MarketplaceImportJobNotFoundException);
    });
  });

  context('recording a batch', () => {
    it('records accepted rows, rejected rows and the progress counters as three facts', () => {
      given(marketplaceImport, [requested, started])
        .when(batch([row(2, 10), row(3, 11)], [bad(4)], 1))
        .then([
          {
            type: 'MarketplaceImportRowsAccepted',
            data: { job_id: 5, vendor_id: 9, language: 'fr', batch: 1, rows: [row(2, 10), row(3, 11)] },
          },
          { type: 'MarketplaceImportRowsRejected', data: { job_id: 5, vendor_id: 9, batch: 1, errors: [bad(4)] } },
          {
            type: 'MarketplaceImportProgressed',
            data: {
              job_id: 5,
              batch: 1,
              rows_processed: 4,
              accepted: 2,
              rejected: 1,
              new_products: 1,
              bytes_read: 300,
              bytes_total: 1000,
              at,
            },
          },
        ]);
    });
    it('refuses rows it has already recorded (a replayed batch)', () => {
      const first = marketplaceImport.decide(batch([row(2, 10)], []), given(marketplaceImport, [requested, started]).state);
      given(marketplaceImport, [requested, started, ...first])
        .when(batch([row(2, 10)], []))
        .thenThrows(BusinessLogicException, /already recorded/);
    });
    it("refuses rows keyed for another vendor's products: a job writes its own vendor's marketplace products only", () => {
      const foreign = { ...row(3, 11), key: 'vendor:8:gtin:00000000000003' };
      given(marketplaceImport, [requested, started])
        .when(batch([row(2, 10), foreign], []))
        .thenThrows(BusinessLogicException, /vendor 9: row 3 .*outside the vendor's products/);
      const unscoped = { ...row(2, 10), key: 'gtin:00000000000002' };
      given(marketplaceImport, [requested, started])
        .when(batch([unscoped], []))
        .thenThrows(BusinessLogicException, /outside the vendor's products/);
      // Vendor 9's key space is not vendor 90's.
      given(marketplaceImport, [requested, started])
        .when(batch([{ ...row(2, 10), key: 'vendor:90:gtin:00000000000002' }], []))
        .thenThrows(BusinessLogicException);
    });
    it('refuses rows before the job started or after it ended', () => {
      given(marketplaceImport, [requested])
        .when(batch([row(2, 10)], []))
        .thenThrows(InvalidTransitionException, /pending/);
      const failed: MarketplaceImportEvent = {
        type: 'MarketplaceImportFailed',
        data: { job_id: 5, vendor_id: 9, error_code: 'bad_encoding', error: 'x', rows_processed: 0, at },
      };
      given(marketplaceImport, [requested, started, failed])
        .when(batch([row(2, 10)], []))
        .thenThrows(InvalidTransitionException, /failed/);
    });
  });

  context('ending', () => {
    it('completes with the totals', () => {
      const events = marketplaceImport.decide(
        batch([row(2, 10), row(3, 11)], [bad(4)], 2),
        given(marketplaceImport, [requested, started]).state,
      );
      given(marketplaceImport, [requested, started, ...events])
        .when({ type: 'CompleteMarketplaceImport', data: { at } })
        .then([
          {
            type: 'MarketplaceImportCompleted',
            data: { job_id: 5, vendor_id: 9, language: 'fr', rows_processed: 4, accepted: 2, rejected: 1, new_products: 2, at },
          },
        ]);
    });
    it('turns a completion without a single data row into a failure', () => {
      given(marketplaceImport, [requested, started])
        .when({ type: 'CompleteMarketplaceImport', data: { at } })
        .then([
          {
            type: 'MarketplaceImportFailed',
            data: {
              job_id: 5,
              vendor_id: 9,
              error_code: 'no_data_rows',
              error: 'The file has a header row but no data rows',
              rows_processed: 0,
              at,
            },
          },
        ]);
    });
    it('fails a pending job (no worker could start it) but not a completed one', () => {
      given(marketplaceImport, [requested])
        .when({ type: 'FailMarketplaceImport', data: { error_code: 'worker_lost', error: 'lost', at } })
        .then([
          {
            type: 'MarketplaceImportFailed',
            data: { job_id: 5, vendor_id: 9, error_code: 'worker_lost', error: 'lost', rows_processed: 0, at },
          },
        ]);
      const completed: MarketplaceImportEvent = {
        type: 'MarketplaceImportCompleted',
        data: { job_id: 5, vendor_id: 9, language: 'fr', rows_processed: 2, accepted: 1, rejected: 0, new_products: 1, at },
      };
      given(marketplaceImport, [requested, started, completed])
        .when({ type: 'FailMarketplaceImport', data: { error_code: 'worker_lost', error: 'lost', at } })
        .thenThrows(InvalidTransitionException, /completed/);
    });
  });
});
