import { expect } from 'chai';
import { linearFit, reachesAt } from '../../src/core/linearFit.ts';

describe('least-squares line (the capacity forecast)', () => {
  it('fits points on a line exactly, with R² = 1, and says where it reaches a target', () => {
    const fit = linearFit([
      { x: 0, y: 10 },
      { x: 1, y: 12 },
      { x: 2, y: 14 },
      { x: 3, y: 16 },
    ])!;
    expect(fit).to.deep.equal({ points: 4, slope: 2, intercept: 10, r_squared: 1 });
    expect(reachesAt(fit, 30)).to.equal(10);
  });

  it('fits scattered points by least squares', () => {
    const fit = linearFit([
      { x: 0, y: 1 },
      { x: 1, y: 3 },
      { x: 2, y: 2 },
      { x: 3, y: 4 },
    ])!;
    expect(fit.slope).to.be.closeTo(0.8, 1e-9);
    expect(fit.intercept).to.be.closeTo(1.3, 1e-9);
    expect(fit.r_squared).to.be.closeTo(0.64, 1e-9);
  });

  it('has no fit below two distinct x, no R² for a flat series, and never reaches a target going down or flat', () => {
    expect(linearFit([{ x: 0, y: 1 }])).to.equal(null);
    expect(
      linearFit([
        { x: 2, y: 1 },
        { x: 2, y: 5 },
      ]),
    ).to.equal(null);
    const flat = linearFit([
      { x: 0, y: 5 },
      { x: 1, y: 5 },
      { x: 2, y: 5 },
    ])!;
    expect(flat.r_squared).to.equal(null);
    expect(reachesAt(flat, 10)).to.equal(null);
    expect(
      reachesAt(
        linearFit([
          { x: 0, y: 5 },
          { x: 1, y: 4 },
        ])!,
        10,
      ),
    ).to.equal(null);
  });
});
