import { expect } from 'chai';
import { createTokens } from '../../src/http/tokens.ts';

/** Access tokens: a token checked once is remembered, never past its expiry and never for another type. */
describe('access tokens', () => {
  const tokens = createTokens('a-secret-that-is-long-enough-for-hs256-0123456789', 1);

  it('answers the same claims for a token seen before, and refuses it as another type each time', () => {
    const { access_token } = tokens.sign({ sub: '7', type: 'vendor', vendor_id: 3, role: 'owner' });
    expect(tokens.verify(access_token, 'vendor')).to.include({ sub: '7', vendor_id: 3, role: 'owner' });
    expect(tokens.verify(access_token, 'vendor')).to.include({ sub: '7', vendor_id: 3, role: 'owner' });
    expect(() => tokens.verify(access_token, 'admin')).to.throw('A admin token is required here');
  });

  it('refuses a token it remembers once the token has expired', async () => {
    const { access_token } = tokens.sign({ sub: '8', type: 'admin' });
    expect(tokens.verify(access_token, 'admin')).to.include({ sub: '8' });
    await new Promise((r) => setTimeout(r, 2100));
    expect(() => tokens.verify(access_token, 'admin')).to.throw('The access token has expired');
  });

  it('refuses a token whose signature does not hold, however close to one it has seen', () => {
    const { access_token } = tokens.sign({ sub: '9', type: 'admin' });
    tokens.verify(access_token, 'admin');
    const [head, body, sig] = access_token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: '1', type: 'admin' })).toString('base64url')}.${sig}`;
    expect(() => tokens.verify(forged, 'admin')).to.throw('The access token is not valid');
    expect(() => tokens.verify(`${head}.${body}.${sig!.slice(0, -2)}xx`, 'admin')).to.throw('The access token is not valid');
  });
});
