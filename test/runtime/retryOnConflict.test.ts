import { expect } from 'chai';
import { ConcurrencyException, ConflictException, ValidationException } from '../../src/core/errors.ts';
import { CONFLICT_ATTEMPTS, retryOnConflict } from '../../src/runtime/commandHandler.ts';

/** A decision that loses the race `conflicts` times (another write came first), then answers `value`. */
function losing<T>(conflicts: number, value: T) {
  const tries = { count: 0 };
  const decide = async (): Promise<T> => {
    tries.count++;
    if (tries.count <= conflicts) throw new ConcurrencyException(`lost race ${tries.count}`);
    return value;
  };
  return { tries, decide };
}

describe('retryOnConflict: a command decided again when another write to its stream came first', () => {
  it('answers the value of the first try that wins its append', async () => {
    const { tries, decide } = losing(3, 'appended');
    expect(await retryOnConflict(decide)).to.equal('appended');
    expect(tries.count).to.equal(4);
  });

  it('decides nothing again when the first try wins', async () => {
    const { tries, decide } = losing(0, 42);
    expect(await retryOnConflict(decide)).to.equal(42);
    expect(tries.count).to.equal(1);
  });

  it(`tries ${CONFLICT_ATTEMPTS} times in all, then lets the last ConcurrencyException through (the API's 409)`, async () => {
    const { tries, decide } = losing(Infinity, 'never');
    const err = await retryOnConflict(decide).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(ConcurrencyException);
    expect((err as Error).message).to.equal(`lost race ${CONFLICT_ATTEMPTS}`);
    expect(tries.count).to.equal(CONFLICT_ATTEMPTS);
  });

  it('wins on the very last try allowed', async () => {
    const { tries, decide } = losing(CONFLICT_ATTEMPTS - 1, 'just in time');
    expect(await retryOnConflict(decide)).to.equal('just in time');
    expect(tries.count).to.equal(CONFLICT_ATTEMPTS);
  });

  it('honours a bound the caller gives', async () => {
    const { tries, decide } = losing(Infinity, 'never');
    const err = await retryOnConflict(decide, { attempts: 3 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(ConcurrencyException);
    expect(tries.count).to.equal(3);
  });

  it('never retries a refusal or a failure: it propagates at once, as thrown', async () => {
    for (const refusal of [new ValidationException('bad input', []), new ConflictException('taken'), new Error('connection lost')]) {
      let tries = 0;
      const err = await retryOnConflict(async () => {
        tries++;
        throw refusal;
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).to.equal(refusal);
      expect(tries).to.equal(1);
    }
  });

  it('stops retrying as soon as a try is refused for another reason', async () => {
    let tries = 0;
    const refusal = new ValidationException('out of stock', []);
    const err = await retryOnConflict(async () => {
      tries++;
      if (tries < 3) throw new ConcurrencyException('lost race');
      throw refusal;
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).to.equal(refusal);
    expect(tries).to.equal(3);
  });

  it("retries nothing inside a caller's transaction: its owner retries the whole of it", async () => {
    const { tries, decide } = losing(1, 'never');
    const err = await retryOnConflict(decide, { tx: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(ConcurrencyException);
    expect(tries.count).to.equal(1);
  });
});
