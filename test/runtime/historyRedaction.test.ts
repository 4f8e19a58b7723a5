import { expect } from 'chai';
import { user } from '../../commands/users/user.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import { replay, stateAt } from '../../src/runtime/history.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';

function recorded(version: number, type: string, data: unknown, at: string): RecordedEvent {
  return { id: `e${version}`, stream: 'user-7', version, type, data, metadata: {} as any, position: version as any, recorded_at: at };
}

/** Auditors read every record's history and its state "as of" a time; a password hash is never part of what they see. */
describe('history for auditors', () => {
  const events = [
    recorded(
      1,
      'UserCreated',
      {
        user_id: 7,
        role: 'admin',
        password_hash: HASH,
        must_change_password: true,
        email: 'a@example.com',
        username: 'a',
        first_name: 'A',
        last_name: 'B',
        preferred_language: 'en',
        created_at: '2026-01-01T00:00:00.000Z',
      },
      '2026-01-01T00:00:00.000Z',
    ),
    recorded(
      2,
      'UserPasswordChanged',
      { user_id: 7, password_hash: `${HASH}2`, must_change_password: false, at: '2026-01-02T00:00:00.000Z' },
      '2026-01-02T00:00:00.000Z',
    ),
  ];

  it('shows the state after each event with the password hash redacted, and the flags readable', () => {
    const steps = replay(user as any, events);
    expect(JSON.stringify(steps.map((s) => s.state))).not.to.include('argon2');
    expect(steps[1]!.state).to.include({ password_hash: '[redacted]', must_change_password: false, email: 'a@example.com' });
  });

  it('shows the state as of a past time with the password hash redacted', () => {
    const then = stateAt(user as any, events, new Date('2026-01-01T12:00:00.000Z'));
    expect(JSON.stringify(then)).not.to.include('argon2');
    expect(then).to.include({ password_hash: '[redacted]', must_change_password: true });
  });
});
