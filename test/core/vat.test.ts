import { expect } from 'chai';
import {
  appliedRate,
  decideVatRegime,
  EU_MEMBER_STATES,
  EXPORT_MENTION,
  INTRA_EU_MENTION,
  OSS_THRESHOLD_CENTS,
  rateBasisPoints,
  REVERSE_CHARGE_MENTION,
  vatAmounts,
  vatNumberCountry,
  vatTerritoryOf,
  type VatSituation,
} from '../../src/core/vat/index.ts';

const lu = (over: Partial<VatSituation> = {}): VatSituation => ({ seller_country_iso: 'LU', destination_country_iso: 'LU', ...over });

describe('EU VAT rates (eu-vat-rates.json)', () => {
  it('knows the 27 member states and no other', () => {
    expect(EU_MEMBER_STATES).to.have.length(27);
    expect(EU_MEMBER_STATES).to.include.members(['LU', 'FR', 'DE', 'BE', 'GR', 'FI', 'SE']);
    expect(vatTerritoryOf('GB')).to.equal(null);
    expect(vatTerritoryOf('CH')).to.equal(null);
  });
  it('gives rates as basis points, 25.5 % exactly', () => {
    expect(rateBasisPoints('LU')).to.equal(1700);
    expect(rateBasisPoints('FI')).to.equal(2550);
    expect(rateBasisPoints('HU')).to.equal(2700);
    expect(rateBasisPoints('FR', 'reduced')).to.equal(550);
    expect(rateBasisPoints('FR', 'reduced_high')).to.equal(1000);
    expect(rateBasisPoints('FR', 'super_reduced')).to.equal(210);
    expect(rateBasisPoints('AT', 'super_reduced')).to.equal(490);
    expect(rateBasisPoints('LU', 'parking')).to.equal(1400);
  });
  it('applies the standard rate, and says why, where a state has no rate of the category', () => {
    // Denmark has no reduced rate: 25 %, the standard one.
    expect(appliedRate('DK', 'reduced')).to.deep.equal({
      rate_bp: 2500,
      applied_category: 'standard',
      fallback_reason: 'Denmark has no reduced rate: the standard rate applies',
    });
    // Germany has no super-reduced rate: 19 %, not its reduced 7 %.
    expect(appliedRate('DE', 'super_reduced')).to.deep.include({ rate_bp: 1900, applied_category: 'standard' });
    expect(appliedRate('DE', 'parking').rate_bp).to.equal(1900);
    expect(appliedRate('DE', 'reduced')).to.deep.equal({ rate_bp: 700, applied_category: 'reduced', fallback_reason: null });
    expect(appliedRate('LU', 'zero').rate_bp).to.equal(0);
    expect(appliedRate('LU', 'exempt').rate_bp).to.equal(0);
  });
  it('checks VAT number formats per country, Greece under EL, ignoring spaces, dots and hyphens', () => {
    expect(vatNumberCountry('LU12345678')).to.equal('LU');
    expect(vatNumberCountry('de 123.456-789')).to.equal('DE');
    expect(vatNumberCountry('EL123456789')).to.equal('GR');
    expect(vatNumberCountry('ATU12345678')).to.equal('AT');
    expect(vatNumberCountry('NL123456789B01')).to.equal('NL');
    expect(vatNumberCountry('GR123456789')).to.equal(null);
    expect(vatNumberCountry('DE12345678')).to.equal(null);
    expect(vatNumberCountry('GB123456789')).to.equal(null);
    expect(vatNumberCountry('')).to.equal(null);
  });
});

