import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { checkSessionId, newSessionId, sessionIdBits } from '../../../commands/carts/sessionId.ts';
import { CartValidationException } from '../../../src/core/errors.ts';

describe('cart session ids: unguessable, in a documented format', () => {
  it('issues 43 base64url characters from 32 random bytes, estimated far above 128 bits', () => {
    const id = newSessionId();
    expect(id).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionIdBits(id)).to.be.above(200);
    expect(() => checkSessionId(id)).not.to.throw();
    expect(newSessionId()).not.to.equal(id);
  });

  it('accepts random base64url ids and 32 random hexadecimal digits', () => {
    for (let i = 0; i < 200; i++) expect(() => checkSessionId(randomBytes(24).toString('base64url'))).not.to.throw();
    expect(() => checkSessionId(randomBytes(16).toString('hex'))).not.to.throw();
  });

  it('refuses ids outside the format, saying what the format is', () => {
    for (const bad of ['short', 'a'.repeat(21), 'has spaces in it and is long enough', 'x'.repeat(129), 'päth-wïth-ümlauts-0123456789']) {
      let err: any;
      try {
        checkSessionId(bad);
      } catch (e) {
        err = e;
      }
      expect(err, bad).to.be.instanceOf(CartValidationException);
      expect(err.message).to.match(/22 to 128 characters of base64url/);
      expect(err.errors[0].pointer).to.equal('/path/session_id');
    }
  });

  it('refuses obviously predictable ids of the right format: runs, repeats, sequences, few symbols', () => {
    for (const weak of [
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      'abababababababababababababab',
      'abcdefghijklmnopqrstuvwxyzABCDEF',
      '0000000000000000000000000000000000000001',
      '1234567890123456789012345678',
      'session-1234567890-abcdefgh',
      'aAaAaAaAaAaAaAaAaAaAaAaAaAaAaA',
    ]) {
      expect(sessionIdBits(weak), weak).to.be.below(128);
      expect(() => checkSessionId(weak), weak).to.throw(CartValidationException, /too predictable/);
    }
  });
});
