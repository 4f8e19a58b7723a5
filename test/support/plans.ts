import type { TestApp } from './app.ts';

/**
 * Puts a vendor on a tier through the admin API (an active subscription). A vendor without one is
 * on the platform's default tier, Essential: tests of a feature or a limit of a higher tier use this.
 */
export async function putOnTier(
  app: Pick<TestApp, 'call' | 'adminToken'>,
  vendorId: number,
  tierCode: 'essential' | 'professional' | 'business' | 'enterprise' = 'enterprise',
  body: Record<string, unknown> = {},
) {
  const res = await app.call('PUT', `/api/v1/admin/subscriptions/${vendorId}`, {
    token: await app.adminToken(),
    body: { tier_code: tierCode, status: 'active', ...body },
  });
  if (res.status !== 200) throw new Error(`subscription of vendor ${vendorId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