describe('EU VAT regime (eu-vat-rules.md, decision order)', () => {
  context('a) domestic sale', () => {
    it('taxes a sale inside the seller country at its rate, B2C', () => {
      expect(decideVatRegime(lu())).to.include({ regime: 'domestic', vat_country_iso: 'LU', exempt: false });
    });
    it('and B2B alike, even with a valid VAT number of the seller country', () => {
      expect(decideVatRegime(lu({ buyer_vat_number: 'LU12345678', buyer_vat_number_valid: true }))).to.include({
        regime: 'domestic',
        vat_country_iso: 'LU',
      });
    });
    it('and when a foreign VAT-registered buyer has the goods delivered in the seller country (they do not leave it)', () => {
      expect(decideVatRegime(lu({ buyer_vat_number: 'DE123456789', buyer_vat_number_valid: true }))).to.include({ regime: 'domestic' });
    });
    it('counts Monaco as France (Art. 7)', () => {
      expect(decideVatRegime({ seller_country_iso: 'FR', destination_country_iso: 'MC' })).to.include({
        regime: 'domestic',
        vat_country_iso: 'FR',
      });
    });
  });

  context('b) intra-EU B2C distance sales', () => {
    it('keeps the seller-country VAT below the EUR 10,000 threshold (Art. 59c)', () => {
      expect(
        decideVatRegime(lu({ destination_country_iso: 'FR', cross_border_b2c_current_year_cents: 500_000, sale_net_cents: 10_000 })),
      ).to.include({ regime: 'origin', vat_country_iso: 'LU' });
    });
    it('still at exactly EUR 10,000 including this sale', () => {
      expect(
        decideVatRegime(
          lu({ destination_country_iso: 'FR', cross_border_b2c_current_year_cents: OSS_THRESHOLD_CENTS - 10_000, sale_net_cents: 10_000 }),
        ),
      ).to.include({ regime: 'origin' });
    });
    it('switches to destination VAT under OSS with the sale that crosses the threshold', () => {
      expect(
        decideVatRegime(
          lu({ destination_country_iso: 'FR', cross_border_b2c_current_year_cents: OSS_THRESHOLD_CENTS - 10_000, sale_net_cents: 10_001 }),
        ),
      ).to.include({ regime: 'oss', vat_country_iso: 'FR' });
    });
    it('uses destination VAT all year when the previous year was above the threshold', () => {
      expect(
        decideVatRegime(lu({ destination_country_iso: 'DE', cross_border_b2c_previous_year_cents: OSS_THRESHOLD_CENTS + 1 })),
      ).to.include({ regime: 'oss', vat_country_iso: 'DE' });
    });
    it('uses destination VAT when the seller opted for it (Art. 59c(3))', () => {
      expect(decideVatRegime(lu({ destination_country_iso: 'BE', opted_for_destination: true }))).to.include({
        regime: 'oss',
        vat_country_iso: 'BE',
      });
    });
    it('treats a buyer whose VAT number VIES did not confirm as a consumer', () => {
      expect(
        decideVatRegime(
          lu({
            destination_country_iso: 'DE',
            buyer_vat_number: 'DE123456789',
            buyer_vat_number_valid: false,
            opted_for_destination: true,
          }),
        ),
      ).to.include({ regime: 'oss', vat_country_iso: 'DE', buyer_vat_number: null });
    });
    it('treats a malformed VAT number as none', () => {
      expect(decideVatRegime(lu({ destination_country_iso: 'DE', buyer_vat_number: 'DE12', buyer_vat_number_valid: true }))).to.include({
        regime: 'origin',
      });
    });
  });

  context('c) intra-EU B2B supply with a valid VAT number', () => {
    it('is exempt with the Art. 138 reference and the reverse-charge mention', () => {
      const d = decideVatRegime(lu({ destination_country_iso: 'DE', buyer_vat_number: 'de 123 456 789', buyer_vat_number_valid: true }));
      expect(d).to.include({ regime: 'reverse_charge', exempt: true, vat_country_iso: null, buyer_vat_number: 'DE123456789' });
      expect(d.mentions).to.deep.equal([INTRA_EU_MENTION, REVERSE_CHARGE_MENTION]);
    });
    it('applies when the goods go to a member state other than the VAT id’s', () => {
      expect(
        decideVatRegime(lu({ destination_country_iso: 'FR', buyer_vat_number: 'BE0123456789', buyer_vat_number_valid: true })),
      ).to.include({ regime: 'reverse_charge' });
    });
  });

  context('d) exports', () => {
    it('exempts goods leaving the EU, with the Art. 146 mention', () => {
      for (const country of ['CH', 'US', 'GB', 'NO']) {
        const d = decideVatRegime(lu({ destination_country_iso: country }));
        expect(d).to.include({ regime: 'export', exempt: true, vat_country_iso: null });
        expect(d.mentions).to.deep.equal([EXPORT_MENTION]);
      }
    });
    it('counts Art. 6 territories with their own code (Åland, Réunion) as exports', () => {
      expect(decideVatRegime(lu({ destination_country_iso: 'AX' })).regime).to.equal('export');
      expect(decideVatRegime(lu({ destination_country_iso: 'RE' })).regime).to.equal('export');
    });
    it('wins over a valid VAT number (step 1 comes first)', () => {
      expect(
        decideVatRegime(lu({ destination_country_iso: 'CH', buyer_vat_number: 'DE123456789', buyer_vat_number_valid: true })).regime,
      ).to.equal('export');
    });
  });

  it('refuses a seller outside the EU', () => {
    expect(() => decideVatRegime({ seller_country_iso: 'CH', destination_country_iso: 'LU' })).to.throw(RangeError);
  });
});

