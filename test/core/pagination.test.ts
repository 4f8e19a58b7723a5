import { expect } from 'chai';
import { countNeeded, estimatedTotal, exactTotal, pageRequest, sortOrders } from '../../src/core/pagination.ts';

describe('pagination (ARCHITECTURE.md "Lists")', () => {
  it('reads page (from 1) and limit (default 20, at most 100) from a query', () => {
    expect(pageRequest({})).to.deep.equal({ page: 1, limit: 20 });
    expect(pageRequest({ page: '3', limit: '500' })).to.deep.equal({ page: 3, limit: 100 });
    expect(pageRequest({ page: '0', limit: 'x' })).to.deep.equal({ page: 1, limit: 20 });
  });

  describe('bounded totals', () => {
    const cap = 1000;

    it('needs no count when the page is not full: the total is the offset plus the rows', () => {
      expect(countNeeded(0, 20, 7)).to.equal(false);
      expect(exactTotal({ offset: 0, limit: 20, returned: 7, counted: null, cap })).to.equal(7);
      expect(exactTotal({ offset: 40, limit: 20, returned: 3, counted: null, cap })).to.equal(43);
      expect(exactTotal({ offset: 0, limit: 20, returned: 0, counted: null, cap })).to.equal(0);
    });

    it('counts when the page is full, or empty past the first page', () => {
      expect(countNeeded(0, 20, 20)).to.equal(true);
      expect(countNeeded(200, 20, 0)).to.equal(true);
      expect(exactTotal({ offset: 200, limit: 20, returned: 0, counted: 57, cap })).to.equal(57);
      expect(() => exactTotal({ offset: 0, limit: 20, returned: 20, counted: null, cap })).to.throw();
    });

    it('is exact up to the cap, and asks for an estimate past it', () => {
      expect(exactTotal({ offset: 0, limit: 20, returned: 20, counted: 1000, cap })).to.equal(1000);
      expect(exactTotal({ offset: 0, limit: 20, returned: 20, counted: 1001, cap })).to.equal(null);
      expect(exactTotal({ offset: 0, limit: 20, returned: 20, counted: 123_456, cap: null })).to.equal(123_456);
    });

    it('reports an estimate, but never below what is certain', () => {
      const past = { offset: 0, limit: 20, returned: 20, counted: 1001, cap };
      expect(estimatedTotal(past, 4321.4)).to.equal(4321);
      expect(estimatedTotal(past, 10)).to.equal(1001);
      expect(estimatedTotal(past, Number.NaN)).to.equal(1001);
      expect(estimatedTotal({ ...past, offset: 5000 }, 3000)).to.equal(5020);
    });
  });
});

describe('sortOrders: the ORDER BY of each order a list offers', () => {
  it('sorts each field both ways, ending every order on the tie-break in the same direction', () => {
    expect(sortOrders({ id: 'v.id', name: 'v.name' }, ['v.id'])).to.deep.equal({
      id: 'v.id',
      '-id': 'v.id DESC',
      name: 'v.name, v.id',
      '-name': 'v.name DESC, v.id DESC',
    });
  });
  it('does not repeat a tie-break column that is the field itself', () => {
    expect(sortOrders({ job_type: 'j.job_type' }, ['j.id', 'j.job_type'])).to.deep.equal({
      job_type: 'j.job_type, j.id',
      '-job_type': 'j.job_type DESC, j.id DESC',
    });
  });
});
