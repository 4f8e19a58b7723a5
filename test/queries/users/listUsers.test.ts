import { expect } from 'chai';
import { estimateStatement, listStatement, USER_SEARCH_TEXT } from '../../../queries/users/listUsers.ts';
import { estimatedRows } from '../../../src/runtime/rowEstimate.ts';
import { sql } from '../../../src/runtime/database.ts';
import { testApp } from '../../support/app.ts';

/** The statements of the admin user list (queries/users/listUsers.ts), below the HTTP specs of test/http/users/userList.test.ts. */
describe('listUsers statements', () => {
  it('search through the trigram index user_list_search on the stored search text', async function () {
    const { knex } = (await testApp()).services.db;
    if ((await sql(knex, `SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).length === 0) {
      console.log('      skipped: pg_trgm is not installed on this server');
      this.skip();
    }
    const { text, values } = estimateStatement({ search: 'lovelace' });
    const plan = await knex.transaction(async (tx) => {
      await tx.raw('SET LOCAL enable_seqscan = off');
      await tx.raw('SET LOCAL enable_indexscan = off');
      return (await sql(tx, `EXPLAIN ${text}`, values)).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan, plan).to.match(/Bitmap Index Scan on user_list_search/);
  });

  it('searches a text PostgreSQL keeps lower-cased in a generated column: nothing is lower-cased at read time', async () => {
    const { knex } = (await testApp()).services.db;
    const [column] = await sql(
      knex,
      `SELECT is_generated, generation_expression FROM information_schema.columns
      WHERE table_name = 'user_list' AND column_name = $1`,
      [USER_SEARCH_TEXT],
    );
    expect(column).to.include({ is_generated: 'ALWAYS' });
    expect(column.generation_expression).to.match(/^lower\(/);
  });

  it('is one statement for the page and its count; the count only runs for a full page', async () => {
    const { knex } = (await testApp()).services.db;
    const statement = listStatement({ search: 'no-such-user-anywhere' }, { page: 1, limit: 20 });
    const rows = await sql(knex, statement.text, statement.values);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ id: null, counted: null });
    const estimate = estimateStatement({ search: 'no-such-user-anywhere' });
    expect(await estimatedRows(knex, estimate))
      .to.be.a('number')
      .and.at.least(0);
  });
});
