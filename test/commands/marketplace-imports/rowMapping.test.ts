import { expect } from 'chai';
import { chooseDelimiter, ImportFailure, readHeader } from '../../../commands/marketplace-imports/csvHeader.ts';
import { mapBrokenRecord, mapRow, vendorKeyPrefix } from '../../../commands/marketplace-imports/rowMapping.ts';

const defaults = { vendor_id: 41, marketplace: 'extmarket', vendor_name: 'Shop A' };

describe('marketplace CSV header', () => {
  it('finds the delimiter from the header row', () => {
    expect(chooseDelimiter('gtin,title,price', null)).to.equal(',');
    expect(chooseDelimiter('id\ttitle\tdescription\tprice', null)).to.equal('\t');
    expect(chooseDelimiter('"gtin";"title"', null)).to.equal(';');
  });

  it('names the problem of a header it cannot use', () => {
    const code = (line: string, requested: string | null = null) => {
      try {
        chooseDelimiter(line, requested);
      } catch (e) {
        return (e as ImportFailure).code;
      }
      return 'ok';
    };
    expect(code('gtin;title;price', ',')).to.equal('wrong_delimiter');
    expect(code('gtin:title:price')).to.equal('wrong_delimiter');
    expect(code('4006381333931,Pen,1.99')).to.equal('missing_header');
    expect(code('a,b,c')).to.equal('missing_header');
  });

  it('maps shopping-feed names and refuses a header without title or identifier', () => {
    const layout = readHeader(['ID', 'Title', 'price', 'link', 'GTIN']);
    expect(layout.index).to.deep.equal({ sku: 0, title: 1, price: 2, gtin: 4 });
    expect(layout.ignored).to.deep.equal(['link']);
    expect(() => readHeader(['gtin', 'price'])).to.throw(ImportFailure, /title/);
    expect(() => readHeader(['title', 'price'])).to.throw(ImportFailure, /gtin or sku/);
    // price_numeric wins over price when a file has both.
    expect(readHeader(['sku', 'title', 'price', 'price_numeric']).index.price).to.equal(3);
  });
});

describe('marketplace CSV row', () => {
  const layout = readHeader(['gtin', 'sku', 'title', 'price', 'sale_price', 'image_link', 'product_type', 'marketplace']);
  const map = (cells: string[]) => mapRow(cells, layout, 7, defaults);

  it('maps a good row, keyed by the importing vendor and the 14-digit GTIN', () => {
    const r = map(['4006381333931', 'S-1', ' Pen ', '1.99 EUR', '', 'https://cdn.test/p.jpg', 'Office > Pens', '']);
    expect(r).to.deep.equal({
      ok: true,
      row: {
        row: 7,
        key: 'vendor:41:gtin:04006381333931',
        gtin: '4006381333931',
        gtin_type: 'EAN13',
        sku: 'S-1',
        brand: null,
        image_link: 'https://cdn.test/p.jpg',
        price_cents: 199,
        sale_price_cents: null,
        currency: 'EUR',
        product_type_raw: 'Office > Pens',
        marketplace: 'extmarket',
        vendor_name: 'Shop A',
        title: 'Pen',
        description: null,
        short_description: null,
      },
    });
  });

  it('keys a row without GTIN by the importing vendor, marketplace and SKU', () => {
    const r = map(['', 'S-9', 'Pen', '1', '', '', '', 'OtherMarket']);
    expect(r.ok && r.row.key).to.equal('vendor:41:sku:othermarket:S-9');
  });

  it('gives two vendors importing the same GTIN (or marketplace SKU) two keys: each vendor its own product', () => {
    const key = (vendor_id: number, cells: string[]) => {
      const r = mapRow(cells, layout, 2, { ...defaults, vendor_id });
      return r.ok ? r.row.key : null;
    };
    const byGtin = ['4006381333931', 'S-1', 'Pen', '1', '', '', '', ''];
    const bySku = ['', 'S-9', 'Pen', '1', '', '', '', 'OtherMarket'];
    expect(key(41, byGtin)).to.not.equal(key(42, byGtin));
    expect(key(41, bySku)).to.not.equal(key(42, bySku));
    // The same vendor meets the same key again (a re-import, another language): same product.
    expect(key(41, byGtin)).to.equal(key(41, ['04006381333931', 'OTHER-SKU', 'Stylo', '2', '', '', '', '']));
    // A vendor id is never a prefix of another's key space (vendor 4 vs 41).
    expect(key(4, byGtin)!.startsWith(vendorKeyPrefix(41))).to.equal(false);
    expect(key(41, byGtin)!.startsWith(vendorKeyPrefix(4))).to.equal(false);
  });

  it('rejects each kind of bad row with its type, keeping the row data', () => {
    const type = (cells: string[]) => {
      const r = map(cells);
      return r.ok ? 'ok' : r.error.error_type;
    };
    expect(type(['4006381333932', 'S', 'Pen', '1', '', '', '', ''])).to.equal('invalid_gtin');
    expect(type(['', '', 'Pen', '1', '', '', '', ''])).to.equal('missing_identifier');
    expect(type(['', 'S', '', '1', '', '', '', ''])).to.equal('missing_title');
    expect(type(['', 'S', 'Pen', 'ten', '', '', '', ''])).to.equal('invalid_price');
    expect(type(['', 'S', 'Pen', '-1', '', '', '', ''])).to.equal('invalid_price');
    expect(type(['', 'S', 'Pen', '1', '', 'javascript:alert(1)', '', ''])).to.equal('invalid_url');
    expect(type(['', 'S', 'x'.repeat(301), '1', '', '', '', ''])).to.equal('field_too_long');
    expect(type(['', 'S', 'Pen'])).to.equal('malformed_row');
    const r = map(['4006381333932', 'S', 'Pen', '1', '', '', '', '']);
    expect(!r.ok && r.error).to.include({ row: 7, identifier: '4006381333932' });
    expect(!r.ok && r.error.row_data).to.include({ gtin: '4006381333932', title: 'Pen' });
  });
});

describe('marketplace CSV line that cannot be parsed', () => {
  const layout = readHeader(['gtin', 'sku', 'title', 'price']);

  it('is a parse_error import error with its line number, its text and the identifier read before the problem', () => {
    const raw = '4006381333931,S-1,"Ruler 12" long",1.99';
    const r = mapBrokenRecord(
      { line: 9, error: "the quoted field 3 is followed by ' long\",1.99'", raw, fields: ['4006381333931', 'S-1'] },
      layout,
    );
    expect(r).to.deep.equal({
      ok: false,
      error: {
        row: 9,
        identifier: '4006381333931',
        error_type: 'parse_error',
        message: "line 9 could not be parsed: the quoted field 3 is followed by ' long\",1.99'",
        row_data: { raw },
      },
    });
  });

  it('names no identifier when the problem comes before the identifier columns', () => {
    const r = mapBrokenRecord({ line: 2, error: 'x', raw: '"4006"x', fields: [] }, layout);
    expect(!r.ok && r.error.identifier).to.equal(null);
  });
});
