import { expect } from 'chai';
import { gtin14, gtinProblem, gtinType, withCheckDigit } from '../../src/core/gtin.ts';
import {
  centsToDecimal,
  centsToNumber,
  divideRounded,
  formatMoney,
  numberToCents,
  parseCents,
  percentToBasisPoints,
} from '../../src/core/money.ts';
import { priceBreakdown } from '../../src/core/pricing.ts';

describe('money in integer cents (SPEC.md part 2 "Conventions")', () => {
  it('parses decimal text exactly, never through a float', () => {
    expect(parseCents('19.99')).to.equal(1999);
    expect(parseCents('0.1')).to.equal(10);
    expect(parseCents('19,9')).to.equal(1990);
    expect(parseCents('20')).to.equal(2000);
    expect(parseCents('15.00 EUR')).to.equal(1500);
    expect(parseCents('EUR 15.00')).to.equal(1500);
    expect(parseCents('-0.05')).to.equal(-5);
    for (const bad of ['1.999', 'twelve', '', '1e3', '12.34.56', '9'.repeat(14)]) expect(parseCents(bad), bad).to.equal(null);
  });

  it('converts JSON numbers with at most two decimals', () => {
    expect(numberToCents(12.5)).to.equal(1250);
    expect(numberToCents(0.29)).to.equal(29);
    expect(numberToCents(1.005)).to.equal(null);
  });

  it('formats for display and for the *_numeric fields', () => {
    expect(centsToDecimal(1999)).to.equal('19.99');
    expect(centsToDecimal(-5)).to.equal('-0.05');
    expect(centsToNumber(1999)).to.equal(19.99);
    expect(centsToNumber(null)).to.equal(null);
    expect(formatMoney(123456, 'EUR', 'en')).to.equal('€1,234.56');
    expect(formatMoney(123456, 'EUR', 'de')).to.equal('1.234,56\u00a0€');
  });

  it('rounds half away from zero', () => {
    expect(divideRounded(5n, 2n)).to.equal(3n);
    expect(divideRounded(-5n, 2n)).to.equal(-3n);
    expect(divideRounded(7n, 3n)).to.equal(2n);
    expect(divideRounded(-7n, 3n)).to.equal(-2n);
    expect(percentToBasisPoints(5.5)).to.equal(550);
    expect(percentToBasisPoints(17.123)).to.equal(null);
  });
});

describe('price breakdown of VendorProductDetail', () => {
  it('derives net, VAT, profit and margin from a gross price', () => {
    expect(priceBreakdown(1999, 1700, 1000)).to.deep.equal({
      net_price_cents: 1709,
      vat_amount_cents: 290,
      profit_cents: 709,
      profit_margin_percent: 41.49,
    });
    expect(priceBreakdown(1000, 0, 1200)).to.deep.equal({
      net_price_cents: 1000,
      vat_amount_cents: 0,
      profit_cents: -200,
      profit_margin_percent: -20,
    });
    expect(priceBreakdown(0, 1700, null)).to.deep.equal({
      net_price_cents: 0,
      vat_amount_cents: 0,
      profit_cents: null,
      profit_margin_percent: null,
    });
  });

  it('always splits the gross price exactly into net + VAT', () => {
    for (const rate of [0, 300, 550, 800, 1400, 1700, 2000, 2100, 2700]) {
      for (let gross = 0; gross < 3000; gross += 7) {
        const b = priceBreakdown(gross, rate, null);
        expect(b.net_price_cents + b.vat_amount_cents).to.equal(gross);
        // The net is the nearest cent to gross / (1 + rate).
        expect(Math.abs(b.net_price_cents - (gross * 10000) / (10000 + rate))).to.be.at.most(0.5);
      }
    }
  });
});

describe('GTIN', () => {
  it('checks length and the GS1 check digit, and matches on the 14-digit form', () => {
    expect(gtinProblem('4006381333931')).to.equal(null);
    expect(gtinProblem('4006381333932')).to.match(/check digit/);
    expect(gtinProblem('123')).to.match(/8, 12, 13 or 14/);
    expect(gtinProblem('40063813339A1')).to.match(/digits only/);
    expect(gtinType('96385074')).to.equal('EAN8');
    expect(gtinProblem('96385074')).to.equal(null);
    expect(gtin14('4006381333931')).to.equal('04006381333931');
    expect(gtinProblem(withCheckDigit('200001000001'))).to.equal(null);
  });
});
