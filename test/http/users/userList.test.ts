import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { EXACT_TOTAL_CAP } from '../../../src/core/pagination.ts';
import { sql } from '../../../src/runtime/database.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';

/**
 * GET /api/v1/admin/users (SPEC.md 4.1, UserListResponse): search, filters, sorts, pages and
 * totals. Users are seeded as UserCreated events (as an import would append them), each group
 * under a tag of its own: the suite's database is shared, so every search names its tag.
 */
interface Seed {
  first?: string | null;
  last?: string | null;
  email?: string;
  username?: string;
  role?: 'admin' | 'vendor';
  created_at?: string;
}

async function seedUsers(app: TestApp, seeds: Seed[]): Promise<number[]> {
  const { store, db } = app.services;
  const ids = (await sql(db.knex, `SELECT nextval('user_id_seq')::int AS id FROM generate_series(1, $1::int)`, [seeds.length])).map((r) =>
    Number(r.id),
  );
  let last: any;
  await db.knex.transaction(async (tx) => {
    for (const [i, s] of seeds.entries()) {
      const id = ids[i];
      const name = unique('seed');
      last = await store.append(
        `user-${id}`,
        [
          {
            id: randomUUID(),
            type: 'UserCreated',
            metadata: { vendor_id: null, user_id: 'system:test', correlation_id: 'user-list-test' },
            data: {
              user_id: id,
              role: s.role ?? 'vendor',
              email: s.email ?? `${name}@list.test`,
              username: s.username ?? name,
              first_name: s.first ?? null,
              last_name: s.last ?? null,
              preferred_language: 'en',
              must_change_password: false,
              created_at: s.created_at ?? new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
              password_hash: 'not-a-real-hash',
            },
          },
        ],
        { expected: 'no_stream', tx },
      );
    }
  });
  await app.services.settle([{ position: last.position, eventTypes: ['UserCreated'] }]);
  return ids;
}

