import { expect } from 'chai';
import { ANY, NO_STREAM, type RecordedEvent as EsdbRecordedEvent } from '@eventstore/db-client';
import { isSystemEvent, toExpectedRevision, toPortPosition, toRecorded } from '../../src/eventstore/eventstoredb.ts';

describe('EventStoreDB adapter mapping (no server needed)', () => {
  it('maps 1-based expected versions to 0-based ESDB revisions', () => {
    expect(toExpectedRevision('any')).to.equal(ANY);
    expect(toExpectedRevision('no_stream')).to.equal(NO_STREAM);
    expect(toExpectedRevision(0)).to.equal(NO_STREAM);
    expect(toExpectedRevision(1)).to.equal(0n);
    expect(toExpectedRevision(42)).to.equal(41n);
  });

  it('maps positions to decimal strings beyond 2^53, and a missing one to 0/0', () => {
    expect(toPortPosition({ commit: 2n ** 60n + 1n, prepare: 7n })).to.deep.equal({ a: '1152921504606846977', b: '7' });
    expect(toPortPosition(undefined)).to.deep.equal({ a: '0', b: '0' });
  });

  it('recognises system events by type or stream', () => {
    expect(isSystemEvent({ type: '$statsCollected', streamId: 'x' })).to.equal(true);
    expect(isSystemEvent({ type: 'Foo', streamId: '$settings' })).to.equal(true);
    expect(isSystemEvent({ type: 'OrderPlaced', streamId: 'order-1' })).to.equal(false);
  });

  it('maps a recorded event: version = revision + 1, ISO time, metadata defaults to {}', () => {
    const created = new Date('2024-05-01T10:00:00.000Z');
    const base = {
      streamId: 'order-42',
      id: '6f1c4c1e-4a59-4a7b-9d0b-0b1f3e1f6a11',
      isJson: true as const,
      revision: 2n,
      type: 'OrderPlaced',
      created,
      data: { total_cents: 100 },
      position: { commit: 10n, prepare: 9n },
    };
    const r = toRecorded({ ...base, metadata: { vendor_id: 3 } } as EsdbRecordedEvent);
    expect(r).to.deep.equal({
      id: base.id,
      stream: 'order-42',
      version: 3,
      type: 'OrderPlaced',
      data: { total_cents: 100 },
      metadata: { vendor_id: 3 },
      position: { a: '10', b: '9' },
      recorded_at: '2024-05-01T10:00:00.000Z',
    });
    expect(toRecorded({ ...base, metadata: undefined } as EsdbRecordedEvent).metadata).to.deep.equal({});
    const binary = { ...base, isJson: false, data: Buffer.from('{"a":1}'), metadata: undefined } as unknown as EsdbRecordedEvent;
    expect(toRecorded(binary).data).to.deep.equal({ a: 1 });
  });
});
