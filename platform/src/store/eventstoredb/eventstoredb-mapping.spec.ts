import { ANY, NO_STREAM, STREAM_EXISTS, type AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import fc from 'fast-check';
import {
  compareCheckpoints,
  currentStateToVersion,
  decodeCheckpoint,
  encodeCheckpoint,
  fromStoredMetadata,
  fromVersionToRevision,
  toRecordedEvent,
  toStoredMetadata,
  toStreamState,
  toVersion,
} from './eventstoredb-mapping';
import type { EventMetadata } from '@planwerk/events';

const position = fc.record({ commit: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), prepare: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }) });

const metadata: EventMetadata = {
  commandId: 'cmd-1',
  correlationId: 'corr-1',
  causationId: 'cause-1',
  actor: { kind: 'user', id: 'user-7' },
  teamId: 'team-3',
  schemaVersion: 2,
};

function resolved(overrides: Partial<{ streamId: string; type: string; revision: bigint; isJson: boolean }> = {}): AllStreamResolvedEvent {
  return {
    event: {
      streamId: overrides.streamId ?? 'project-1',
      id: '0b9f3c1e-7d1a-4a53-9a43-4d8f3c0c2a11',
      isJson: (overrides.isJson ?? true) as true,
      revision: overrides.revision ?? 0n,
      type: overrides.type ?? 'ProjectCreated',
      created: new Date('2025-04-01T10:00:00Z'),
      data: { name: 'Sommerfest' },
      metadata: toStoredMetadata(metadata),
      position: { commit: 1200n, prepare: 1100n },
    },
  } as AllStreamResolvedEvent;
}

describe('EventStoreDB version mapping (rule 2: version = number of events)', () => {
  it('maps the symbolic expected versions to the client constants', () => {
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState('stream_exists')).toBe(STREAM_EXISTS);
  });

  it('maps version 0 (empty) to NO_STREAM and version n to revision n - 1', () => {
    expect(toStreamState(0)).toBe(NO_STREAM);
    expect(toStreamState(1)).toBe(0n);
    expect(toStreamState(5)).toBe(4n);
  });

  it('rejects negative and fractional expected versions', () => {
    expect(() => toStreamState(-1)).toThrow(RangeError);
    expect(() => toStreamState(1.5)).toThrow(RangeError);
  });

  it('maps a revision back to the version, inverse of the expected-version mapping', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), (version) => {
        expect(toVersion(toStreamState(version) as bigint)).toBe(version);
      }),
    );
  });

  it('maps the actual state of a conflict to a version, an absent or deleted stream to 0', () => {
    expect(currentStateToVersion(NO_STREAM)).toBe(0);
    expect(currentStateToVersion(5n)).toBe(6);
    expect(currentStateToVersion(-5n)).toBe(0);
  });

  it('maps the 1-based fromVersion to the 0-based revision', () => {
    expect(fromVersionToRevision(1)).toBe(0n);
    expect(fromVersionToRevision(3)).toBe(2n);
    expect(() => fromVersionToRevision(0)).toThrow(RangeError);
  });
});

describe('EventStoreDB checkpoints', () => {
  it('round-trips a position', () => {
    fc.assert(
      fc.property(position, (p) => {
        expect(decodeCheckpoint(encodeCheckpoint(p))).toEqual(p);
      }),
    );
  });

  it('orders checkpoints like positions (commit, then prepare), and as strings too', () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        const expected = a.commit !== b.commit ? (a.commit < b.commit ? -1 : 1) : a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1;
        const ca = encodeCheckpoint(a);
        const cb = encodeCheckpoint(b);
        expect(compareCheckpoints(ca, cb)).toBe(expected);
        expect(ca < cb ? -1 : ca > cb ? 1 : 0).toBe(expected);
      }),
    );
  });

  it('rejects a checkpoint from another store', () => {
    expect(() => decodeCheckpoint('00000000000000000042-00000000000000000001')).toThrow('Not an EventStoreDB checkpoint');
    expect(() => decodeCheckpoint('12/34')).toThrow('Not an EventStoreDB checkpoint');
  });
});

describe('EventStoreDB records', () => {
  it('turns a resolved event into the envelope with a 1-based version and clean metadata', () => {
    expect(toRecordedEvent(resolved({ revision: 4n }))).toEqual({
      eventId: '0b9f3c1e-7d1a-4a53-9a43-4d8f3c0c2a11',
      type: 'ProjectCreated',
      data: { name: 'Sommerfest' },
      metadata,
      streamId: 'project-1',
      streamVersion: 5,
      checkpoint: encodeCheckpoint({ commit: 1200n, prepare: 1100n }),
      recordedAt: new Date('2025-04-01T10:00:00Z'),
    });
  });

  it('stores the correlation and causation ids where EventStoreDB tooling looks for them', () => {
    expect(toStoredMetadata(metadata)).toMatchObject({ $correlationId: 'corr-1', $causationId: 'cause-1' });
    expect(toStoredMetadata({ ...metadata, causationId: null })).not.toHaveProperty('$causationId');
    expect(fromStoredMetadata(toStoredMetadata(metadata))).toEqual(metadata);
  });

  it('skips system streams and system event types', () => {
    expect(toRecordedEvent(resolved({ streamId: '$stats-127.0.0.1:2113' }))).toBeUndefined();
    expect(toRecordedEvent(resolved({ type: '$metadata' }))).toBeUndefined();
    expect(toRecordedEvent({})).toBeUndefined();
  });

  it('refuses a non-JSON event instead of passing bytes on as data', () => {
    expect(() => toRecordedEvent(resolved({ isJson: false }))).toThrow('is not JSON');
  });
});