describe('EU VAT amounts (eu-vat-rules.md f, rounding)', () => {
  const domestic = decideVatRegime(lu());
  it('net prices: line net exact, VAT once per rate, half up', () => {
    const a = vatAmounts([{ quantity: 3, unit_price_cents: 333 }], domestic, 'net');
    // 999 × 1700 = 1,698,300 → +5000 div 10000 = 170
    expect(a).to.deep.include({ net_cents: 999, vat_cents: 170, gross_cents: 1169 });
  });
  it('rounds half up at exactly half a cent, and restores the sign of negatives', () => {
    const es = decideVatRegime({ seller_country_iso: 'ES', destination_country_iso: 'ES' });
    expect(vatAmounts([{ quantity: 1, unit_price_cents: 50 }], es, 'net').vat_cents).to.equal(11); // 10.5 → 11
    expect(vatAmounts([{ quantity: 1, unit_price_cents: -50 }], es, 'net').vat_cents).to.equal(-11);
    const fi = decideVatRegime({ seller_country_iso: 'FI', destination_country_iso: 'FI' });
    expect(vatAmounts([{ quantity: 1, unit_price_cents: 1000 }], fi, 'net').vat_cents).to.equal(255);
  });
  it('computes VAT per invoice per rate, never summing rounded line VAT', () => {
    // Three lines of 1 cent at 17 %: per line 0.17 → 0 each; per invoice 3 × 0.17 = 0.51 → 1.
    const a = vatAmounts(
      [1, 1, 1].map((c) => ({ quantity: 1, unit_price_cents: c })),
      domestic,
      'net',
    );
    expect(a.vat_cents).to.equal(1);
  });
  it('keeps one group per rate', () => {
    const fr = decideVatRegime({ seller_country_iso: 'FR', destination_country_iso: 'FR' });
    const a = vatAmounts(
      [
        { quantity: 1, unit_price_cents: 1000 },
        { quantity: 2, unit_price_cents: 1000, rate_category: 'reduced' },
      ],
      fr,
      'net',
    );
    expect(a.groups).to.deep.equal([
      { rate_bp: 2000, rate_percent: 20, net_cents: 1000, vat_cents: 200, gross_cents: 1200 },
      { rate_bp: 550, rate_percent: 5.5, net_cents: 2000, vat_cents: 110, gross_cents: 2110 },
    ]);
    expect(a).to.deep.include({ net_cents: 3000, vat_cents: 310, gross_cents: 3310 });
  });
  it('gross prices: the gross is fixed, net rounded half up, VAT the difference', () => {
    expect(vatAmounts([{ quantity: 1, unit_price_cents: 1170 }], domestic, 'gross')).to.deep.include({
      net_cents: 1000,
      vat_cents: 170,
      gross_cents: 1170,
    });
    // 1000 × 10000 / 11700 = 854.70… → 855; VAT = 145
    expect(vatAmounts([{ quantity: 1, unit_price_cents: 1000 }], domestic, 'gross')).to.deep.include({
      net_cents: 855,
      vat_cents: 145,
      gross_cents: 1000,
    });
  });
  it('OSS: the same gross price carries the destination rate', () => {
    const oss = decideVatRegime(lu({ destination_country_iso: 'HU', opted_for_destination: true }));
    // 12700 gross at 27 %: net 10000, VAT 2700
    expect(vatAmounts([{ quantity: 1, unit_price_cents: 12700 }], oss, 'gross')).to.deep.include({
      net_cents: 10000,
      vat_cents: 2700,
      gross_cents: 12700,
    });
  });
  it('exempt supplies: no VAT, and the taxable amount is what the buyer paid (net = gross = the price)', () => {
    const rc = decideVatRegime(lu({ destination_country_iso: 'DE', buyer_vat_number: 'DE123456789', buyer_vat_number_valid: true }));
    // The buyer was charged 2 × 11.70 = 23.40; no VAT is due on it, so nothing is taken out of it.
    const a = vatAmounts([{ quantity: 2, unit_price_cents: 1170 }], rc, 'gross');
    expect(a).to.deep.include({ net_cents: 2340, vat_cents: 0, gross_cents: 2340 });
    expect(a.groups).to.deep.equal([{ rate_bp: 0, rate_percent: 0, net_cents: 2340, vat_cents: 0, gross_cents: 2340 }]);
    // The case: an export paid 1000.00 is invoiced at 1000.00, not 1000.00 / 1.17 = 854.70.
    const exportSale = decideVatRegime(lu({ destination_country_iso: 'US' }));
    expect(vatAmounts([{ quantity: 1, unit_price_cents: 100000 }], exportSale, 'gross')).to.deep.include({
      net_cents: 100000,
      vat_cents: 0,
      gross_cents: 100000,
    });
    const ex = decideVatRegime(lu({ destination_country_iso: 'CH' }));
    expect(vatAmounts([{ quantity: 1, unit_price_cents: 5000 }], ex, 'net')).to.deep.include({
      net_cents: 5000,
      vat_cents: 0,
      gross_cents: 5000,
    });
  });
  it('refuses fractional cents', () => {
    expect(() => vatAmounts([{ quantity: 1, unit_price_cents: 10.5 }], domestic, 'net')).to.throw(RangeError);
  });
});
