import { expect } from 'chai';
import { createLogger } from '../../src/runtime/logger.ts';

/** The logger's lines as its destination receives them (stdout's copy). */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (s: string) => void lines.push(s) }, parsed: () => lines.map((l) => JSON.parse(l)) };
}

describe("the service's log lines", () => {
  it('never write the value of a key that names a secret, at any depth, an error and a header list included', () => {
    const out = capture();
    const logger = createLogger('info', out.stream);
    const failure = Object.assign(new Error('the marketplace refused the call'), { api_key: 'xm_live_0123456789' });
    logger.warn(
      {
        password: 'Top-Secret-1',
        body: { current_password: 'Old-Pw-2', profile: { new_password: 'New-Pw-3' }, must_change_password: true },
        req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=s3cr3t' } },
        res: { headers: { 'set-cookie': ['sid=s3cr3t; HttpOnly'] } },
        access_token: 'eyJhbGciOi.eyJzdWIiOi.sig',
        err: failure,
      },
      'the call failed',
    );
    const text = out.lines.join('');
    for (const secret of ['Top-Secret-1', 'Old-Pw-2', 'New-Pw-3', 'abc.def.ghi', 's3cr3t', 'eyJhbGciOi', 'xm_live_0123456789'])
      expect(text, secret).not.to.include(secret);
    const [line] = out.parsed();
    expect(line.body).to.deep.equal({
      current_password: '[redacted]',
      profile: { new_password: '[redacted]' },
      must_change_password: true,
    });
    expect(line.res.headers['set-cookie']).to.equal('[redacted]');
    // The error is still told: its message and stack are not secrets.
    expect(line.err.message).to.equal('the marketplace refused the call');
    expect(line.err.stack).to.include('logger.test.ts');
    expect(line.msg).to.equal('the call failed');
  });

  it('write a line that names no secret exactly as pino made it', () => {
    const out = capture();
    const logger = createLogger('info', out.stream);
    logger.info({ req_id: 'r-12345678', method: 'PUT', path: '/api/v1/admin/users/7', status: 200, ms: 3.1 }, 'request');
    const [line] = out.parsed();
    expect(line).to.include({ req_id: 'r-12345678', method: 'PUT', path: '/api/v1/admin/users/7', status: 200, ms: 3.1, msg: 'request' });
  });
});