describe('admin user list: search, filters, sorts, pages and totals', () => {
  let app: TestApp;
  let token: string;
  const list = async (query: string) => {
    const res = await app.call('GET', `/api/v1/admin/users?${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };
  before(async () => {
    app = await testApp();
    token = await app.adminToken();
  });

  describe('search', () => {
    const tag = unique('srch').toLowerCase();
    let ids: number[];
    before(async () => {
      ids = await seedUsers(app, [
        { first: 'Ada', last: `Lovelace${tag}`, email: `ada.l.${tag}@analytical.test`, username: `ada_${tag}` },
        { first: 'Émile', last: `Zola${tag}`, email: `emile.${tag}@paris.test`, username: `ezola_${tag}`, role: 'admin' },
        { first: null, last: null, email: `100%_real.${tag}@odd.test`, username: `odd_${tag}` },
      ]);
    });

    it('matches part of the first name, last name, e-mail or username, in any letter case', async () => {
      expect((await list(`search=LOVELACE${tag}`)).items.map((u: any) => u.id)).to.deep.equal([ids[0]]);
      expect((await list(`search=ada.L.${tag}`)).items.map((u: any) => u.id)).to.deep.equal([ids[0]]);
      expect((await list(`search=${encodeURIComponent(`zOLA${tag.toUpperCase()}`)}`)).items.map((u: any) => u.id)).to.deep.equal([ids[1]]);
      expect((await list(`search=${`ezola_${tag}`.slice(0, -2)}`)).items.map((u: any) => u.id)).to.deep.equal([ids[1]]);
    });

    it('answers exactly what ILIKE on each field answers, non-ASCII letters included', async () => {
      for (const term of ['ÉMILE', 'émile', 'Émile', `ZOLA${tag}`, 'a.l.', `_${tag}`, `%_real.${tag}`]) {
        const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const expected = await sql(
          app.services.db.knex,
          `SELECT id FROM user_list
          WHERE email ILIKE $1 OR username ILIKE $1 OR first_name ILIKE $1 OR last_name ILIKE $1 ORDER BY id`,
          [pattern],
        );
        const body = await list(`search=${encodeURIComponent(term)}&limit=100&exact_total=true`);
        expect(
          body.items.map((u: any) => u.id),
          term,
        ).to.deep.equal(expected.slice(0, 100).map((r) => r.id));
        expect(body.total, term).to.equal(expected.length);
      }
    });

    it('takes % and _ literally, and never matches across two fields', async () => {
      expect((await list(`search=${encodeURIComponent(`100%_real.${tag}`)}`)).items.map((u: any) => u.id)).to.deep.equal([ids[2]]);
      expect((await list(`search=${encodeURIComponent(`100__real.${tag}`)}`)).total).to.equal(0);
      // "Ada" is the first name and "Lovelace…" the last name: no single field holds "ada lovelace…".
      expect((await list(`search=${encodeURIComponent(`Ada Lovelace${tag}`)}`)).total).to.equal(0);
      expect((await list(`search=${encodeURIComponent(`Ada\u001fLovelace${tag}`)}`)).total).to.equal(0);
    });

    it('combines the search with the role and active filters', async () => {
      expect((await list(`search=${tag}&role=admin`)).items.map((u: any) => u.id)).to.deep.equal([ids[1]]);
      expect((await list(`search=${tag}&role=vendor`)).items.map((u: any) => u.id)).to.deep.equal([ids[0], ids[2]]);
      await app.call('PUT', `/api/v1/admin/users/${ids[0]}/status`, { token, body: { is_active: false } });
      expect((await list(`search=${tag}&is_active=false`)).items.map((u: any) => u.id)).to.deep.equal([ids[0]]);
      expect((await list(`search=${tag}&is_active=true`)).items.map((u: any) => u.id)).to.deep.equal([ids[1], ids[2]]);
    });
  });

  describe('sorts and pages', () => {
    const tag = unique('page').toLowerCase();
    const N = 47;
    let ids: number[];
    before(async () => {
      // Creation times in groups of four equal ones (ties to break); names in an order of their own.
      ids = await seedUsers(
        app,
        Array.from({ length: N }, (_, i) => ({
          first: 'Page',
          last: `${tag}${String((i * 17) % N).padStart(2, '0')}`,
          email: `${String.fromCharCode(97 + ((i * 7) % 26))}${i}.${tag}@pages.test`,
          username: `${String.fromCharCode(122 - ((i * 5) % 26))}${i}_${tag}`,
          role: i % 2 === 0 ? 'admin' : 'vendor',
          created_at: new Date(Date.UTC(2026, 1, 1) + Math.floor(i / 4) * 60_000).toISOString(),
        })),
      );
    });

    const walk = async (query: string, limit: number) => {
      const seen: any[] = [];
      for (let page = 1; ; page++) {
        const body = await list(`${query}&limit=${limit}&page=${page}`);
        expect(body).to.include({ page, limit, total: N, total_exact: true });
        seen.push(...body.items);
        if (body.items.length < limit) return seen;
      }
    };

    const orders: Record<string, (a: any, b: any) => number> = {
      id: (a, b) => a.id - b.id,
      '-id': (a, b) => b.id - a.id,
      created_at: (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
      '-created_at': (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
      email: (a, b) => (a.email < b.email ? -1 : 1),
      '-email': (a, b) => (a.email < b.email ? 1 : -1),
      username: (a, b) => (a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1),
      '-username': (a, b) => (a.username.toLowerCase() < b.username.toLowerCase() ? 1 : -1),
    };

    for (const [sort, compare] of Object.entries(orders)) {
      it(`sort=${sort}: the pages hold every match exactly once, in that order`, async () => {
        const seen = await walk(`search=${tag}&sort=${sort}`, 10);
        expect(seen.map((u) => u.id)).to.have.members(ids);
        expect(seen.map((u) => u.id)).to.deep.equal([...seen].sort(compare).map((u) => u.id));
      });
    }

    it('orders by id when no sort is given (the order of earlier versions)', async () => {
      const body = await list(`search=${tag}&limit=100`);
      expect(body.items.map((u: any) => u.id)).to.deep.equal(ids);
    });

    it('answers a page past the end with no items and the exact total', async () => {
      expect(await list(`search=${tag}&limit=10&page=9`)).to.deep.include({ items: [], total: N, total_exact: true });
    });

    it('answers the last page number it takes with an empty page, and a larger one with a 422 naming page', async () => {
      const body = await list(`search=${tag}&page=2147483647`);
      expect(body).to.deep.include({ items: [], total: N, total_exact: true });
      const past = await app.call('GET', `/api/v1/admin/users?search=${tag}&page=99999999999999999999`, { token });
      expect(past.status).to.equal(422);
      expect(past.body.errors.map((e: any) => e.pointer)).to.deep.equal(['/query/page']);
    });

    it('refuses an unknown sort with a 422 that points at it', async () => {
      const res = await app.call('GET', '/api/v1/admin/users?sort=password_hash', { token });
      expect(res.status).to.equal(422);
      expect(res.body.errors.map((e: any) => e.pointer)).to.include('/query/sort');
      const message = res.body.errors.find((e: any) => e.pointer === '/query/sort').message;
      for (const allowed of ['id', '-id', 'created_at', '-created_at', 'email', '-email', 'username', '-username']) {
        expect(message.split(/[:,]\s*/)).to.include(allowed);
      }
    });
  });

  describe('totals', () => {
    const tag = unique('many').toLowerCase();
    const MANY = EXACT_TOTAL_CAP + 150;
    before(async function () {
      this.timeout(120_000);
      await seedUsers(
        app,
        Array.from({ length: MANY }, (_, i) => ({ first: 'Many', last: `${tag}${i}`, role: i < 10 ? 'admin' : 'vendor' })),
      );
    });

    it(`is exact when at most ${EXACT_TOTAL_CAP} rows match, on every page`, async () => {
      for (const page of [1, 2])
        expect(await list(`search=${tag}&role=admin&limit=5&page=${page}`)).to.include({ total: 10, total_exact: true });
      expect(await list(`search=${tag}9&limit=5`)).to.include({ total: 111, total_exact: true }); // …9, …90–99, …900–999
    });

    it(`is an estimate flagged total_exact: false past ${EXACT_TOTAL_CAP} matches, never below what is certain`, async () => {
      for (const page of [1, 30]) {
        const body = await list(`search=${tag}&limit=20&page=${page}`);
        expect(body.total_exact).to.equal(false);
        expect(body.items).to.have.length(20);
        expect(body.total).to.be.at.least(Math.max(EXACT_TOTAL_CAP + 1, page * 20));
      }
    });

    it('is exact past the cap when exact_total=true asks for it', async () => {
      expect(await list(`search=${tag}&limit=20&exact_total=true`)).to.include({ total: MANY, total_exact: true });
    });

    it('is exact on the last page whatever the number of matches (the page tells it)', async () => {
      const body = await list(`search=${tag}&limit=100&page=12`);
      expect(body.items).to.have.length(MANY - 1100);
      expect(body).to.include({ total: MANY, total_exact: true });
    });

    it('reads the whole table roughly: the unfiltered list is estimated, exact on demand', async () => {
      const all = await list('limit=1&exact_total=true');
      expect(all.total).to.be.above(MANY);
      const rough = await list('limit=1');
      expect(rough.total_exact).to.equal(false);
      expect(rough.total).to.be.at.least(EXACT_TOTAL_CAP + 1);
    });
  });
});
