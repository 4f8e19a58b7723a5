/**
 * Signs in through a back office's sign-in form as a browser does: the session cookie
 * (vendor_token or admin_token) it sets. The requests say they came over TLS (x-forwarded-proto,
 * the service behind a proxy with TRUST_PROXY=1): in production the cookie is Secure, and without
 * it the sign-in fails.
 */
export async function signInCookie(
  url: string,
  area: 'vendor' | 'admin',
  login: string,
  password: string,
  vendorCode = '',
): Promise<string> {
  const proto = { 'x-forwarded-proto': 'https' };
  const form = await fetch(`${url}/${area}/login`, { headers: proto });
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  keep(form);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const res = await fetch(`${url}/${area}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...proto, 'content-type': 'application/x-www-form-urlencoded', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: new URLSearchParams({ login, password, vendor_code: vendorCode, return: `/${area}`, _csrf: csrf }).toString(),
  });
  keep(res);
  if (res.status !== 303 || !jar.get(`${area}_token`))
    throw new Error(`${area} sign-in failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
