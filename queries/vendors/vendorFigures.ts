import type { Knex } from 'knex';

/** The admin dashboard's vendor figures: by status (active or not, verified or not). */
export async function vendorFigures(knex: Knex) {
  const [r] = await knex('vendor_list').select<{ total: number; active: number; verified: number }[]>(
    knex.raw('count(*)::int AS total'),
    knex.raw('count(*) FILTER (WHERE is_active)::int AS active'),
    knex.raw('count(*) FILTER (WHERE is_verified)::int AS verified'),
  );
  return {
    vendors: { total: r.total, active: r.active, inactive: r.total - r.active, verified: r.verified, unverified: r.total - r.verified },
  };
}

/** Vendors created per day (UTC) from `from` to `to` (YYYY-MM-DD), for the admins' platform statistics. */
export async function vendorSeries(knex: Knex, from: string, to: string): Promise<{ day: string; vendors: number }[]> {
  const rows = await knex('vendor_list')
    .whereRaw('created_at >= ?::date AND created_at < ?::date + 1', [from, to])
    .select<{ day: string; n: number }[]>(
      knex.raw("to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day"),
      knex.raw('count(*)::int AS n'),
    )
    .groupByRaw('1');
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  const out: { day: string; vendors: number }[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, vendors: byDay.get(day) ?? 0 });
  }
  return out;
}
