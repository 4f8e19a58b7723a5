import { type TestApp, unique } from './app.ts';

/**
 * Tenancy fixtures acting as a client would: an admin creates a company (its owner gets a
 * temporary password) and a vendor through the admin API; the owner signs in through
 * POST /api/v1/vendor/auth/login and replaces the temporary password, as the vendor API requires.
 */
export interface VendorFixture {
  companyId: number;
  vendorId: number;
  vendorCode: string;
  ownerToken: string;
  ownerUserId: number;
  ownerEmail: string;
  ownerPassword: string;
  subdomain: string;
}

export async function createCompany(app: TestApp, over: Record<string, unknown> = {}) {
  const admin = await app.adminToken();
  const name = unique('co');
  const res = await app.call('POST', '/api/v1/admin/companies', {
    token: admin,
    body: { name: `Company ${name}`, owner_email: `${name}@owner.test`, contact_email: `info@${name}.test`, ...over },
  });
  if (res.status !== 201) throw new Error(`company creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; owner_user_id: number; temporary_password: string | null; owner: { email: string; username: string } };
}

export async function createVendor(app: TestApp, companyId: number, over: Record<string, unknown> = {}) {
  const admin = await app.adminToken();
  const code = unique('V').toUpperCase();
  const res = await app.call('POST', '/api/v1/admin/vendors', {
    token: admin,
    body: { company_id: companyId, vendor_code: code, name: `Shop ${code}`, ...over },
  });
  if (res.status !== 201) throw new Error(`vendor creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; vendor_code: string; subdomain: string; name: string };
}

/** Signs in to the vendor API; returns the access token (and the whole answer). */
export async function vendorLogin(app: TestApp, login: string, password: string, vendorCode?: string) {
  const res = await app.call('POST', '/api/v1/vendor/auth/login', {
    body: { email_or_username: login, password, ...(vendorCode ? { vendor_code: vendorCode } : {}) },
  });
  if (res.status !== 200) throw new Error(`vendor login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { access_token: string; must_change_password: boolean; user: { id: number }; vendor: { id: number } };
}

export async function createVendorWithOwner(
  app: TestApp,
  over: { vendor?: Record<string, unknown>; company?: Record<string, unknown> } = {},
): Promise<VendorFixture> {
  const company = await createCompany(app, over.company);
  const vendor = await createVendor(app, company.id, over.vendor);
  const first = await vendorLogin(app, company.owner.email, company.temporary_password!);
  const ownerPassword = `owner-${unique('pw')}`;
  const changed = await app.call('PUT', '/api/v1/vendor/auth/password', {
    token: first.access_token,
    body: { current_password: company.temporary_password, new_password: ownerPassword },
  });
  if (changed.status !== 200) throw new Error(`password change failed: ${changed.status} ${JSON.stringify(changed.body)}`);
  return {
    companyId: company.id,
    vendorId: vendor.id,
    vendorCode: vendor.vendor_code,
    ownerToken: first.access_token,
    ownerUserId: company.owner_user_id,
    ownerEmail: company.owner.email,
    ownerPassword,
    subdomain: vendor.subdomain,
  };
}

/** Headers of a shop API call made from the vendor's storefront page (the path form of the Referer). */
export const shopHeaders = (vendorCode: string, base = 'http://localhost') => ({ referer: `${base}/vendors/${vendorCode}/shop/` });
